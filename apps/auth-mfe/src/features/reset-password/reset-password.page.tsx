import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@psicocampus/shared';
import { Button, LoadingMessage } from '@psicocampus/shared/ui';
import { ForgotPasswordForm } from '../../components/forgot-password/forgot-password-form.component';
import { ResetPasswordForm } from './reset-password-form.component';
import { useResetLink } from './use-reset-link';
import styles from '../../components/auth.module.css';

/** /reset-password/:token and /reset-password-form (docs/sign-in-and-sessions.md#reset-password-view). */
export default function ResetPasswordPage() {
  const { state, markInvalid } = useResetLink();
  const [asking, setAsking] = useState(false);
  const title =
    state.kind === 'valid' && state.check.purpose === 'invite'
      ? MSG.auth.inviteTitle
      : MSG.auth.resetTitle;

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <p className={styles.brand}>{MSG.shell.productName}</p>
        <h1 className={styles.title}>{title}</h1>
      </header>

      {state.kind === 'checking' && <LoadingMessage text={MSG.auth.resetChecking} />}

      {state.kind === 'valid' && (
        <>
          <p>
            {MSG.auth.resetIntro} <strong>{state.check.email}</strong>
          </p>
          <ResetPasswordForm token={state.token} onLinkInvalid={markInvalid} />
        </>
      )}

      {(state.kind === 'invalid' || state.kind === 'missing') && (
        <>
          <p className={`${styles.notice} ${styles.noticeWarning}`} role="alert">
            {state.kind === 'invalid' ? MSG.auth.resetLinkInvalid : MSG.auth.resetLinkMissing}
          </p>
          {asking ? (
            <>
              <p>{MSG.auth.forgotText}</p>
              <ForgotPasswordForm />
            </>
          ) : (
            <Button onClick={() => setAsking(true)}>{MSG.auth.requestNewLink}</Button>
          )}
        </>
      )}

      <p className={styles.forgot}>
        <Link to="/login">{MSG.auth.backToLogin}</Link>
      </p>
    </div>
  );
}
