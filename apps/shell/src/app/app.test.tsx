import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { MSG } from '@psicocampus/shared';
import {
  installFetch,
  psychologist,
  remoteRegistry,
  renderShell,
  serveStandIns,
} from '../testing/shell-harness';

/** Which remotes are "down": their load fails the way the runtime reports it. */
const down = new Set<string>();
let initialRegistration: unknown[] | undefined;

beforeAll(async () => {
  installFetch();
  serveStandIns(down);
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await remoteRegistry.init();
  initialRegistration = jest.mocked(registerRemotes).mock.calls[0];
});
beforeEach(() => serveStandIns(down));

describe('the shell', () => {
  it('registers the remotes it reads from remotes.json, with absolute addresses', () => {
    expect(initialRegistration).toEqual([
      [
        { name: 'auth', entry: 'http://localhost/remotes/auth/mf-manifest.json' },
        { name: 'patients', entry: 'http://localhost/remotes/patients/mf-manifest.json' },
        { name: 'assessment', entry: 'http://localhost:9999/mf-manifest.json' },
        { name: 'admin', entry: 'http://localhost/remotes/admin/mf-manifest.json' },
      ],
    ]);
  });

  it('sends a visitor without a session from a dashboard to the login remote', async () => {
    await renderShell('/psychologist/dashboard/patients', null);
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('keeps the dashboard working when one remote is down, and "Reintentar" brings it back', async () => {
    down.add('assessment');
    await renderShell('/psychologist/dashboard/Evaluaciones', { token: 't', user: psychologist });

    expect(await screen.findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    // The rest of the shell still works: header, sign-out and the other remote's menu entry.
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    expect(await within(nav).findByRole('link', { name: 'Mis Pacientes' })).toBeInTheDocument();
    // The menu keeps the entry of the remote that is down: it opens the fallback.
    expect(within(nav).getByRole('link', { name: 'Evaluaciones' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.shell.logout })).toBeInTheDocument();

    down.delete('assessment');
    await userEvent.click(screen.getByRole('button', { name: MSG.common.retry }));
    expect(
      await screen.findByRole('heading', { name: 'Reportes de evaluaciones' }),
    ).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'assessment', entry: 'http://localhost:9999/mf-manifest.json' }],
      { force: true },
    );
    expect(await within(nav).findByRole('link', { name: 'Evaluaciones' })).toBeInTheDocument();
  });

  it('lets the user reach the working remote while another is down', async () => {
    down.add('assessment');
    await act(() => remoteRegistry.retry('assessment'));
    await renderShell('/psychologist/dashboard/Evaluaciones', { token: 't', user: psychologist });
    expect(await screen.findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Mis Pacientes' }));
    expect(await screen.findByRole('heading', { name: 'Lista de pacientes' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.shell.moduleUnavailable)).not.toBeInTheDocument();
    down.delete('assessment');
  });
});
