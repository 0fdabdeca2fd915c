import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { MSG, type RemoteModule } from '@psicocampus/shared';
import {
  installFetch,
  psychologist,
  remoteRegistry,
  renderShell,
  serveStandIns,
  standInRemotes,
  testRemotesJson,
} from '../testing/shell-harness';

/*
 * The claim of README "Adding a remote": a remote joins the page with its
 * descriptor in remote-descriptors.json and its line in remotes.json, and
 * nothing else in the shell changes. Here the descriptor file gains two
 * remotes (the real registry, guard and router read it as they would the
 * real file); the Module Federation runtime is the only stand-in.
 */
jest.mock('../../../../libs/shared/src/domain/remote-descriptors.json', () => {
  const actual = jest.requireActual('../../../../libs/shared/src/domain/remote-descriptors.json');
  return {
    ...actual,
    remotes: [
      ...actual.remotes,
      { name: 'library', mount: '/psychologist/dashboard', devPort: 4290, roles: ['PSYCHOLOGIST'] },
      // Mounted in the psychologist's dashboard but for admins only: its
      // routes must stay closed to a psychologist, not only its menu entry.
      { name: 'supervision', mount: '/psychologist/dashboard', devPort: 4291, roles: ['ADMIN'] },
    ],
  };
});

const newRemotes: Record<string, RemoteModule> = {
  ...standInRemotes,
  library: {
    // The module itself lets anyone in: the descriptor's roles are what count.
    roles: [],
    nav: [{ label: 'Biblioteca', path: 'biblioteca', icon: 'reports', order: 40 }],
    routes: [{ path: 'biblioteca', element: <h1>Biblioteca de recursos</h1> }],
  },
  supervision: {
    roles: [],
    nav: [{ label: 'Supervisión', path: 'supervision', icon: 'audit', order: 50 }],
    routes: [{ path: 'supervision', element: <h1>Supervisión clínica</h1> }],
  },
};

// The preset clears mocks before each test: what init() did is kept here.
let registered: unknown[];
let warned: unknown[][];

beforeAll(async () => {
  installFetch(undefined, {
    ...testRemotesJson,
    library: '/remotes/library/mf-manifest.json',
    supervision: '/remotes/supervision/mf-manifest.json',
    // A line for a remote nobody described.
    biblioteca2: '/remotes/biblioteca2/mf-manifest.json',
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  serveStandIns(new Set(), newRemotes);
  await remoteRegistry.init();
  registered = jest.mocked(registerRemotes).mock.calls[0]![0] as unknown[];
  warned = [...warn.mock.calls];
});
beforeEach(() => serveStandIns(new Set(), newRemotes));

describe('a remote added by its descriptor and its remotes.json line', () => {
  it('is registered with the runtime from remotes.json', () => {
    expect(registered).toContainEqual({
      name: 'library',
      entry: 'http://localhost/remotes/library/mf-manifest.json',
    });
  });

  it('is loaded, routed under its mount and listed in its dashboard menu', async () => {
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Biblioteca' }));

    expect(
      await screen.findByRole('heading', { name: 'Biblioteca de recursos' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/psychologist/dashboard/biblioteca');
    // The remotes that were there still are.
    expect(within(nav).getByRole('link', { name: 'Mis Pacientes' })).toBeInTheDocument();
  });

  it("keeps a remote's routes closed to a role its descriptor does not list", async () => {
    await renderShell('/psychologist/dashboard/supervision', { token: 't', user: psychologist });

    // A psychologist is sent to their own dashboard, as the guard does (docs/screens-and-routes.md#navigation-guard).
    expect(
      await screen.findByRole('heading', { name: 'Inicio del psicólogo' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/psychologist/dashboard');
    expect(screen.queryByRole('heading', { name: 'Supervisión clínica' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    expect(within(nav).queryByRole('link', { name: 'Supervisión' })).not.toBeInTheDocument();
  });

  it('reports a remotes.json name without a descriptor instead of dropping it silently', () => {
    expect(warned).toContainEqual([
      expect.stringMatching(/"biblioteca2".*does not know.*remote-descriptors\.json/s),
    ]);
    expect(registered).not.toContainEqual(expect.objectContaining({ name: 'biblioteca2' }));
  });
});
