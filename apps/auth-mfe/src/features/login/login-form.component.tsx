import { MSG, type LoginForm as LoginValues } from '@psicocampus/shared/domain';
import type { MfaLoginStep } from '@psicocampus/shared/mfa';
import { CheckboxField, Form, Formik, PasswordField, TextField } from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import { useLogin } from './use-login';
import styles from '../../components/auth.module.css';

const INITIAL: LoginValues = { email: '', password: '', acceptTerms: false };

interface Props {
  onOpenTerms: () => void;
  onOpenForgot: () => void;
  /** The server asks for a second factor (docs/sign-in-and-sessions.md#second-factor). */
  onSecondFactor: (step: MfaLoginStep) => void;
}

/** E-mail, password, terms, and the submit button of docs/screens-and-routes.md#login-screen. */
export function LoginForm({ onOpenTerms, onOpenForgot, onSecondFactor }: Props) {
  const { submit, isLoading, shaking } = useLogin(onSecondFactor);
  return (
    <Formik<LoginValues>
      initialValues={INITIAL}
      onSubmit={submit}
      validateOnBlur={false}
      validateOnChange={false}
    >
      <Form className={shaking ? `${styles.form} ${styles.shake}` : styles.form} noValidate>
        <TextField
          name="email"
          type="email"
          label={MSG.auth.email}
          autoComplete="username"
          inputMode="email"
          capsLockWarning
        />
        <PasswordField name="password" label={MSG.auth.password} autoComplete="current-password" />
        <CheckboxField
          name="acceptTerms"
          label={
            <>
              {MSG.auth.acceptTermsPrefix}{' '}
              <button type="button" className={styles.inlineLink} onClick={onOpenTerms}>
                {MSG.auth.termsLink}
              </button>
            </>
          }
        />
        <Button type="submit" className={styles.submit} disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? MSG.auth.submitting : MSG.auth.submit}
        </Button>
        <p className={styles.forgot}>
          <button type="button" className={styles.inlineLink} onClick={onOpenForgot}>
            {MSG.auth.forgotLink}
          </button>
        </p>
      </Form>
    </Formik>
  );
}
