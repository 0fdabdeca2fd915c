import { createHash } from 'node:crypto';
import { and, asc, eq, gt, gte, lte, max, or, sql } from 'drizzle-orm';
import type {
  AuditChainBreak,
  AuditChainBreakReason,
  AuditChainHead,
  AuditChainReport,
} from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * The audit log's chain (docs/data-model.md#audit-chain), checked from
 * outside the database: migration 0018's trigger gives each row its place
 * (`seq`), the previous row's hash and its own, a SHA-256 of the row's
 * canonical text; this file writes that text again from the stored fields
 * and recomputes every hash with Node's own SHA-256, so a changed trigger or
 * hash function in the database would be found too.
 */

/** The hash before the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** Rows read per query: memory stays bounded, and the event loop is free between batches. */
export const VERIFY_BATCH_SIZE = 2_000;

/** A row as its canonical text needs it: every field as PostgreSQL writes it as text. */
interface ChainRow {
  seq: string;
  id: string;
  /** `at` in UTC to the microsecond, as the trigger hashed it. */
  at: string;
  prevHash: string;
  hash: string;
  userId: string | null;
  role: string | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  clientAddress: string | null;
  outcome: string;
  requestId: string | null;
  detail: string | null;
}

const CANONICAL_AT = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CHAIN_COLUMNS = {
  seq: sql<string>`${auditLog.seq}::text`,
  id: sql<string>`${auditLog.id}::text`,
  at: CANONICAL_AT,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
  userId: sql<string | null>`${auditLog.userId}::text`,
  role: auditLog.role,
  action: auditLog.action,
  recordType: auditLog.recordType,
  recordId: auditLog.recordId,
  clientAddress: auditLog.clientAddress,
  outcome: auditLog.outcome,
  requestId: auditLog.requestId,
  // jsonb's own text: one text for one stored value, whatever its keys' order when written.
  detail: sql<string | null>`${auditLog.detail}::text`,
};

/** One field as migration 0018's `audit_log_canonical_field` writes it. */
function canonicalField(value: string | null): string {
  return value === null ? '\\N' : value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** The row's hash as migration 0018's `audit_log_hash` computes it. */
export function auditRowHash(row: Omit<ChainRow, 'hash'>): string {
  const text = [
    row.seq,
    row.prevHash,
    row.id,
    row.at,
    row.userId,
    row.role,
    row.action,
    row.recordType,
    row.recordId,
    row.clientAddress,
    row.outcome,
    row.requestId,
    row.detail,
  ]
    .map(canonicalField)
    .join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Why `row` breaks the chain after the place and hash before it, or null when it holds. */
function breakOf(row: ChainRow, expectedSeq: number, previousHash: string) {
  const seq = Number(row.seq);
  if (seq > expectedSeq) return 'missing';
  if (seq < expectedSeq || row.prevHash !== previousHash) return 'unlinked';
  if (auditRowHash(row) !== row.hash) return 'altered';
  return null;
}

function describeBreak(
  row: ChainRow,
  reason: AuditChainBreakReason,
  expectedSeq: number,
): AuditChainBreak {
  const seq = Number(row.seq);
  return {
    seq,
    id: row.id,
    // Microseconds are more than an instant on a screen needs.
    at: new Date(row.at).toISOString(),
    reason,
    missing: reason === 'missing' ? { from: expectedSeq, to: seq - 1 } : null,
  };
}

/** Where the previous batch ended. */
interface Cursor {
  seq: number;
  id: string;
}

/**
 * The rows after `cursor`, by place then id: two rows given one place (the
 * unique index dropped by whoever could) are both read, on either side of a
 * batch's end.
 */
async function chainBatch(db: Database, cursor: Cursor | null, upTo: number, limit: number) {
  const after = cursor
    ? and(
        gte(auditLog.seq, cursor.seq),
        or(gt(auditLog.seq, cursor.seq), gt(auditLog.id, Number(cursor.id))),
      )
    : undefined;
  return db
    .select(CHAIN_COLUMNS)
    .from(auditLog)
    .where(and(after, lte(auditLog.seq, upTo)))
    .orderBy(asc(auditLog.seq), asc(auditLog.id))
    .limit(limit);
}

/**
 * Recomputes the chain, a batch of rows at a time in the order of their
 * places, from the first row to the last one committed when the check
 * began (rows appended meanwhile are left for the next check). Answers the
 * first row where it breaks, or that every row holds.
 *
 * What it cannot see by itself: rows removed from the end, or a chain
 * recomputed from some row on by someone who may write the table (its
 * owner). Against those, the last row's hash kept outside the database
 * (`head`) is checked later with `auditHashAt`.
 */
export async function verifyAuditChain(
  db: Database,
  batchSize = VERIFY_BATCH_SIZE,
): Promise<AuditChainReport> {
  const [bound] = await db.select({ last: max(auditLog.seq) }).from(auditLog);
  const upTo = Number(bound?.last ?? 0);
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  let checked = 0;
  let head: AuditChainHead | null = null;
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await chainBatch(db, cursor, upTo, batchSize);
    for (const row of rows) {
      const reason = breakOf(row, expectedSeq, previousHash);
      if (reason) {
        return { intact: false, checked, broken: describeBreak(row, reason, expectedSeq) };
      }
      checked += 1;
      expectedSeq += 1;
      previousHash = row.hash;
      head = { seq: Number(row.seq), hash: row.hash };
    }
    if (rows.length < batchSize) break;
    const last = rows.at(-1)!;
    cursor = { seq: Number(last.seq), id: last.id };
  }
  return { intact: true, checked, head };
}

/** The hash stored for the row at `seq`, or null when no row has that place. */
export async function auditHashAt(db: Database, seq: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.seq, seq))
    .limit(1);
  return row?.hash ?? null;
}
