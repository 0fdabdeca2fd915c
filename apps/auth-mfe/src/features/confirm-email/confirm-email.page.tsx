import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, errorStatus, MSG, useConfirmEmailChangeMutation } from '@psicocampus/shared';
import { Button, LoadingMessage } from '@psicocampus/shared/ui';
import { useEmailChangeLink } from './use-email-change-link';
import styles from '../../components/auth.module.css';

type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * /confirm-email/:token (docs/decisions.md#e-mail-changes-and-assignments): the link a new address receives. The
 * page names the address and confirms it only when the person presses
 * "Confirmar correo"; then it says what happened and leads to /login.
 */
export default function ConfirmEmailPage() {
  const { state, markInvalid } = useEmailChangeLink();
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const [result, setResult] = useState<Result>(null);

  async function onConfirm(token: string) {
    try {
      const answer = await confirm({ token }).unwrap();
      setResult({ tone: 'success', text: answer.msg });
    } catch (error) {
      if (errorStatus(error) === 400) markInvalid();
      else setResult({ tone: 'error', text: errorMessage(error, MSG.emailChange.confirmError) });
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <p className={styles.brand}>{MSG.shell.productName}</p>
        <h1 className={styles.title}>{MSG.emailChange.confirmTitle}</h1>
      </header>

      {state.kind === 'checking' && <LoadingMessage text={MSG.emailChange.checking} />}

      {result && (
        <p
          className={`${styles.notice} ${result.tone === 'success' ? '' : styles.noticeWarning}`}
          role={result.tone === 'success' ? 'status' : 'alert'}
        >
          {result.text}
        </p>
      )}

      {state.kind === 'valid' && result?.tone !== 'success' && (
        <>
          <p>{MSG.emailChange.confirmIntro(state.check.newEmail)}</p>
          <Button
            onClick={() => void onConfirm(state.token)}
            disabled={isLoading}
            aria-busy={isLoading}
          >
            {isLoading ? MSG.emailChange.confirming : MSG.emailChange.confirmButton}
          </Button>
        </>
      )}

      {(state.kind === 'invalid' || state.kind === 'missing') && (
        <p className={`${styles.notice} ${styles.noticeWarning}`} role="alert">
          {state.kind === 'invalid' ? MSG.emailChange.linkInvalid : MSG.emailChange.linkMissing}
        </p>
      )}

      <p className={styles.forgot}>
        <Link to="/login">{MSG.emailChange.goToLogin}</Link>
      </p>
    </div>
  );
}
