import { useCallback, useState } from 'react';
import {
  errorMessage,
  forgotPasswordSchema,
  MSG,
  useForgotPasswordMutation,
} from '@psicocampus/shared';

export type ForgotState =
  { kind: 'idle' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * Asks for a recovery link and keeps what to tell the user (SEED §4, §8).
 * `onSent` runs in the same update that shows the server's message, so
 * whatever it starts (the modal's closing countdown) starts as it appears.
 */
export function useForgotPassword(onSent?: () => void) {
  const [request, { isLoading }] = useForgotPasswordMutation();
  const [state, setState] = useState<ForgotState>({ kind: 'idle' });

  const send = useCallback(
    async (email: string) => {
      try {
        const answer = await request({ email: email.trim() }).unwrap();
        setState({ kind: 'sent', message: answer.msg || MSG.auth.forgotSent });
        onSent?.();
        return true;
      } catch (error) {
        setState({ kind: 'failed', message: errorMessage(error, MSG.auth.forgotErrorFallback) });
        return false;
      }
    },
    [request, onSent],
  );

  return { send, isLoading, state, schema: forgotPasswordSchema };
}
