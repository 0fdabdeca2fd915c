import { useState } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { Button, Notice } from '@psicocampus/shared/ui';
import styles from './remote-unavailable.module.css';

interface Props {
  onRetry: () => Promise<void> | void;
  /**
   * Whether it fills the page's content (a route whose remote is down), and
   * so carries the page's main heading; false where it stands in for a part
   * of the frame.
   */
  page?: boolean;
}

/**
 * The Spanish fallback shown in place of a remote that could not be loaded.
 * Its box is the shared `Notice` (error) with the message and "Reintentar",
 * the same box a screen shows for a block of another remote that is down
 * (the student detail's evaluations), so the two look alike.
 */
export function RemoteUnavailable({ onRetry, page = true }: Props) {
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
    <section className={page ? styles.page : undefined}>
      {page && <h1 className={styles.title}>{MSG.layoutA11y.moduleUnavailableTitle}</h1>}
      <Notice tone="error">
        <p>{MSG.shell.moduleUnavailable}</p>
        <Button onClick={retry} disabled={retrying}>
          {MSG.common.retry}
        </Button>
      </Notice>
    </section>
  );
}
