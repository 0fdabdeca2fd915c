import { act, render } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createAppStore, type RemoteModule, type SessionUser } from '@psicocampus/shared';
import { App } from '../app/app.component';
import { remoteRegistry } from '../features/remotes/remote-registry';

/*
 * Renders the whole shell in jsdom with stand-in remotes and a stand-in API.
 * The Module Federation runtime is replaced by mf-runtime.mock.ts (see
 * jest.config.cjs).
 */

export const psychologist: SessionUser = {
  id: 'p1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};

export const admin: SessionUser = { ...psychologist, id: 'a1', role: 'ADMIN', firstName: 'Ana' };

export const standInRemotes: Record<string, RemoteModule> = {
  auth: { roles: [], nav: [], routes: [{ path: 'login', element: <h1>Pantalla de acceso</h1> }] },
  patients: {
    roles: ['PSYCHOLOGIST'],
    nav: [{ label: 'Mis Pacientes', path: 'patients', icon: 'patients', order: 20 }],
    routes: [
      { index: true, element: <h1>Inicio del psicólogo</h1> },
      { path: 'patients', element: <h1>Lista de pacientes</h1> },
    ],
  },
  assessment: {
    roles: ['PSYCHOLOGIST'],
    nav: [{ label: 'Evaluaciones', path: 'Evaluaciones', icon: 'reports', order: 30 }],
    routes: [{ path: 'Evaluaciones', element: <h1>Reportes de evaluaciones</h1> }],
  },
  admin: {
    roles: ['ADMIN'],
    nav: [{ label: 'Inicio', path: 'home', icon: 'home' }],
    routes: [{ path: 'home', element: <h1>Inicio de administración</h1> }],
  },
};

export type ApiHandler = (request: Request) => Response | Promise<Response>;

/** The remotes.json the tests serve unless one gives its own. */
export const testRemotesJson: Record<string, string> = {
  auth: '/remotes/auth/mf-manifest.json',
  patients: '/remotes/patients/mf-manifest.json',
  assessment: 'http://localhost:9999/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

/**
 * Answers remotes.json with `remotesJson`, and API calls with `api` (200
 * `{ ok: true }` for anything it does not handle). Returns the requests
 * made, for assertions.
 */
export function installFetch(
  api: ApiHandler = () => Response.json({ ok: true }),
  remotesJson: Record<string, string> = testRemotesJson,
) {
  const requests: Request[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const { pathname } = new URL(request.url);
    if (pathname === '/remotes.json') return Response.json(remotesJson);
    return api(request);
  }) as typeof fetch;
  return requests;
}

/**
 * Makes loadRemote answer with stand-in modules (`modules`, by remote name),
 * failing those named in `down`.
 */
export function serveStandIns(
  down: ReadonlySet<string> = new Set(),
  modules: Record<string, RemoteModule> = standInRemotes,
) {
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    const name = id.split('/')[0]!;
    if (down.has(name)) throw new Error(`ScriptNetworkError: ${name}`);
    return { default: modules[name] };
  });
}

/** Renders the whole shell at `path`; awaited because remotes load asynchronously. */
export async function renderShell(
  path: string,
  session: { token: string; user: SessionUser } | null,
  storage: Storage | null = null,
) {
  window.history.pushState({}, '', path);
  const store = createAppStore({ session, storage });
  await act(async () => {
    render(<App store={store} />);
  });
  return store;
}

export { remoteRegistry };
