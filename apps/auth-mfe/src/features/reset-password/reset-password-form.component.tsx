import { useNavigate } from 'react-router-dom';
import {
  errorMessage,
  errorStatus,
  fieldErrors,
  MSG,
  resetPasswordFormSchema,
  useResetPasswordMutation,
  type ResetPasswordForm as ResetValues,
} from '@psicocampus/shared';
import { Form, Formik, PasswordField, type FormikHelpers } from '@psicocampus/shared/forms';
import { Button, showError, showSuccess } from '@psicocampus/shared/ui';

interface Props {
  token: string;
  onLinkInvalid: () => void;
}

const INITIAL: ResetValues = { password: '', confirmation: '' };

/** New password and its confirmation; on success, back to /login (docs/sign-in-and-sessions.md#reset-password-view). */
export function ResetPasswordForm({ token, onLinkInvalid }: Props) {
  const [reset, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  async function submit(values: ResetValues, helpers: FormikHelpers<ResetValues>) {
    try {
      const answer = await reset({ token, password: values.password }).unwrap();
      await showSuccess(MSG.auth.resetDoneTitle, answer.msg || MSG.auth.resetDoneText);
      navigate('/login', { replace: true });
    } catch (error) {
      const problems = fieldErrors(error);
      const passwordProblem = problems.find((problem) => problem.field === 'password');
      if (passwordProblem) {
        helpers.setFieldError('password', passwordProblem.msg);
      } else if (errorStatus(error) === 400) {
        onLinkInvalid();
      } else {
        await showError(errorMessage(error, MSG.auth.forgotErrorFallback));
      }
    }
  }

  return (
    <Formik initialValues={INITIAL} validationSchema={resetPasswordFormSchema} onSubmit={submit}>
      <Form noValidate>
        <PasswordField
          name="password"
          label={MSG.auth.newPassword}
          autoComplete="new-password"
          hint={MSG.auth.passwordHint}
          required
        />
        <PasswordField
          name="confirmation"
          label={MSG.auth.confirmPassword}
          autoComplete="new-password"
          required
        />
        <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? MSG.auth.resetSubmitting : MSG.auth.resetSubmit}
        </Button>
      </Form>
    </Formik>
  );
}
