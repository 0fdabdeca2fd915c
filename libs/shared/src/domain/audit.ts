import type { LATER_AUDIT_ACTIONS } from './audit-labels';
import type { AuditEntryView } from './entities';

/**
 * The actions the audit log records (docs/permissions.md#audit-log). The server writes these
 * names; the administrators' audit screen filters by them and shows them by
 * their Spanish names, `AUDIT_ACTION_LABELS` of `@psicocampus/shared/audit-labels`,
 * kept apart so that pages which never show the log (the sign-in page among
 * them) do not load them.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.password_reset',
  'auth.password_change',
  'auth.email_change_confirm',
  'auth.mfa_verify',
  'auth.mfa_enroll',
  'auth.mfa_confirm',
  'auth.mfa_disable',
  'student.list',
  'student.read',
  'student.create',
  'student.update',
  'student.delete',
  'student.archive',
  'student.restore',
  'student.import',
  'student.assign',
  'student.reassign',
  'student.unassign',
  'template.download',
  'note.create',
  'note.update',
  'note.delete',
  'note.list_recent',
  'note.sign',
  'note.addendum',
  'note.list_pending',
  'note.list',
  'appointment.list',
  'appointment.create',
  'appointment.agenda',
  'appointment.update',
  'appointment.status',
  'appointment.unrecorded',
  'psychologist.read',
  'profile.read',
  'profile.update',
  'assessment.create',
  'assessment.list',
  'assessment.read',
  'assessment.final_remarks',
  'assessment.clinician_level',
  'report.student',
  'report.assessment',
  'safety_plan.read',
  'safety_plan.save',
  'report.safety_plan',
  'follow_up.list',
  'follow_up.counts',
  'student.history',
  'user.list',
  'user.create',
  'user.update',
  'user.deactivate',
  'user.reactivate',
  'user.reset_link',
  'user.mfa_reset',
  'service.mfa_policy',
  'admin.students',
  'admin.archived_students',
  'statistics.read',
  'audit.read',
  'audit.verify',
  'mail.list',
  'mail.retry',
  'calendar.feed_read',
  'calendar.feed_create',
  'calendar.feed_update',
  'calendar.feed_revoke',
  'calendar.feed_fetch',
] as const;
/**
 * Every action the log records: `AUDIT_ACTIONS` and those added since the
 * sign-in page reached its size budget, listed with their labels only
 * (`LATER_AUDIT_ACTIONS`; `EVERY_AUDIT_ACTION` is the whole list).
 */
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | (typeof LATER_AUDIT_ACTIONS)[number];

/**
 * success: done; denied: 401/403/404/429, refused; missing: a 404 for a
 * record that does not exist (a deleted one), which no one was refused;
 * invalid: refused input; error: a server fault (docs/permissions.md#audit-log).
 */
export const AUDIT_OUTCOME_LABELS = {
  success: 'Correcto',
  denied: 'Denegado',
  missing: 'No existe',
  invalid: 'Datos inválidos',
  error: 'Error del servidor',
} as const;
export type AuditOutcome = keyof typeof AUDIT_OUTCOME_LABELS;

/**
 * An entry of `GET /api/audit` (docs/permissions.md#audit-log): the stored entry, and the
 * name of the record it names — the student's or the staff account's, while
 * it exists and the reader may see it; null otherwise (the screen then shows
 * `shortRecordId`).
 */
export interface AuditLogEntry extends AuditEntryView {
  recordName: string | null;
}

/** How many characters of a record id the audit screen shows when it has no name. */
export const SHORT_RECORD_ID_LENGTH = 8;

/** '9a8b7c6d' for '9a8b7c6d-0000-4000-8000-000000000042': enough to tell records apart on a page. */
export function shortRecordId(recordId: string): string {
  return recordId.slice(0, SHORT_RECORD_ID_LENGTH);
}

/**
 * Why the audit log's chain breaks at an entry (docs/data-model.md#audit-chain):
 * - `missing`: entries before it are not there (removed);
 * - `unlinked`: it does not follow the entry before it (inserted out of the
 *   chain, or the one before it rewritten);
 * - `altered`: its content no longer matches its hash (changed after it was written).
 */
export type AuditChainBreakReason = 'missing' | 'unlinked' | 'altered';

/** The first entry where the chain breaks. */
export interface AuditChainBreak {
  /** Its place in the chain. */
  seq: number;
  /** Its id (a bigint, as text, like an entry's `_id`). */
  id: string;
  /** Its time as stored, ISO 8601. */
  at: string;
  reason: AuditChainBreakReason;
  /** For `missing`: the places of the entries that are not there. */
  missing: { from: number; to: number } | null;
}

/** The last entry of an intact chain: what an operator keeps elsewhere to check against later. */
export interface AuditChainHead {
  seq: number;
  hash: string;
}

/**
 * `GET /api/audit/verify` and `npm run audit:verify`: the chain recomputed from
 * the first entry to the last one there when the check began. `checked`
 * counts the entries found intact (before the break, when there is one).
 */
export type AuditChainReport =
  | { intact: true; checked: number; head: AuditChainHead | null }
  | { intact: false; checked: number; broken: AuditChainBreak };
