import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import {
  admin,
  installFetch,
  psychologist,
  remoteRegistry,
  renderShell,
  serveStandIns,
} from '../../testing/shell-harness';

/** Which remotes are "down": their load fails the way the runtime reports it. */
const down = new Set<string>();

beforeAll(async () => {
  installFetch();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  serveStandIns(down);
  await remoteRegistry.init();
});
beforeEach(() => serveStandIns(down));
afterEach(async () => {
  const wasDown = [...down];
  down.clear();
  // Forget the failed loads, so the next test starts with every remote up.
  await act(() => Promise.all(wasDown.map((name) => remoteRegistry.retry(name))));
});

const menu = () => screen.getByRole('navigation', { name: MSG.shell.mainNav });
const menuLabels = () =>
  within(menu())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the dashboard menu', () => {
  it('keeps every entry of a remote that is down, declared in its descriptor, and an entry leads to the fallback', async () => {
    down.add('patients');
    await renderShell('/psychologist/dashboard/Evaluaciones', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Reportes de evaluaciones' });

    expect(menuLabels()).toEqual([
      'Inicio',
      'Mis Pacientes',
      'Agenda',
      'Evaluaciones',
      'Historial',
      'Estadísticas',
      'Perfil',
      'Configuración',
    ]);

    await userEvent.click(within(menu()).getByRole('link', { name: 'Mis Pacientes' }));
    expect(window.location.pathname).toBe('/psychologist/dashboard/patients');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.layoutA11y.moduleUnavailableTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.common.retry })).toBeInTheDocument();

    // "Inicio" too: the way back is never only the address bar.
    await userEvent.click(within(menu()).getByRole('link', { name: 'Inicio' }));
    expect(window.location.pathname).toBe('/psychologist/dashboard');
    expect(screen.getByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();

    down.delete('patients');
    await userEvent.click(screen.getByRole('button', { name: MSG.common.retry }));
    expect(
      await screen.findByRole('heading', { name: 'Inicio del psicólogo' }),
    ).toBeInTheDocument();
  });

  it("lists the administrator's entries while the admin remote is down", async () => {
    down.add('admin');
    await renderShell('/dashboard/home', { token: 't', user: admin });
    expect(await screen.findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      'Inicio',
      'Estadísticas',
      'Usuarios',
      'Archivados',
      'Auditoría',
      'Correos',
      'Perfil',
      'Configuración',
    ]);
  });

  it('folds under a "Menú" button that says whether it is open, and closes on a link or Escape', async () => {
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    const button = screen.getByRole('button', { name: MSG.layoutA11y.menu });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', menu().id);
    expect(menu()).toHaveAttribute('data-open', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveAttribute('data-open', 'true');

    await userEvent.click(within(menu()).getByRole('link', { name: 'Inicio' }));
    expect(
      await screen.findByRole('heading', { name: 'Inicio del psicólogo' }),
    ).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    // "Cerrar sesión" is in the header, outside the folding menu.
    expect(within(menu()).queryByRole('button', { name: MSG.shell.logout })).toBeNull();
    expect(screen.getByRole('button', { name: MSG.shell.logout })).toBeInTheDocument();
  });
});
