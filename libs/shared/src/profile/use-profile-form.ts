import { useCallback, useMemo } from 'react';
import {
  errorMessage,
  errorStatus,
  MSG,
  ownProfileSchema,
  sameEmail,
  sessionUserUpdated,
  useAppDispatch,
  useUpdateMyProfileMutation,
  type OwnProfile,
} from '@psicocampus/shared';
import { showError, showSuccess } from '@psicocampus/shared/ui';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Asked for only when the e-mail changes (docs/decisions.md#e-mail-changes-and-assignments). */
  currentPassword: string;
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

/**
 * The signed-in user edits their own data. On success the session's user
 * changes too, so the header shows the new name. A new e-mail needs the
 * current password and is not applied at once: the server mails a link to
 * the new address and the answer's message says so. An e-mail another
 * account has (409) is shown on the e-mail field.
 */
export function useProfileForm(profile: OwnProfile) {
  const [update] = useUpdateMyProfileMutation();
  const dispatch = useAppDispatch();

  const initialValues = useMemo<ProfileValues>(
    () => ({
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone ?? '',
      currentPassword: '',
    }),
    [profile],
  );
  const schema = useMemo(() => ownProfileSchema(profile.email), [profile.email]);

  const save = useCallback(
    async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
      const { currentPassword, ...data } = schema.cast(values, { stripUnknown: true });
      const emailChanges = !sameEmail(data.email, profile.email);
      let message: string;
      try {
        const answer = await update({
          ...data,
          phone: data.phone ?? '',
          ...(emailChanges ? { currentPassword } : {}),
        }).unwrap();
        if (answer.user) dispatch(sessionUserUpdated(answer.user));
        // A new e-mail: the server's words on where the confirmation went.
        message = emailChanges && answer.msg ? answer.msg : MSG.profile.saved;
        // The address stays the current one until it is confirmed from the new one.
        helpers.resetForm({
          values: { ...values, email: answer.user?.email ?? profile.email, currentPassword: '' },
        });
      } catch (error) {
        const placed = applyFieldErrors(error, helpers, FIELDS);
        if (errorStatus(error) === 409 && !placed) {
          void helpers.setFieldTouched('email', true, false);
          helpers.setFieldError('email', errorMessage(error, MSG.profile.emailTaken));
          return;
        }
        if (!placed) await showError(errorMessage(error, MSG.profile.saveError));
        return;
      }
      await showSuccess(message);
    },
    [dispatch, profile.email, schema, update],
  );

  return { initialValues, schema, save };
}
