import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from '@psicocampus/shared/core';
import { SessionWatch } from '../features/session/session-watch.component';
import { AppRoutes } from './app-routes.component';

/** The one store and the one router of the page (docs/architecture.md#shared-singletons). */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <SessionWatch />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
