import { useCallback } from 'react';
import { sessionEnded, useAppDispatch, useLogoutMutation } from '@psicocampus/shared';

/**
 * "Cerrar sesión": ends the session on the server, then in this browser
 * (even when the server cannot be reached: the user asked to leave).
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    dispatch(sessionEnded({ reason: 'logout' }));
  }, [dispatch, logout]);
}
