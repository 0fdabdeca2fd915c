import { ADMIN_MSG, auditChainBreakText } from '@psicocampus/shared/admin-messages';
import { useId } from 'react';
import { formatDateTime, useLazyAuditChainQuery, type AuditChainReport } from '@psicocampus/shared';
import { Button, LoadingMessage, Notice } from '@psicocampus/shared/ui';
import styles from './audit.module.css';

const C = ADMIN_MSG.auditChain;

/** What the check found: every entry holds, or the first one where the chain breaks. */
function AuditChainResult({ report }: { report: AuditChainReport }) {
  if (report.intact) {
    return (
      <Notice tone="success">
        <p>{C.intact(report.checked)}</p>
        {report.head && (
          <p className={styles.chainHead}>{C.head(report.head.seq, report.head.hash)}</p>
        )}
      </Notice>
    );
  }
  const { broken } = report;
  return (
    <Notice tone="error">
      <p>{auditChainBreakText(broken, formatDateTime(broken.at))}</p>
      {report.checked > 0 && <p>{C.intactBefore(report.checked)}</p>}
      <p>{C.whoCould}</p>
    </Notice>
  );
}

/**
 * 'Integridad del registro' (docs/data-model.md#audit-chain): the audit
 * log's chain recomputed by the server when the administrator asks, since
 * it reads every entry; each ask checks again.
 */
export function AuditChainCheck() {
  const headingId = useId();
  const [check, chain] = useLazyAuditChainQuery();
  let result = null;
  if (chain.isFetching) result = <LoadingMessage text={C.checking} />;
  else if (chain.isError) result = <Notice tone="error">{C.loadError}</Notice>;
  else if (chain.currentData) result = <AuditChainResult report={chain.currentData} />;

  return (
    <section className={styles.chain} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.chainTitle}>
        {C.heading}
      </h2>
      <p className={styles.chainExplain}>{C.explain}</p>
      <div>
        <Button variant="secondary" onClick={() => void check()} disabled={chain.isFetching}>
          {C.check}
        </Button>
      </div>
      {result}
    </section>
  );
}
