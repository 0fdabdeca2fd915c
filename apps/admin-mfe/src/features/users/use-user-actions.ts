import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  fullName,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useSendResetLinkMutation,
  type StaffUser,
} from '@psicocampus/shared';
import type { MailOutcome } from '@psicocampus/shared/mail';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';
import { showMailOutcome } from '../../lib/show-mail-outcome';

const M = ADMIN_MSG;

/**
 * Deactivate, reactivate and 'Enviar enlace de contraseña' (docs/permissions.md#administrators):
 * each asks first, then says what the server answered, its refusals
 * included ('No puedes desactivar tu propia cuenta.'). 'Restablecer segundo
 * factor' opens its own modal instead (ResetSecondFactorModal, given
 * `mfaReset`): it needs the administrator's password and code, not a yes.
 */
export function useUserActions() {
  const [deactivate] = useDeactivateUserMutation();
  const [reactivate] = useReactivateUserMutation();
  const [sendResetLink] = useSendResetLinkMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [mfaResetFor, setMfaResetFor] = useState<StaffUser | null>(null);
  const closeMfaReset = useCallback(() => setMfaResetFor(null), []);
  const mfaResetDone = useCallback(async (message: string) => {
    setMfaResetFor(null);
    await showSuccess(message);
  }, []);

  const run = useCallback(
    async (
      user: StaffUser,
      question: { title: string; text: string; confirm: string },
      call: () => Promise<{ msg: string; mail?: MailOutcome }>,
      done: string,
      failed: string,
    ) => {
      if (!(await confirmAction(question.title, question.text, question.confirm))) return;
      setBusyId(user._id);
      let message: string;
      let mail: MailOutcome | undefined;
      try {
        const answer = await call();
        message = answer.msg || done;
        mail = answer.mail;
      } catch (error) {
        setBusyId(null);
        await showError(errorMessage(error, failed));
        return;
      }
      setBusyId(null);
      await showMailOutcome(message, mail);
    },
    [],
  );

  return {
    busyId,
    deactivate: useCallback(
      (user: StaffUser) =>
        run(
          user,
          {
            title: M.deactivateTitle,
            text: M.deactivateText(fullName(user)),
            confirm: M.deactivateConfirm,
          },
          () => deactivate(user._id).unwrap(),
          M.deactivated,
          M.statusError,
        ),
      [deactivate, run],
    ),
    reactivate: useCallback(
      (user: StaffUser) =>
        run(
          user,
          {
            title: M.deactivateTitle,
            text: M.reactivateText(fullName(user)),
            confirm: M.reactivateConfirm,
          },
          () => reactivate(user._id).unwrap(),
          M.reactivated,
          M.statusError,
        ),
      [reactivate, run],
    ),
    sendResetLink: useCallback(
      (user: StaffUser) =>
        run(
          user,
          {
            title: M.sendResetLink,
            text: M.resetLinkText(user.email),
            confirm: M.resetLinkConfirm,
          },
          () => sendResetLink(user._id).unwrap(),
          M.resetLinkSent,
          M.resetLinkError,
        ),
      [run, sendResetLink],
    ),
    // Someone lost their phone: their sessions end and they are told by mail.
    resetMfa: setMfaResetFor,
    mfaReset: { user: mfaResetFor, onClose: closeMfaReset, onDone: mfaResetDone },
  };
}
