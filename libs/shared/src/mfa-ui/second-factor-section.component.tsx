import { useState } from 'react';
import {
  errorMessage,
  MSG,
  useConfirmMfaMutation,
  useDisableMfaMutation,
  useEnrollMfaMutation,
  useMfaStatusQuery,
} from '@psicocampus/shared';
import { MFA_MSG, mfaDisableSchema, withoutSpaces } from '@psicocampus/shared/mfa';
import { Form, Formik, PasswordField, TextField } from '@psicocampus/shared/forms';
import { Button, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import { Enrolment } from './enrolment.component';
import styles from './mfa.module.css';

/** "Mi perfil": turn one's own second factor on (enrolment) or off (password and a code). */
export function SecondFactorSection() {
  const { data, isLoading, isError } = useMfaStatusQuery();
  const [enroll] = useEnrollMfaMutation();
  const [confirm] = useConfirmMfaMutation();
  const [disable] = useDisableMfaMutation();
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = data?.mfa;

  return (
    <SectionCard title={MFA_MSG.profileTitle}>
      {isLoading && <LoadingMessage text={MFA_MSG.profileTitle} />}
      {isError && <Notice tone="error">{MFA_MSG.loadError}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      {status && mode === 'view' && (
        <div className={styles.panel}>
          <p>
            {status.enabled ? MFA_MSG.profileOn : MFA_MSG.profileOff}
            {status.required ? ` ${MFA_MSG.profileRequired}` : ''}
          </p>
          {status.enabled && <p>{MFA_MSG.recoveryCodesLeft(status.recoveryCodesLeft)}</p>}
          <div className={styles.actions}>
            {!status.enabled && (
              <Button
                onClick={() => {
                  setDone(null);
                  setMode('enrol');
                }}
              >
                {MFA_MSG.enable}
              </Button>
            )}
            {status.enabled && !status.required && (
              <Button
                variant="danger"
                onClick={() => {
                  setDone(null);
                  setMode('disable');
                }}
              >
                {MFA_MSG.disable}
              </Button>
            )}
          </div>
        </div>
      )}
      {mode === 'enrol' && (
        <Enrolment
          intro={MFA_MSG.enrollProfileText}
          start={() => enroll({}).unwrap()}
          confirm={(code) => confirm({ code }).unwrap()}
          describeError={(error) => errorMessage(error, MFA_MSG.saveError)}
          onDone={() => {
            setMode('view');
            setDone(MFA_MSG.enrolled);
          }}
        />
      )}
      {mode === 'disable' && (
        <Formik
          initialValues={{ password: '', code: '' }}
          validationSchema={mfaDisableSchema}
          validateOnBlur={false}
          onSubmit={async (values) => {
            setProblem(null);
            try {
              const answer = await disable({
                password: values.password,
                code: withoutSpaces(values.code),
              }).unwrap();
              setMode('view');
              setDone(answer.msg);
            } catch (error) {
              setProblem(errorMessage(error, MFA_MSG.saveError));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form className={styles.panel} noValidate>
              <PasswordField
                name="password"
                label={MFA_MSG.passwordLabel}
                autoComplete="current-password"
              />
              <TextField
                name="code"
                label={MFA_MSG.codeLabel}
                autoComplete="one-time-code"
                inputMode="numeric"
              />
              {problem && <Notice tone="error">{problem}</Notice>}
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => setMode('view')}>
                  {MSG.common.cancel}
                </Button>
                <Button type="submit" variant="danger" disabled={isSubmitting}>
                  {MFA_MSG.disable}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      )}
    </SectionCard>
  );
}
