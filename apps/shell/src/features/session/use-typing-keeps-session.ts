import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '@psicocampus/shared/core';

/**
 * After this long without calls, typing tells the server someone is at work
 * (docs/sign-in-and-sessions.md#sessions: the server ends a session after 30
 * minutes without calls, the shell warns at 25).
 */
export const KEEP_ALIVE_AFTER_MS = 10 * 60_000;

/**
 * Typing anywhere counts as activity (issue 16): a key pressed or a value
 * entered in any form (a note, an answer of the assessment, a field) asks the
 * server, at most once per interval, so that it keeps the session; its answer
 * moves the idle warning on. A page left untouched keeps nothing alive.
 */
export function useTypingKeepsSession(): void {
  const store = useStore() as AppStore;
  useEffect(() => {
    let lastPing = 0;
    const onActivity = () => {
      const { session } = store.getState();
      if (!session.token || session.lastActivityAt === null) return;
      const now = Date.now();
      if (now - Math.max(session.lastActivityAt, lastPing) < KEEP_ALIVE_AFTER_MS) return;
      lastPing = now;
      // Signed in, the API slice is loaded already: this import only finds it.
      void import('@psicocampus/shared').then(({ authApi }) => {
        store
          .dispatch(authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true }))
          .unsubscribe();
      });
    };
    const options = { capture: true, passive: true } as const;
    document.addEventListener('keydown', onActivity, options);
    document.addEventListener('input', onActivity, options);
    return () => {
      document.removeEventListener('keydown', onActivity, options);
      document.removeEventListener('input', onActivity, options);
    };
  }, [store]);
}
