import { useCallback, useState } from 'react';
import { errorMessage, useAppDispatch } from '@psicocampus/shared/core';
import { forgotPasswordSchema, MSG } from '@psicocampus/shared/domain';
import { callApiOnce } from '../../lib/call-api-once';

export type ForgotState =
  { kind: 'idle' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * Asks for a recovery link and keeps what to tell the user (docs/screens-and-routes.md#states-and-transitions and docs/rules-and-messages.md#messages).
 * `onSent` runs in the same update that shows the server's message, so
 * whatever it starts (the modal's closing countdown) starts as it appears.
 */
export function useForgotPassword(onSent?: () => void) {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [state, setState] = useState<ForgotState>({ kind: 'idle' });

  const send = useCallback(
    async (email: string) => {
      setLoading(true);
      try {
        const answer = await callApiOnce(({ authApi }) =>
          dispatch(authApi.endpoints.forgotPassword.initiate({ email: email.trim() })),
        );
        setLoading(false);
        setState({ kind: 'sent', message: answer.msg || MSG.auth.forgotSent });
        onSent?.();
        return true;
      } catch (error) {
        setLoading(false);
        setState({ kind: 'failed', message: errorMessage(error, MSG.auth.forgotErrorFallback) });
        return false;
      }
    },
    [dispatch, onSent],
  );

  return { send, isLoading, state, schema: forgotPasswordSchema };
}
