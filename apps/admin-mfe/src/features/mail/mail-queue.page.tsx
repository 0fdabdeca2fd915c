import { useState } from 'react';
import { MSG, useMailQueueQuery } from '@psicocampus/shared';
import { MAIL_TEXTS, type MailStatus } from '@psicocampus/shared/mail';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
} from '@psicocampus/shared/ui';
import { MailStatusFilter } from './mail-status-filter.component';
import { MailTable } from './mail-table.component';
import { useMailRetry } from './use-mail-retry';
import styles from './mail.module.css';

const T = MAIL_TEXTS;
const PAGE_SIZE = 50;

/**
 * 'Correos' (docs/decisions.md#mail): the mail the service sends, newest first, with what
 * became of each (queued, sending, sent, failed after N tries) and why the
 * last try failed; a failed mail is tried again from here, and the answer
 * says whether it left this time.
 */
export default function MailQueuePage() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useMailQueueQuery({ ...(status ? { status } : {}), page, pageSize: PAGE_SIZE });
  const { retry, retrying, outcome } = useMailRetry();

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
      <MailStatusFilter
        status={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
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
