import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryAction } from '@psicocampus/shared/follow-up';
import type { Database } from '../../db/client';
import {
  auditLog,
  clinicalNotes,
  safetyPlanRevisions,
  suicideAssessments,
  users,
} from '../../db/schema';

export interface HistoryRow {
  action: HistoryAction;
  at: Date;
  by: { firstName: string; lastName: string } | null;
}

/**
 * The record id as the ids of the tables compare: a URL may have named the
 * record in upper case, which PostgreSQL's uuid accepts and uuid::text writes
 * in lower case.
 */
const recordId = sql`lower(${auditLog.recordId})`;

/**
 * The audit rows of a student's record of changes (docs/api.md#follow-up),
 * those that name one of the student's records: a clinician's level names
 * its assessment, a signature and an addendum their note, a safety-plan save
 * the student (or, if it names one, its revision). Only what was done
 * (success); the audit rows hold no clinical text, and nothing else is read.
 * The (action, at) index reaches these four actions' rows.
 */
function historyConditions(db: Database, studentId: string): SQL {
  const idsOf = (table: typeof suicideAssessments | typeof clinicalNotes) =>
    db
      .select({ id: sql`${table.id}::text` })
      .from(table)
      .where(eq(table.studentId, studentId));
  return and(
    eq(auditLog.outcome, 'success'),
    or(
      and(
        eq(auditLog.action, 'assessment.clinician_level'),
        eq(auditLog.recordType, 'assessment'),
        inArray(recordId, idsOf(suicideAssessments)),
      ),
      and(
        inArray(auditLog.action, ['note.sign', 'note.addendum']),
        eq(auditLog.recordType, 'clinical_note'),
        inArray(recordId, idsOf(clinicalNotes)),
      ),
      and(
        eq(auditLog.action, 'safety_plan.save'),
        or(
          and(eq(auditLog.recordType, 'student'), eq(recordId, studentId)),
          inArray(
            recordId,
            db
              .select({ id: sql`${safetyPlanRevisions.id}::text` })
              .from(safetyPlanRevisions)
              .where(eq(safetyPlanRevisions.studentId, studentId)),
          ),
        ),
      ),
    ),
  )!;
}

/**
 * One page of a student's record of changes, newest first (the audit row's
 * id settles a tie, so that no event is on two pages or on none): read by
 * the database a page at a time, never the whole record.
 */
export async function studentHistoryPage(
  db: Database,
  studentId: string,
  page: { pageSize: number; offset: number },
): Promise<HistoryRow[]> {
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.at,
      by: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(historyConditions(db, studentId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.pageSize)
    .offset(page.offset);
  return rows as HistoryRow[];
}

/** How many events the student's record of changes holds, on every page. */
export async function countStudentHistory(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(historyConditions(db, studentId));
  return row?.total ?? 0;
}
