import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Route, Routes, useRoutes } from 'react-router-dom';
import { createAppStore, type RemoteModule } from '@psicocampus/shared/core';
import { GuardedBrowserRouter, LoadingMessage } from '@psicocampus/shared/ui';

interface HarnessOptions {
  /** Where the shell mounts the remote, e.g. '/psychologist/dashboard'. */
  base: string;
  /** The API the harness talks to (the development server's, by default). */
  apiBaseUrl?: string;
}

/**
 * Runs a remote on its own development server, mounted where the shell
 * would mount it, with a store of its own. Development only: a remote's
 * production build ships no page.
 */
export async function startRemoteHarness(remote: RemoteModule, options: HarnessOptions) {
  await remote.startup?.();
  const store = createAppStore({
    apiBaseUrl: options.apiBaseUrl ?? 'http://localhost:8080',
    storage: window.localStorage,
  });
  const base = options.base.replace(/\/+$/, '');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        {/* Guarded as the shell's (docs/screens-and-routes.md#leaving-a-form). */}
        <GuardedBrowserRouter>
          <nav aria-label="Harness">
            {remote.nav.map((entry) => (
              <a key={entry.path} href={`${base}/${entry.path}`} style={{ marginRight: '1rem' }}>
                {entry.label}
              </a>
            ))}
          </nav>
          <Suspense fallback={<LoadingMessage text="Cargando..." />}>
            <Routes>
              <Route path={`${base}/*`} element={<HarnessRoutes remote={remote} />} />
            </Routes>
          </Suspense>
        </GuardedBrowserRouter>
      </Provider>
    </StrictMode>,
  );
}

function HarnessRoutes({ remote }: { remote: RemoteModule }) {
  return useRoutes(remote.routes);
}
