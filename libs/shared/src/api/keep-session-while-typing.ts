import type { AppStore } from '@psicocampus/shared/core';
import { SESSION_TIMINGS } from '@psicocampus/shared/domain';
import { authApi } from './auth.api';

/**
 * Typing counts as activity: a key pressed or a value entered
 * under `target` (the whole page in the shell, the form's box in an
 * integrator's page) asks the server, at most once per
 * `SESSION_TIMINGS.typingKeepAliveMs` without calls, so that it
 * keeps the session; a page left untouched keeps nothing alive. A session
 * that has made no call yet (an embed's) counts from the first key. Returns
 * what stops listening.
 */
export function keepSessionWhileTyping(store: AppStore, target: EventTarget): () => void {
  let lastPing = 0;
  let firstKey: number | null = null;
  const onActivity = () => {
    const { session } = store.getState();
    if (!session.token) return;
    const now = Date.now();
    firstKey ??= now;
    const quietFor = now - Math.max(session.lastActivityAt ?? firstKey, lastPing);
    if (quietFor < SESSION_TIMINGS.typingKeepAliveMs) return;
    lastPing = now;
    store
      .dispatch(authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true }))
      .unsubscribe();
  };
  const options = { capture: true, passive: true } as const;
  target.addEventListener('keydown', onActivity, options);
  target.addEventListener('input', onActivity, options);
  return () => {
    target.removeEventListener('keydown', onActivity, options);
    target.removeEventListener('input', onActivity, options);
  };
}
