import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AUDIT_OUTCOME_LABELS,
  formatDateTime,
  MSG,
  ROLE_LABELS,
  shortRecordId,
  type AuditLogEntry,
} from '@psicocampus/shared';
import { AUDIT_ACTION_LABELS } from '@psicocampus/shared/audit-labels';
import { VisuallyHidden } from '@psicocampus/shared/ui';
import table from '../../lib/data-table.module.css';
import { ScrollableTable } from '../../lib/scrollable-table.component';
import styles from './audit.module.css';

const A = MSG.audit;

/** Who acted: their name, 'Sin sesión' when nobody was signed in. */
function who(entry: AuditLogEntry): string {
  if (entry.userName) return entry.userName;
  return entry.userId ? MSG.common.notFoundName : A.anonymous;
}

/** What the record cell names: a student, a note… or an import's batch. */
function recordLabel(recordType: string): string {
  return A.recordTypes[recordType] ?? recordType;
}

/**
 * Which record: the student's or the account's name where the server gives
 * it, else the id's first characters (the whole id in the tooltip), so a
 * uuid never wraps over lines and widens the table.
 */
function RecordCell({ entry }: { entry: AuditLogEntry }) {
  const { recordType, recordId, recordName } = entry;
  let which = null;
  if (recordName) {
    which = (
      <span className={styles.recordName} title={recordId ?? undefined}>
        {recordName}
      </span>
    );
  } else if (recordId) {
    which = <RecordId id={recordId} />;
  }
  if (!recordType && !which) return <>{A.noValue}</>;
  return (
    <>
      {recordType && <span className={styles.recordType}>{recordLabel(recordType)}</span>}
      {which}
    </>
  );
}

/**
 * A record's id, its first characters (whole in the tooltip) so that a uuid
 * never widens the table; a button shows it whole, to a mouse, a keyboard
 * or a screen reader alike, and shortens it again.
 */
function RecordId({ id }: { id: string }) {
  const [whole, setWhole] = useState(false);
  return (
    <button
      type="button"
      className={styles.recordId}
      title={whole ? undefined : id}
      aria-expanded={whole}
      onClick={() => setWhole(!whole)}
    >
      {whole ? id : `${shortRecordId(id)}…`}
      {!whole && <VisuallyHidden> {A.wholeId}</VisuallyHidden>}
    </button>
  );
}

/** What a write did, from its counts: '5.000 estudiantes creados'. */
function detailText(entry: AuditLogEntry): string | null {
  const created = entry.detail?.created;
  return typeof created === 'number' ? A.detailCreated(created) : null;
}

/**
 * An import's row leads to the students it created (those still in the
 * service), in the assignment list of 'users': the row names how many, the
 * batch id stored on each student says which.
 */
function BatchStudentsLink({ entry }: { entry: AuditLogEntry }) {
  if (entry.recordType !== 'import_batch' || !entry.recordId || entry.outcome !== 'success') {
    return null;
  }
  return (
    <Link
      className={styles.detail}
      to={`../users?batch=${encodeURIComponent(entry.recordId)}`}
      relative="path"
    >
      {A.batchStudentsLink}
    </Link>
  );
}

/** A shape beside the outcome, so a refusal never reads by colour alone. */
const OUTCOME_MARKS: Record<AuditLogEntry['outcome'], string> = {
  success: '✓',
  denied: '⊘',
  missing: '○',
  invalid: '!',
  error: '✕',
};

/** One row per entry, newest first (docs/permissions.md#audit-log: who, role, action, record, time, address, outcome). */
export function AuditTable({ entries }: { entries: readonly AuditLogEntry[] }) {
  return (
    <ScrollableTable
      caption={A.tableCaption}
      columns={[
        A.columnWhen,
        A.columnWho,
        A.columnRole,
        A.columnAction,
        A.columnRecord,
        A.columnOutcome,
        A.columnAddress,
      ]}
      wrapClassName={styles.wrap}
      tableClassName={styles.table}
    >
      {entries.map((entry) => (
        // data-label: each cell's column, written before it when the rows become cards.
        <tr key={entry._id}>
          <th scope="row" className={styles.when} data-label={A.columnWhen}>
            {formatDateTime(entry.at)}
          </th>
          <td data-label={A.columnWho}>{who(entry)}</td>
          <td className={table.nowrap} data-label={A.columnRole}>
            {entry.role ? ROLE_LABELS[entry.role] : A.noValue}
          </td>
          <td data-label={A.columnAction}>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
          <td className={styles.record} data-label={A.columnRecord}>
            <RecordCell entry={entry} />
            {detailText(entry) && <span className={styles.detail}>{detailText(entry)}</span>}
            <BatchStudentsLink entry={entry} />
          </td>
          <td data-label={A.columnOutcome}>
            <span className={`${styles.outcome} ${styles[entry.outcome]}`}>
              <span aria-hidden="true">{OUTCOME_MARKS[entry.outcome]}</span>{' '}
              {AUDIT_OUTCOME_LABELS[entry.outcome] ?? entry.outcome}
            </span>
          </td>
          <td className={styles.address} data-label={A.columnAddress}>
            {entry.clientAddress ?? A.noValue}
          </td>
        </tr>
      ))}
    </ScrollableTable>
  );
}
