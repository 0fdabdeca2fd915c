import { useState } from 'react';
import {
  errorMessage,
  MSG,
  useConfirmMfaMutation,
  useDisableMfaMutation,
  useEnrollMfaMutation,
  useMfaStatusQuery,
} from '@psicocampus/shared';
import {
  MFA_MSG,
  mfaDisableSchema,
  mfaEnrollFormSchema,
  withoutSpaces,
  type MfaStatus,
} from '@psicocampus/shared/mfa';
import { Form, Formik, PasswordField, TextField } from '@psicocampus/shared/forms';
import { Button, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import { Enrolment } from './enrolment.component';
import styles from './mfa.module.css';

type Key = { secret: string; otpauthUrl: string };
type Mode =
  { step: 'view' } | { step: 'password' } | { step: 'enrol'; key: Key } | { step: 'disable' };

/**
 * "Mi perfil": turn one's own second factor on (the current password, then
 * the enrolment) or off (the password and a code). A session alone changes
 * neither (docs/sign-in-and-sessions.md#second-factor).
 */
export function SecondFactorSection() {
  const { data, isLoading, isError } = useMfaStatusQuery();
  const [confirm] = useConfirmMfaMutation();
  const [mode, setMode] = useState<Mode>({ step: 'view' });
  const [done, setDone] = useState<string | null>(null);
  const status = data?.mfa;
  const finish = (message: string) => {
    setMode({ step: 'view' });
    setDone(message);
  };
  const start = (step: 'password' | 'disable') => {
    setDone(null);
    setMode({ step });
  };

  return (
    <SectionCard title={MFA_MSG.profileTitle}>
      {isLoading && <LoadingMessage text={MFA_MSG.profileTitle} />}
      {isError && <Notice tone="error">{MFA_MSG.loadError}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      {status && mode.step === 'view' && <FactorStatus status={status} onStart={start} />}
      {mode.step === 'password' && (
        <PasswordStep
          onKey={(key) => setMode({ step: 'enrol', key })}
          onCancel={() => setMode({ step: 'view' })}
        />
      )}
      {mode.step === 'enrol' && (
        <Enrolment
          intro={MFA_MSG.enrollProfileText}
          start={() => Promise.resolve(mode.key)}
          confirm={(code) => confirm({ code }).unwrap()}
          describeError={(error) => errorMessage(error, MFA_MSG.saveError)}
          onDone={() => finish(MFA_MSG.enrolled)}
        />
      )}
      {mode.step === 'disable' && (
        <DisableForm onDone={finish} onCancel={() => setMode({ step: 'view' })} />
      )}
    </SectionCard>
  );
}

function FactorStatus({
  status,
  onStart,
}: {
  status: MfaStatus;
  onStart: (step: 'password' | 'disable') => void;
}) {
  return (
    <div className={styles.panel}>
      <p>
        {status.enabled ? MFA_MSG.profileOn : MFA_MSG.profileOff}
        {status.required ? ` ${MFA_MSG.profileRequired}` : ''}
      </p>
      {status.enabled && <p>{MFA_MSG.recoveryCodesLeft(status.recoveryCodesLeft)}</p>}
      <div className={styles.actions}>
        {!status.enabled && <Button onClick={() => onStart('password')}>{MFA_MSG.enable}</Button>}
        {status.enabled && !status.required && (
          <Button variant="danger" onClick={() => onStart('disable')}>
            {MFA_MSG.disable}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The enrolment's first step: the current password, which the server checks before making a key. */
function PasswordStep({ onKey, onCancel }: { onKey: (key: Key) => void; onCancel: () => void }) {
  const [enroll] = useEnrollMfaMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ password: '' }}
      validationSchema={mfaEnrollFormSchema}
      validateOnBlur={false}
      onSubmit={async ({ password }) => {
        setProblem(null);
        try {
          onKey(await enroll({ password }).unwrap());
        } catch (error) {
          setProblem(errorMessage(error, MFA_MSG.saveError));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className={styles.panel} noValidate>
          <p>{MFA_MSG.enrollPasswordText}</p>
          <PasswordField
            name="password"
            label={MFA_MSG.passwordLabel}
            autoComplete="current-password"
          />
          {problem && <Notice tone="error">{problem}</Notice>}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {MFA_MSG.continue}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** Turning it off: the password and a current code. */
function DisableForm({
  onDone,
  onCancel,
}: {
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [disable] = useDisableMfaMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
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
          onDone(answer.msg);
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
            <Button variant="secondary" onClick={onCancel}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting}>
              {MFA_MSG.disable}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
