import { useEffect } from 'react';
import {
  readStoredSession,
  sessionEnded,
  sessionStarted,
  STORAGE_KEYS,
  useAppDispatch,
} from '@psicocampus/shared/core';

/**
 * Keeps every tab on the same session: signing out (or in as someone else)
 * in one tab does the same in the others, so no tab goes on showing records
 * of a session that ended.
 */
export function useSessionSync(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
      const stored = readStoredSession(window.localStorage);
      if (stored) dispatch(sessionStarted(stored));
      else dispatch(sessionEnded({ reason: 'logout' }));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
}
