import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
// eslint-disable-next-line no-restricted-imports -- the typed hooks are made here, from the plain ones
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { api } from '../api/api-slice';
import { initialSessionState, sessionSlice, type SessionState } from '../session/session-slice';
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

/** The API cache joins the store when the API slice is first loaded (see `extendStores`). */
type LazyState = { [api.reducerPath]: ReturnType<typeof api.reducer> };

/**
 * What a store offers the parts of the shared library that load after it:
 * the API slice, which `/login` does without (docs/limits-and-budgets.md#speed-and-size-budgets), adds its reducer,
 * its middleware and its listener here when it arrives.
 */
export interface StoreHost {
  store: AppStore;
  injectReducer(reducerPath: string, reducer: Reducer): void;
  addMiddleware(middleware: Middleware): void;
}

/** What an extension leaves running in a store; undone by {@link releaseAppStore}. */
export type StoreCleanup = () => void;

export type StoreExtension = (host: StoreHost) => StoreCleanup | void;

interface LiveStore {
  host: StoreHost;
  cleanups: StoreCleanup[];
}

const extensions = new Set<StoreExtension>();
/** Stores not yet released; a released one must not be reachable from here (an embed's page lives on). */
const live = new Map<AppStore, LiveStore>();

function applyExtension(extension: StoreExtension, entry: LiveStore): void {
  const cleanup = extension(entry.host);
  if (cleanup) entry.cleanups.push(cleanup);
}

/** Applies `extension` to every store made so far and to every store made after. */
export function extendStores(extension: StoreExtension): void {
  if (extensions.has(extension)) return;
  extensions.add(extension);
  for (const entry of live.values()) applyExtension(extension, entry);
}

/**
 * Stops everything a store keeps running and forgets it: what extensions
 * started (the API cache's requests, cache timers and polls), the listeners
 * and the storage subscription. An embedded form calls it on `unmount`, since
 * the integrator's page outlives the form; the shell's store lives as long as
 * its page and is never released. Releasing twice does nothing.
 */
export function releaseAppStore(store: AppStore): void {
  const entry = live.get(store);
  if (!entry) return;
  live.delete(store);
  for (const cleanup of entry.cleanups.reverse()) cleanup();
  entry.cleanups.length = 0;
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

  const listener = createListenerMiddleware();
  const dynamic = createDynamicMiddleware();
  const reducer = combineSlices({
    config: configSlice.reducer,
    [sessionSlice.reducerPath]: sessionSlice.reducer,
  }).withLazyLoadedSlices<LazyState>();

  const store = configureStore({
    reducer,
    preloadedState: { config: { apiBaseUrl: configSlice.getInitialState().apiBaseUrl }, session },
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(dynamic.middleware),
  });

  const cleanups: StoreCleanup[] = [() => listener.clearListeners()];
  if (storage) {
    let previous = store.getState().session;
    const unsubscribe = store.subscribe(() => {
      const current = store.getState().session;
      if (current.token === previous.token && current.user === previous.user) return;
      previous = current;
      if (current.token && current.user) {
        writeStoredSession(storage, { token: current.token, user: current.user });
      } else {
        clearStoredSession(storage);
      }
    });
    cleanups.push(unsubscribe);
  }

  const host: StoreHost = {
    store,
    injectReducer(reducerPath, sliceReducer) {
      reducer.inject({ reducerPath, reducer: sliceReducer });
      // An injected slice has its state from the next action on.
      store.dispatch({ type: `shared/injected/${reducerPath}` });
    },
    addMiddleware(middleware) {
      dynamic.addMiddleware(middleware);
    },
  };
  const entry: LiveStore = { host, cleanups };
  live.set(store, entry);
  for (const extension of extensions) applyExtension(extension, entry);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type SharedRootState = ReturnType<AppStore['getState']>;
/** The state as code holding the API slice sees it: the slice has joined by then. */
export type StateWithApi = SharedRootState & LazyState;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<SharedRootState>();
export const useAppStore = useStore.withTypes<AppStore>();
