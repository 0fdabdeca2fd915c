import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useMemo } from 'react';
import {
  errorMessage,
  errorStatus,
  selectSessionUser,
  sessionUserUpdated,
  useAppDispatch,
  useAppSelector,
  useCreateUserMutation,
  useUpdateUserMutation,
  type StaffUser,
} from '@psicocampus/shared';
import type { FormikHelpers } from '@psicocampus/shared/forms';
import type { MailOutcome } from '@psicocampus/shared/mail';
import { showError } from '@psicocampus/shared/ui';
import { showMailOutcome } from '../../lib/show-mail-outcome';
import { toUserBody, toUserFormValues, USER_FIELDS, type UserFormValues } from './user-form-values';
import { applyFieldErrors } from '@psicocampus/shared/forms';

/**
 * Creates a staff account (the server mails the invitation to set a
 * password) or updates `user`. On success the modal closes and the
 * server's message shows; on failure the modal keeps what was typed, with
 * the field problems on their fields (a taken e-mail on the e-mail).
 */
export function useUserForm(user: StaffUser | null, onSaved: () => void) {
  const [create] = useCreateUserMutation();
  const [update] = useUpdateUserMutation();
  const me = useAppSelector(selectSessionUser);
  const dispatch = useAppDispatch();
  const initialValues = useMemo(() => toUserFormValues(user), [user]);

  const save = useCallback(
    async (values: UserFormValues, helpers: FormikHelpers<UserFormValues>) => {
      const body = toUserBody(values);
      let message: string;
      let mail: MailOutcome | undefined;
      try {
        const answer = user
          ? await update({ id: user._id, body }).unwrap()
          : await create(body).unwrap();
        message = answer.msg || (user ? ADMIN_MSG.userUpdated : ADMIN_MSG.userCreated);
        mail = answer.mail;
        // Editing one's own account: the header shows the new name at once.
        if (me && answer.user?._id === me.id) {
          const { firstName, lastName, email, role } = answer.user;
          dispatch(sessionUserUpdated({ id: me.id, firstName, lastName, email, role }));
        }
      } catch (error) {
        applyFieldErrors(error, helpers, USER_FIELDS);
        const text = errorMessage(error, ADMIN_MSG.userSaveError);
        if (errorStatus(error) === 409) {
          void helpers.setFieldTouched('email', true, false);
          helpers.setFieldError('email', text);
        }
        await showError(text);
        return;
      }
      onSaved();
      await showMailOutcome(message, mail);
    },
    [create, dispatch, me, onSaved, update, user],
  );

  return { initialValues, save, mode: user ? ('edit' as const) : ('create' as const) };
}
