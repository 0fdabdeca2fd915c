import { useState } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { Button } from '@psicocampus/shared/ui';
import styles from './remote-unavailable.module.css';

interface Props {
  onRetry: () => Promise<void> | void;
}

/** The Spanish fallback shown in place of a remote that could not be loaded. */
export function RemoteUnavailable({ onRetry }: Props) {
  const [retrying, setRetrying] = useState(false);

  async function retry() {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  }

  return (
    <section className={styles.unavailable} role="alert">
      <p className={styles.message}>{MSG.shell.moduleUnavailable}</p>
      <Button onClick={retry} disabled={retrying}>
        {MSG.common.retry}
      </Button>
    </section>
  );
}
