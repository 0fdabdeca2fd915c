import { useId, useState } from 'react';
import { errorMessage, MSG, useMailQueueQuery, useRetryMailMutation } from '@psicocampus/shared';
import {
  MAIL_STATUSES,
  MAIL_TEXTS,
  type MailStatus,
  type QueuedMailView,
} from '@psicocampus/shared/mail';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
} from '@psicocampus/shared/ui';
import filters from '../../lib/filter-controls.module.css';
import { MailTable } from './mail-table.component';
import styles from './mail.module.css';

const T = MAIL_TEXTS;
const PAGE_SIZE = 50;

interface Outcome {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * 'Correos' (docs/decisions.md#mail): the mail the service sends, newest first, with what
 * became of each (queued, sending, sent, failed after N tries) and why the
 * last try failed; a failed mail is tried again from here, and the answer
 * says whether it left this time.
 */
export default function MailQueuePage() {
  const id = useId();
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useMailQueueQuery({ ...(status ? { status } : {}), page, pageSize: PAGE_SIZE });
  const [retryMail] = useRetryMailMutation();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const retry = async (mail: QueuedMailView) => {
    setRetrying(mail._id);
    setOutcome(null);
    try {
      const answer = await retryMail(mail._id).unwrap();
      setOutcome({ tone: answer.mail.status === 'sent' ? 'success' : 'warning', text: answer.msg });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, T.retryFailed) });
    } finally {
      setRetrying(null);
    }
  };

  const answer = list.currentData;
  let content;
  if (list.isError) {
    content = (
      <Notice tone="error">
        <p>{T.loadError}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {MSG.common.retry}
        </Button>
      </Notice>
    );
  } else if (!answer) {
    content = <LoadingMessage text={T.loading} />;
  } else if (!answer.mails.length) {
    content = <EmptyState text={T.empty} />;
  } else {
    content = (
      <MailTable mails={answer.mails} onRetry={(mail) => void retry(mail)} retrying={retrying} />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={T.title} subtitle={T.intro} />
      <div className={`${filters.filter} ${styles.statusFilter}`}>
        <label htmlFor={`${id}-status`}>{T.statusFilter}</label>
        <select
          id={`${id}-status`}
          className={filters.control}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as MailStatus | '');
            setPage(1);
          }}
        >
          <option value="">{T.allStatuses}</option>
          {MAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {T.filterLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {content}
      {answer && answer.total > 0 && (
        <Pagination
          page={answer.page}
          pageSize={answer.pageSize}
          total={answer.total}
          onPageChange={setPage}
          label={T.pagination}
          totalText={T.total(answer.total)}
        />
      )}
    </div>
  );
}
