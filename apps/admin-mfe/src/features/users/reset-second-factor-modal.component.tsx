import { fullName, MSG, type StaffUser } from '@psicocampus/shared';
import { Form, Formik, PasswordField, TextField } from '@psicocampus/shared/forms';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { Button, LoadingMessage, Modal, Notice } from '@psicocampus/shared/ui';
import { useResetSecondFactor, type ResetProofValues } from './use-reset-second-factor';
import styles from './users.module.css';

interface Props {
  /** The account whose second factor is reset; null while the modal is closed. */
  user: StaffUser | null;
  onClose: () => void;
  /** The reset is done: the server's sentence. */
  onDone: (message: string) => void;
}

const EMPTY: ResetProofValues = { password: '', code: '' };

/**
 * 'Restablecer segundo factor': what the reset does to the account, then the
 * administrator's own proof (docs/sign-in-and-sessions.md#second-factor).
 * The form lives only while the modal is open, so closing it forgets the
 * password typed.
 */
export function ResetSecondFactorModal({ user, onClose, onDone }: Props) {
  return (
    <Modal open={user !== null} title={MFA_MSG.resetAction} onClose={onClose}>
      {user && <ResetProofForm key={user._id} user={user} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ResetProofForm({ user, onClose, onDone }: Props & { user: StaffUser }) {
  const { status, withCode, schema, problem, submit } = useResetSecondFactor(user, onDone);
  if (status.isLoading) return <LoadingMessage text={MSG.common.loading} />;
  if (status.isError) {
    return (
      <Notice tone="error">
        <p>{MFA_MSG.loadError}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {MSG.common.retry}
        </Button>
      </Notice>
    );
  }
  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <p>{MFA_MSG.resetConfirm(fullName(user))}</p>
          <p className={styles.hint}>
            {withCode ? MFA_MSG.resetProofWithCodeText : MFA_MSG.resetProofText}
          </p>
          <PasswordField
            name="password"
            label={MFA_MSG.passwordLabel}
            autoComplete="current-password"
          />
          {withCode && (
            <TextField
              name="code"
              label={MFA_MSG.resetOwnCodeLabel}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          )}
          {problem && <Notice tone="error">{problem}</Notice>}
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={onClose}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? MFA_MSG.resetting : MFA_MSG.resetAction}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
