import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../api/api-slice';
import {
  initialSessionState,
  sessionEnded,
  sessionSlice,
  type SessionState,
} from '../session/session-slice';
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
  type StoredSession,
} from '../session/session-storage';
import { createConfigSlice } from './config-slice';

export interface CreateAppStoreOptions {
  /** Where the API lives: '' for the page's own origin. */
  apiBaseUrl?: string;
  /**
   * Where the session persists between visits (the shell passes
   * localStorage). Without it the session lives only in memory, as in an
   * embedded assessment form.
   */
  storage?: Storage | null;
  /** A session to start with. */
  session?: StoredSession | null;
  /**
   * A bare token without a user record: an integrator's page embedding the
   * assessment form calls the API with it, and shows no user.
   */
  token?: string | null;
}

/** Builds the product's store: one per page, owned by the shell or by an embed. */
export function createAppStore(options: CreateAppStoreOptions = {}) {
  const storage = options.storage ?? null;
  const stored = options.session ?? (storage ? readStoredSession(storage) : null);
  const configSlice = createConfigSlice({
    apiBaseUrl: (options.apiBaseUrl ?? '').replace(/\/+$/, ''),
  });
  const session: SessionState = stored
    ? { token: stored.token, user: stored.user, endReason: null, lastActivityAt: Date.now() }
    : { ...initialSessionState, token: options.token ?? null };

  // Cached answers belong to the user who asked for them: drop them all as
  // soon as a session ends, so the next person at this browser sees nothing.
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: sessionEnded,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  const reducer = combineReducers({
    config: configSlice.reducer,
    [sessionSlice.reducerPath]: sessionSlice.reducer,
    [api.reducerPath]: api.reducer,
  });

  const store = configureStore({
    reducer,
    preloadedState: { config: { apiBaseUrl: configSlice.getInitialState().apiBaseUrl }, session },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });

  if (storage) {
    let previous = store.getState().session;
    store.subscribe(() => {
      const current = store.getState().session;
      if (current.token === previous.token && current.user === previous.user) return;
      previous = current;
      if (current.token && current.user) {
        writeStoredSession(storage, { token: current.token, user: current.user });
      } else {
        clearStoredSession(storage);
      }
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type SharedRootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<SharedRootState>();
