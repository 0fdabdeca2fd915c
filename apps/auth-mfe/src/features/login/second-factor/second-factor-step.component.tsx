import { useState } from 'react';
import { errorMessage, useAppDispatch } from '@psicocampus/shared/core';
import { MSG } from '@psicocampus/shared/domain';
import { Form, Formik, TextField } from '@psicocampus/shared/forms';
import {
  codeFormSchema,
  MFA_MSG,
  recoveryCodeFormSchema,
  withoutSpaces,
  type MfaLoginStep,
} from '@psicocampus/shared/mfa';
import { Enrolment } from '@psicocampus/shared/mfa-ui';
import { Button, Notice } from '@psicocampus/shared/ui';
import { callApiOnce } from '../../../lib/call-api-once';
import { useFinishSignIn } from '../use-login';
import styles from '../../../components/auth.module.css';

interface Props {
  step: MfaLoginStep;
  /** Back to the e-mail and password. */
  onCancel: () => void;
}

/**
 * The step after a correct password for an account with a second factor
 * (docs/sign-in-and-sessions.md#second-factor): a 6-digit code of the authenticator app, or a recovery code;
 * or, where the policy requires one and the account has none, its enrolment.
 * Loaded only then (login.page.tsx).
 */
export default function SecondFactorStep({ step, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const finish = useFinishSignIn();
  const { challenge } = step;
  const describe = (error: unknown) => errorMessage(error, MSG.auth.loginErrorFallback);

  if ('mfaEnrollmentRequired' in step) {
    return (
      <section className={styles.form} aria-labelledby="mfa-enrol-title">
        <h2 id="mfa-enrol-title">{MFA_MSG.enrollTitle}</h2>
        <Enrolment
          intro={MFA_MSG.enrollText}
          start={() =>
            callApiOnce(({ mfaApi }) =>
              dispatch(mfaApi.endpoints.enrollMfa.initiate({ challenge })),
            )
          }
          confirm={(code) =>
            callApiOnce(({ mfaApi }) =>
              dispatch(mfaApi.endpoints.confirmMfa.initiate({ challenge, code })),
            )
          }
          describeError={describe}
          onDone={(answer) => {
            if (answer.token && answer.user)
              void finish({ token: answer.token, user: answer.user });
          }}
        />
        <Button variant="link" onClick={onCancel}>
          {MFA_MSG.backToLogin}
        </Button>
      </section>
    );
  }
  return <CodeStep challenge={challenge} onCancel={onCancel} />;
}

function CodeStep({ challenge, onCancel }: { challenge: string; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const finish = useFinishSignIn();
  const [useRecovery, setUseRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <section aria-labelledby="mfa-step-title">
      <h2 id="mfa-step-title">{MFA_MSG.stepTitle}</h2>
      <p>{useRecovery ? MFA_MSG.recoveryCodeRequired : MFA_MSG.stepText}</p>
      <Formik
        initialValues={{ code: '', recoveryCode: '' }}
        validateOnBlur={false}
        validateOnChange={false}
        validationSchema={useRecovery ? recoveryCodeFormSchema : codeFormSchema}
        onSubmit={async (values) => {
          setProblem(null);
          try {
            const body = useRecovery
              ? { challenge, recoveryCode: values.recoveryCode.trim() }
              : { challenge, code: withoutSpaces(values.code) };
            const result = await callApiOnce(({ mfaApi }) =>
              dispatch(mfaApi.endpoints.loginWithCode.initiate(body)),
            );
            await finish(result, result.notice);
          } catch (error) {
            setProblem(errorMessage(error, MSG.auth.loginErrorFallback));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className={styles.form} noValidate>
            {useRecovery ? (
              <TextField
                key="recovery"
                name="recoveryCode"
                label={MFA_MSG.recoveryCodeLabel}
                autoComplete="off"
              />
            ) : (
              <TextField
                key="code"
                name="code"
                label={MFA_MSG.codeLabel}
                autoComplete="one-time-code"
                inputMode="numeric"
              />
            )}
            {problem && <Notice tone="error">{problem}</Notice>}
            <Button
              type="submit"
              className={styles.submit}
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? MFA_MSG.verifying : MFA_MSG.verify}
            </Button>
            <p className={styles.forgot}>
              <button
                type="button"
                className={styles.inlineLink}
                onClick={() => {
                  setProblem(null);
                  setUseRecovery(!useRecovery);
                }}
              >
                {useRecovery ? MFA_MSG.useAppCode : MFA_MSG.useRecoveryCode}
              </button>
            </p>
            <p className={styles.forgot}>
              <button type="button" className={styles.inlineLink} onClick={onCancel}>
                {MFA_MSG.backToLogin}
              </button>
            </p>
          </Form>
        )}
      </Formik>
    </section>
  );
}
