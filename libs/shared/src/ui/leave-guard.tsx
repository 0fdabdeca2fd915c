import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
} from 'react-router-dom';
import { useAppStore } from '@psicocampus/shared/core';
import { confirmDiscard } from './confirm-discard';
import { closeDialog } from './dialogs';
import { guardHistory, type LeaveRegistry, type RouterHistory } from './guarded-history';

/*
 * Leaving a screen with text typed and not saved (docs/screens-and-routes.md#leaving-a-form):
 * every in-app navigation that would take a form off the page (a menu link,
 * a back link, the browser's back button) asks '¿Descartar los cambios?'
 * first, as the modals do when they close. The router's history is guarded
 * (guarded-history.ts); each form tells it, through `useLeaveGuard`, whether
 * it holds something unsaved.
 */

const LeaveGuardContext = createContext<LeaveRegistry | null>(null);

/** A router on `history`, guarded; inside the store's Provider (a session that ends is never stopped). */
function GuardedRouter({ inner, children }: { inner: () => RouterHistory; children: ReactNode }) {
  const store = useAppStore();
  const [{ history, registry }] = useState(() =>
    guardHistory(inner(), {
      // A session that ended goes to /login at once: its drafts wait for the
      // next sign-in (docs/sign-in-and-sessions.md#drafts); nothing to ask.
      mayAsk: () => store.getState().session.token !== null,
      ask: () => confirmDiscard(),
      dismiss: closeDialog,
    }),
  );
  return (
    <LeaveGuardContext.Provider value={registry}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </LeaveGuardContext.Provider>
  );
}

/** The page's router (the shell's, a remote's harness), as `BrowserRouter`, guarded. */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  return (
    <GuardedRouter inner={() => createBrowserHistory({ v5Compat: true })}>{children}</GuardedRouter>
  );
}

/** A router in memory (the component tests'), as `MemoryRouter`, guarded. */
export function GuardedMemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: Array<string | Partial<Location>>;
  children: ReactNode;
}) {
  return (
    <GuardedRouter inner={() => createMemoryHistory({ initialEntries, v5Compat: true })}>
      {children}
    </GuardedRouter>
  );
}

export interface LeaveGuardOptions {
  /**
   * The text survives a reload of the page (a draft kept in the tab,
   * docs/sign-in-and-sessions.md#drafts): the browser's own warning before
   * unloading is then not shown.
   */
  keptAcrossReload?: boolean;
}

/**
 * A form's guard: while `unsaved` (a value, or a function read when someone
 * leaves), leaving the screen in the app asks '¿Descartar los cambios?', and
 * closing or reloading the page asks the browser's own question unless the
 * text is kept across a reload. Safe under any router: under a plain one
 * (the assessment embed's `MemoryRouter`) it only does the latter.
 */
export function useLeaveGuard(
  unsaved: boolean | (() => boolean),
  { keptAcrossReload = false }: LeaveGuardOptions = {},
): void {
  const registry = useContext(LeaveGuardContext);
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  const read = useCallback(() => {
    const value = latest.current;
    return typeof value === 'function' ? value() : value;
  }, []);
  useEffect(() => registry?.add(read), [read, registry]);

  // Listened to only while it may matter: a listener keeps some browsers
  // from holding the page in their back-forward cache.
  const mayWarn = !keptAcrossReload && (typeof unsaved === 'function' || unsaved);
  useEffect(() => {
    if (!mayWarn) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (read()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [mayWarn, read]);
}

/**
 * For a navigation the person already chose (after a save, or a deletion
 * they confirmed): `leave(() => navigate(...))` goes without asking about
 * the forms of the screen it leaves.
 */
export function useLeaveWithoutAsking(): (go: () => void) => void {
  const registry = useContext(LeaveGuardContext);
  return useCallback(
    (go: () => void) => (registry ? registry.leaveWithoutAsking(go) : go()),
    [registry],
  );
}
