import { changePasswordFormSchema, MSG } from '@psicocampus/shared';
import { AskBeforeLeaving, Form, Formik, PasswordField } from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import {
  EMPTY_PASSWORDS,
  useChangePassword,
  type ChangePasswordValues,
} from './use-change-password';
import styles from './profile.module.css';

/** Current password, the new one and its confirmation. */
export function ChangePasswordForm() {
  const { submit } = useChangePassword();
  return (
    <Formik<ChangePasswordValues>
      initialValues={EMPTY_PASSWORDS}
      validationSchema={changePasswordFormSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.form}>
          <AskBeforeLeaving />
          <PasswordField
            name="currentPassword"
            label={MSG.auth.currentPassword}
            autoComplete="current-password"
            required
          />
          <PasswordField
            name="newPassword"
            label={MSG.auth.newPassword}
            autoComplete="new-password"
            hint={MSG.profile.newPasswordHint}
            required
          />
          <PasswordField
            name="confirmation"
            label={MSG.auth.confirmPassword}
            autoComplete="new-password"
            required
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? MSG.profile.changingPassword : MSG.profile.changePassword}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
