import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
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
 * A student's record of changes (issue 19 §5), from the audit rows that name
 * one of the student's records: a clinician's level names its assessment,
 * a signature and an addendum their note, a safety-plan save the student
 * (or, if it names one, its revision). Only what was done (success), newest
 * first; the audit rows hold no clinical text, and nothing else is read.
 * One query: the (action, at) index reaches these four actions' rows.
 */
export async function studentHistory(
  db: Database,
  studentId: string,
  limit: number,
): Promise<HistoryRow[]> {
  const idsOf = (table: typeof suicideAssessments | typeof clinicalNotes) =>
    db
      .select({ id: sql`${table.id}::text` })
      .from(table)
      .where(eq(table.studentId, studentId));
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.at,
      by: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
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
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows as HistoryRow[];
}
