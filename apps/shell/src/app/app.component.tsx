import { Provider } from 'react-redux';
import type { AppStore } from '@psicocampus/shared/core';
import { GuardedBrowserRouter } from '@psicocampus/shared/ui';
import { SessionWatch } from '../features/session/session-watch.component';
import { AppRoutes } from './app-routes.component';

/**
 * The one store and the one router of the page (docs/architecture.md#shared-singletons);
 * the router asks before a form's unsaved text is left behind
 * (docs/screens-and-routes.md#leaving-a-form).
 */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <SessionWatch />
      <GuardedBrowserRouter>
        <AppRoutes />
      </GuardedBrowserRouter>
    </Provider>
  );
}
