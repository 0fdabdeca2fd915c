import { useCallback } from 'react';
import { errorMessage, MSG, useChangePasswordMutation } from '@psicocampus/shared';
import { showError, showSuccess } from '@psicocampus/shared/ui';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export const EMPTY_PASSWORDS: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmation: '',
};

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Changes the signed-in user's password (docs/sign-in-and-sessions.md#passwords). The server's refusals
 * go on their fields (a wrong current password, a too common new one);
 * anything else shows in a dialog.
 */
export function useChangePassword() {
  const [change] = useChangePasswordMutation();

  const submit = useCallback(
    async (values: ChangePasswordValues, helpers: FormikHelpers<ChangePasswordValues>) => {
      let message: string;
      try {
        const answer = await change({
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
        }).unwrap();
        message = answer.msg || MSG.auth.passwordChanged;
      } catch (error) {
        if (!applyFieldErrors(error, helpers, FIELDS)) {
          await showError(errorMessage(error, MSG.profile.passwordError));
        }
        return;
      }
      helpers.resetForm();
      await showSuccess(MSG.profile.passwordSection, message);
    },
    [change],
  );

  return { submit };
}
