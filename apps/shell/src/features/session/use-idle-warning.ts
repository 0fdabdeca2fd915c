import { useEffect } from 'react';
import {
  selectLastActivityAt,
  selectSessionToken,
  useAppDispatch,
  useAppSelector,
} from '@psicocampus/shared/core';
import { askToStayConnected } from '@psicocampus/shared/ui';

/** docs/sign-in-and-sessions.md#sessions: the server ends a session after 30 idle minutes; warn at 25. */
export const IDLE_WARNING_MS = 25 * 60_000;
export const IDLE_LIMIT_MS = 30 * 60_000;

/**
 * Offers 'Seguir conectado' after 25 minutes without calls. At 30 minutes it
 * asks the server, which alone knows (another tab may have kept the session
 * alive): a 401 ends the session here and the guard shows /login.
 */
export function useIdleWarning(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSessionToken);
  const lastActivityAt = useAppSelector(selectLastActivityAt);

  useEffect(() => {
    if (!token || lastActivityAt === null) return;
    // Signed in, the API slice is loaded already: this import only finds it.
    const askServer = async () => {
      const { authApi } = await import('@psicocampus/shared');
      dispatch(
        authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true }),
      ).unsubscribe();
    };
    let dialog: ReturnType<typeof askToStayConnected> | null = null;
    const elapsed = Date.now() - lastActivityAt;

    const warn = setTimeout(
      () => {
        dialog = askToStayConnected();
        void dialog.answer.then((stay) => {
          if (stay) void askServer();
        });
      },
      Math.max(0, IDLE_WARNING_MS - elapsed),
    );
    const check = setTimeout(
      () => {
        dialog?.close();
        void askServer();
      },
      Math.max(0, IDLE_LIMIT_MS - elapsed) + 1000,
    );
    return () => {
      clearTimeout(warn);
      clearTimeout(check);
      dialog?.close();
    };
  }, [dispatch, lastActivityAt, token]);
}
