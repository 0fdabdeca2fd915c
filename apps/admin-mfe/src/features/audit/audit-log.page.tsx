import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useMemo } from 'react';
import { MSG, useAuditLogQuery, useStaffChoicesQuery, type StaffUser } from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
} from '@psicocampus/shared/ui';
import { AuditChainCheck } from './audit-chain-check.component';
import { AuditFilters } from './audit-filters.component';
import { AuditTable } from './audit-table.component';
import { auditQuery, useAuditFilters } from './use-audit-filters';
import styles from './audit.module.css';

const NO_USERS: StaffUser[] = [];

/**
 * 'Registro de auditoría' (docs/permissions.md#audit-log): every read and write of clinical
 * records and every sign-in, newest first, filtered by user, action and
 * dates, a page at a time, and the check of its chain on demand.
 * Read-only: nothing here changes the log.
 */
export default function AuditLogPage() {
  const { filters, page, setFilters, setPage, active } = useAuditFilters();
  const log = useAuditLogQuery(auditQuery(filters, page));
  const users = useStaffChoicesQuery().data?.users ?? NO_USERS;
  const answer = log.currentData;
  const entries = useMemo(
    () => (answer ? [...answer.entries].sort((a, b) => b.at.localeCompare(a.at)) : undefined),
    [answer],
  );

  let content;
  if (log.isError) {
    content = (
      <Notice tone="error">
        <p>{MSG.audit.loadError}</p>
        <Button variant="secondary" onClick={() => void log.refetch()}>
          {MSG.common.retry}
        </Button>
      </Notice>
    );
  } else if (!answer || !entries) {
    content = <LoadingMessage text={MSG.common.loading} />;
  } else if (!entries.length) {
    content = <EmptyState text={MSG.audit.empty} />;
  } else {
    content = <AuditTable entries={entries} />;
  }

  return (
    <div className={styles.page}>
      <PageHeader title={ADMIN_MSG.auditTitle} subtitle={ADMIN_MSG.auditSubtitle} />
      <AuditChainCheck />
      <AuditFilters value={filters} onChange={setFilters} active={active} users={users} />
      {content}
      {answer && answer.total > 0 && (
        <Pagination
          page={answer.page}
          pageSize={answer.pageSize}
          total={answer.total}
          onPageChange={setPage}
          label={MSG.audit.pagination}
          totalText={MSG.audit.total(answer.total)}
        />
      )}
    </div>
  );
}
