import { useEffect } from 'react';
import {
  selectLastActivityAt,
  selectSessionToken,
  useAppDispatch,
  useAppSelector,
} from '@psicocampus/shared/core';
import { SESSION_TIMINGS } from '@psicocampus/shared/domain';
import { askToStayConnected } from '@psicocampus/shared/ui';

/**
 * Offers 'Seguir conectado' `SESSION_TIMINGS.warnAfterMs` after the last call
 * (docs/sign-in-and-sessions.md#sessions). When the server's idle limit has
 * passed it asks the server, which alone knows (another tab may have kept the
 * session alive): a 401 ends the session here and the guard shows /login.
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
      Math.max(0, SESSION_TIMINGS.warnAfterMs - elapsed),
    );
    const check = setTimeout(
      () => {
        dialog?.close();
        void askServer();
      },
      // A second past the limit, so the server has surely ended an idle session.
      Math.max(0, SESSION_TIMINGS.idleMs - elapsed) + 1000,
    );
    return () => {
      clearTimeout(warn);
      clearTimeout(check);
      dialog?.close();
    };
  }, [dispatch, lastActivityAt, token]);
}
