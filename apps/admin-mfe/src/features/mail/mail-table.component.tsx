import { formatDateTime } from '@psicocampus/shared';
import { MAIL_KIND_LABELS, MAIL_TEXTS, type QueuedMailView } from '@psicocampus/shared/mail';
import { Button, EmailAddress } from '@psicocampus/shared/ui';
import { ScrollableTable } from '../../lib/scrollable-table.component';
import styles from './mail.module.css';

const T = MAIL_TEXTS;
const C = T.columns;

/** A shape beside the status, so that a failure never reads by colour alone. */
const STATUS_MARKS: Record<QueuedMailView['status'], string> = {
  queued: '…',
  sending: '↻',
  sent: '✓',
  failed: '✕',
  // An appointment's reminder that its move or cancellation made moot.
  cancelled: '⊘',
};

/** When: sent, or the next try while it waits. */
function WhenCell({ mail }: { mail: QueuedMailView }) {
  if (mail.sentAt) return <>{formatDateTime(mail.sentAt)}</>;
  if (mail.nextAttemptAt) {
    return (
      <span className={styles.next}>
        {C.nextAttemptAt}: {formatDateTime(mail.nextAttemptAt)}
      </span>
    );
  }
  return <>{T.none}</>;
}

/**
 * One row per mail, newest first; a failed one can be tried again. The kind
 * goes above the subject and the tries under the status, so that seven
 * columns fit beside the menu at 1366 px, as the audit log's do.
 */
export function MailTable({
  mails,
  onRetry,
  retrying,
}: {
  mails: readonly QueuedMailView[];
  onRetry(mail: QueuedMailView): void;
  /** The mail being retried, whose button waits. */
  retrying: string | null;
}) {
  return (
    <ScrollableTable
      caption={T.title}
      columns={[C.createdAt, C.to, C.subject, C.status, C.lastError, C.sentAt, C.actions]}
      wrapClassName={styles.wrap}
      tableClassName={styles.table}
    >
      {mails.map((mail) => (
        // data-label: each cell's column, written before it when the rows become cards.
        <tr key={mail._id}>
          <th scope="row" className={styles.when} data-label={C.createdAt}>
            {formatDateTime(mail.createdAt)}
          </th>
          <td className={styles.to} data-label={C.to}>
            <EmailAddress address={mail.to} />
          </td>
          <td className={styles.subject} data-label={C.subject}>
            <span className={styles.kind}>{MAIL_KIND_LABELS[mail.kind] ?? mail.kind}</span>
            <span>{mail.subject}</span>
          </td>
          <td data-label={C.status}>
            <span className={`${styles.status} ${styles[mail.status]}`}>
              <span aria-hidden="true">{STATUS_MARKS[mail.status]}</span>{' '}
              {T.status(mail.status, mail.attempts)}
            </span>
            {/* A failed mail's status already says how many. */}
            {mail.status !== 'failed' && (
              <span className={styles.attempts}>{T.attempts(mail.attempts)}</span>
            )}
          </td>
          <td className={styles.error} data-label={C.lastError}>
            {mail.lastError ?? T.none}
          </td>
          <td data-label={C.sentAt}>
            <WhenCell mail={mail} />
          </td>
          <td data-label={C.actions}>
            {mail.status === 'failed' ? (
              <Button
                variant="secondary"
                aria-label={T.retryLabel(mail.to)}
                disabled={retrying !== null}
                onClick={() => onRetry(mail)}
              >
                {retrying === mail._id ? T.retrying : T.retry}
              </Button>
            ) : (
              T.none
            )}
          </td>
        </tr>
      ))}
    </ScrollableTable>
  );
}
