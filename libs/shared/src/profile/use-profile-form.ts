import { useCallback, useMemo } from 'react';
import {
  errorMessage,
  errorStatus,
  MSG,
  profileSchema,
  sessionUserUpdated,
  useAppDispatch,
  useUpdateMyProfileMutation,
  type Psychologist,
} from '@psicocampus/shared';
import { showError, showSuccess } from '@psicocampus/shared/ui';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/**
 * The signed-in user edits their own data. On success the
 * session's user changes too, so the header shows the new name; an e-mail
 * another account has (409) is shown on the e-mail field.
 */
export function useProfileForm(profile: Psychologist) {
  const [update] = useUpdateMyProfileMutation();
  const dispatch = useAppDispatch();

  const initialValues = useMemo<ProfileValues>(
    () => ({
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone ?? '',
    }),
    [profile],
  );

  const save = useCallback(
    async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
      const body = profileSchema.cast(values, { stripUnknown: true });
      try {
        const answer = await update({ ...body, phone: body.phone ?? '' }).unwrap();
        if (answer.user) dispatch(sessionUserUpdated(answer.user));
        helpers.resetForm({ values });
      } catch (error) {
        const placed = applyFieldErrors(error, helpers, FIELDS);
        if (errorStatus(error) === 409 && !placed) {
          void helpers.setFieldTouched('email', true, false);
          helpers.setFieldError('email', errorMessage(error, MSG.profile.emailTaken));
          return;
        }
        await showError(errorMessage(error, MSG.profile.saveError));
        return;
      }
      await showSuccess(MSG.profile.saved);
    },
    [dispatch, update],
  );

  return { initialValues, save };
}
