import { MSG, profileSchema, type Psychologist } from '@psicocampus/shared';
import { Form, Formik, TextField } from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import { useProfileForm, type ProfileValues } from './use-profile-form';
import styles from './profile.module.css';

const L = MSG.students.labels;

/** First name, last name, e-mail and phone of the signed-in user. */
export function ProfileForm({ profile }: { profile: Psychologist }) {
  const { initialValues, save } = useProfileForm(profile);
  return (
    <Formik<ProfileValues>
      initialValues={initialValues}
      validationSchema={profileSchema}
      onSubmit={save}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.form}>
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
