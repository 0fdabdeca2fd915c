import { MSG } from '@psicocampus/shared/domain';
import { Form, Formik, TextField } from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import { useForgotPassword } from './use-forgot-password';
import styles from './forgot-password.module.css';

interface Props {
  initialEmail?: string;
  /** Called after the server accepted the request. */
  onSent?: () => void;
}

/** One e-mail field and the send button; used by the recovery modal and the reset view. */
export function ForgotPasswordForm({ initialEmail = '', onSent }: Props) {
  const { send, isLoading, state, schema } = useForgotPassword(onSent);
  return (
    <Formik
      initialValues={{ email: initialEmail }}
      validationSchema={schema}
      // Checked on submit only, as the login form: a check on blur would
      // remove the empty-field error as the pointer presses "Enviar enlace",
      // move the button from under it, and lose that first click.
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async ({ email }) => {
        await send(email);
      }}
    >
      <Form noValidate>
        <TextField
          name="email"
          type="email"
          label={MSG.auth.email}
          autoComplete="email"
          inputMode="email"
          required
        />
        {state.kind === 'sent' && (
          <p className={styles.sent} role="status">
            {state.message}
          </p>
        )}
        {state.kind === 'failed' && (
          <p className={styles.failed} role="alert">
            {state.message}
          </p>
        )}
        <Button type="submit" disabled={isLoading || state.kind === 'sent'} aria-busy={isLoading}>
          {isLoading ? MSG.auth.forgotSubmitting : MSG.auth.forgotSubmit}
        </Button>
      </Form>
    </Formik>
  );
}
