import { useCallback, useRef } from 'react';
import { useStore } from 'react-redux';
import { authApi, useAppDispatch, type AppStore } from '@psicocampus/shared';

/**
 * The server ends a session after 30 minutes without calls (docs/sign-in-and-sessions.md#sessions; the
 * shell warns at 25), and answering this form makes no call until it is
 * saved: a long interview would end in /login with every answer lost. So
 * an answer given after this long without calls tells the server that
 * someone is at work. A form left untouched keeps nothing alive.
 */
export const KEEP_ALIVE_AFTER_MS = 10 * 60_000;

/** Returns what to call on each edit; it asks the server at most once per interval. */
export function useKeepSessionWhileAnswering(): () => void {
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  // An embed's session has made no call yet: count from the first answer then.
  const firstAnswer = useRef<number | null>(null);
  const lastPing = useRef(0);

  return useCallback(() => {
    const { session } = store.getState();
    if (!session.token) return;
    const now = Date.now();
    firstAnswer.current ??= now;
    const lastCall = Math.max(session.lastActivityAt ?? firstAnswer.current, lastPing.current);
    if (now - lastCall < KEEP_ALIVE_AFTER_MS) return;
    lastPing.current = now;
    dispatch(
      authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true }),
    ).unsubscribe();
  }, [dispatch, store]);
}
