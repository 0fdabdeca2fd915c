import {
  fullName,
  isRole,
  type AuditAction,
  type AuditLogEntry,
  type AuditOutcome,
} from '@psicocampus/shared/domain';
import type { AuditRecord } from './audit-log.queries';

/** A row of the audit log as the administrators' screen shows it. */
export function toAuditEntryView({
  entry,
  user,
  recordStudent,
  recordUser,
}: AuditRecord): AuditLogEntry {
  const record = recordStudent ?? recordUser;
  return {
    // A bigint identity: a string, so that no client rounds it.
    _id: String(entry.id),
    at: entry.at.toISOString(),
    userId: entry.userId,
    userName: user ? fullName(user) : null,
    role: isRole(entry.role) ? entry.role : null,
    // Written only by the server, from the shared list and its outcomes.
    action: entry.action as AuditAction,
    recordType: entry.recordType,
    recordId: entry.recordId,
    clientAddress: entry.clientAddress,
    outcome: entry.outcome as AuditOutcome,
    requestId: entry.requestId,
    // Counts and ids only (an import's `created` and `batchId`), never clinical text.
    detail: entry.detail ?? null,
    // The student's or the account's name where the reader may see it; the screen shows a short id otherwise.
    recordName: record ? fullName(record) : null,
  };
}
