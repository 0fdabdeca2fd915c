import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  fullName,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useSendResetLinkMutation,
  type StaffUser,
} from '@psicocampus/shared';
import { showSuccess } from '@psicocampus/shared/ui';
import { useConfirmedUserAction } from './use-confirmed-user-action';

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
  const { busyId, run } = useConfirmedUserAction();
  const [mfaResetFor, setMfaResetFor] = useState<StaffUser | null>(null);
  const closeMfaReset = useCallback(() => setMfaResetFor(null), []);
  const mfaResetDone = useCallback(async (message: string) => {
    setMfaResetFor(null);
    await showSuccess(message);
  }, []);

  return {
    busyId,
    deactivate: useCallback(
      (user: StaffUser) =>
        run(user, {
          question: {
            title: M.deactivateTitle,
            text: M.deactivateText(fullName(user)),
            confirm: M.deactivateConfirm,
          },
          call: () => deactivate(user._id).unwrap(),
          done: M.deactivated,
          failed: M.statusError,
        }),
      [deactivate, run],
    ),
    reactivate: useCallback(
      (user: StaffUser) =>
        run(user, {
          question: {
            title: M.deactivateTitle,
            text: M.reactivateText(fullName(user)),
            confirm: M.reactivateConfirm,
          },
          call: () => reactivate(user._id).unwrap(),
          done: M.reactivated,
          failed: M.statusError,
        }),
      [reactivate, run],
    ),
    sendResetLink: useCallback(
      (user: StaffUser) =>
        run(user, {
          question: {
            title: M.sendResetLink,
            text: M.resetLinkText(user.email),
            confirm: M.resetLinkConfirm,
          },
          call: () => sendResetLink(user._id).unwrap(),
          done: M.resetLinkSent,
          failed: M.resetLinkError,
        }),
      [run, sendResetLink],
    ),
    // Someone lost their phone: their sessions end and they are told by mail.
    resetMfa: setMfaResetFor,
    mfaReset: { user: mfaResetFor, onClose: closeMfaReset, onDone: mfaResetDone },
  };
}
