import { MSG, sameEmail, type OwnProfile } from '@psicocampus/shared';
import {
  AskBeforeLeaving,
  Form,
  Formik,
  PasswordField,
  TextField,
} from '@psicocampus/shared/forms';
import { Button, Notice } from '@psicocampus/shared/ui';
import { useProfileForm, type ProfileValues } from './use-profile-form';
import styles from './profile.module.css';

const L = MSG.students.labels;

/**
 * First name, last name, e-mail and phone of the signed-in user. Changing
 * the e-mail asks for the current password, and a change waiting for
 * confirmation is shown above the form.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { initialValues, schema, save } = useProfileForm(profile);
  return (
    <Formik<ProfileValues> initialValues={initialValues} validationSchema={schema} onSubmit={save}>
      {({ isSubmitting, values }) => (
        <Form noValidate className={styles.form}>
          <AskBeforeLeaving />
          {profile.pendingEmail && (
            <Notice tone="info" live={false}>
              <strong>{MSG.emailChange.pendingLabel}.</strong>{' '}
              {MSG.emailChange.pendingHint(profile.pendingEmail)}
            </Notice>
          )}
          <div className={styles.grid}>
            <TextField
              name="firstName"
              label={L.firstName}
              autoComplete="given-name"
              required
              validateLive
            />
            <TextField
              name="lastName"
              label={L.lastName}
              autoComplete="family-name"
              required
              validateLive
            />
            <TextField
              name="email"
              type="email"
              label={L.email}
              autoComplete="email"
              inputMode="email"
              required
              validateLive
            />
            <TextField
              name="phone"
              type="tel"
              label={MSG.profile.phoneOptional}
              autoComplete="tel"
              inputMode="tel"
              validateLive
            />
            {!sameEmail(values.email, profile.email) && (
              <PasswordField
                name="currentPassword"
                label={MSG.auth.currentPassword}
                autoComplete="current-password"
                hint={MSG.emailChange.currentPasswordHint}
                required
              />
            )}
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? MSG.students.saving : MSG.profile.save}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
