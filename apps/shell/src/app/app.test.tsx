import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createAppStore, MSG, type RemoteModule, type SessionUser } from '@psicocampus/shared';
import { remoteRegistry } from '../features/remotes/remote-registry';
import { App } from './app.component';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const loadRemoteMock = jest.mocked(loadRemote);

const psychologist: SessionUser = {
  id: 'p1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};

const authRemote: RemoteModule = {
  roles: [],
  nav: [],
  routes: [{ path: 'login', element: <h1>Pantalla de acceso</h1> }],
};
const patientsRemote: RemoteModule = {
  roles: ['PSYCHOLOGIST'],
  nav: [{ label: 'Mis Pacientes', path: 'patients', icon: 'patients', order: 20 }],
  routes: [{ path: 'patients', element: <h1>Lista de pacientes</h1> }],
};
const assessmentRemote: RemoteModule = {
  roles: ['PSYCHOLOGIST'],
  nav: [{ label: 'Evaluaciones', path: 'Evaluaciones', icon: 'reports', order: 30 }],
  routes: [{ path: 'Evaluaciones', element: <h1>Reportes de evaluaciones</h1> }],
};

/** Which remotes are "down": their load fails the way the runtime reports it. */
const down = new Set<string>();

beforeAll(async () => {
  global.fetch = jest.fn(async () =>
    Response.json({
      auth: '/remotes/auth/mf-manifest.json',
      patients: '/remotes/patients/mf-manifest.json',
      assessment: 'http://localhost:9999/mf-manifest.json',
    }),
  ) as typeof fetch;
  loadRemoteMock.mockImplementation(async (id: string) => {
    const name = id.split('/')[0]!;
    if (down.has(name)) throw new Error(`ScriptNetworkError: ${name}`);
    const modules: Record<string, RemoteModule> = {
      auth: authRemote,
      patients: patientsRemote,
      assessment: assessmentRemote,
    };
    return { default: modules[name] };
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await remoteRegistry.init();
  initialRegistration = jest.mocked(registerRemotes).mock.calls[0];
});

let initialRegistration: unknown[] | undefined;

/** Renders the whole shell at `path`; awaited because remotes load asynchronously. */
async function renderAt(path: string, session: { token: string; user: SessionUser } | null) {
  window.history.pushState({}, '', path);
  const store = createAppStore({ session });
  await act(async () => {
    render(<App store={store} />);
  });
}

describe('the shell', () => {
  it('registers the remotes it reads from remotes.json, with absolute addresses', () => {
    expect(initialRegistration).toEqual([
      [
        { name: 'auth', entry: 'http://localhost/remotes/auth/mf-manifest.json' },
        { name: 'patients', entry: 'http://localhost/remotes/patients/mf-manifest.json' },
        { name: 'assessment', entry: 'http://localhost:9999/mf-manifest.json' },
      ],
    ]);
  });

  it('sends a visitor without a session from a dashboard to the login remote', async () => {
    await renderAt('/psychologist/dashboard/patients', null);
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('keeps the dashboard working when one remote is down, and "Reintentar" brings it back', async () => {
    down.add('assessment');
    await renderAt('/psychologist/dashboard/Evaluaciones', { token: 't', user: psychologist });

    expect(await screen.findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    // The rest of the shell still works: header, sign-out and the other remote's menu entry.
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    expect(await within(nav).findByRole('link', { name: 'Mis Pacientes' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Evaluaciones' })).not.toBeInTheDocument();
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
    await renderAt('/psychologist/dashboard/Evaluaciones', { token: 't', user: psychologist });
    expect(await screen.findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Mis Pacientes' }));
    expect(await screen.findByRole('heading', { name: 'Lista de pacientes' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.shell.moduleUnavailable)).not.toBeInTheDocument();
  });
});
