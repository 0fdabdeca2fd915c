import { useCallback } from 'react';
import { sessionEnded, useAppDispatch } from '@psicocampus/shared';

/** Ends the session in this browser. */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    dispatch(sessionEnded({ reason: 'logout' }));
  }, [dispatch]);
}
