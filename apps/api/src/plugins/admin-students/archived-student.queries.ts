import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { and, count, desc, eq, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { students, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { outerId } from '../../lib/outer-id';
import { containing, searchWords } from '../../lib/text-search';
import { lockStaff } from '../users/staff-lock';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { checkAssignee, findAdminStudent, type AdminStudentRecord } from './admin-student.queries';

/** How many rows of `table` name the student: a count, never a row's text. */
const countOf = (table: string) =>
  sql<number>`(select count(*)::int from ${sql.identifier(table)} r
    where r.student_id = ${outerId(students)})`;

/**
 * What the administrators read of an archived student
 * (docs/data-model.md#archived-students): who, when, by whom, how many
 * records of each kind. These columns are the only ones selected: no
 * clinical text can slip into the answer.
 */
const archivedColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  email: students.email,
  createdAt: students.createdAt,
  archivedAt: students.archivedAt,
  archivedBy: staffRefColumns,
  notes: countOf('clinical_notes'),
  assessments: countOf('suicide_assessments'),
  safetyPlanRevisions: countOf('safety_plan_revisions'),
  appointments: countOf('appointments'),
};

export interface ArchivedStudentRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
  archivedAt: Date | null;
  archivedBy: StaffRow | null;
  notes: number;
  assessments: number;
  safetyPlanRevisions: number;
  appointments: number;
}

function archivedWhere(q: string | undefined): SQL | undefined {
  return and(
    isNotNull(students.archivedAt),
    ...searchWords(q).map((word) =>
      or(
        like(students.searchKey, containing(word)),
        like(sql`lower(${students.email})`, containing(word)),
      ),
    ),
  );
}

/** One page of the archived students, the most recently archived first. */
export async function listArchivedStudents(
  db: Database,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<ArchivedStudentRecord[]> {
  return db
    .select(archivedColumns)
    .from(students)
    .leftJoin(users, eq(users.id, students.archivedById))
    .where(archivedWhere(q))
    .orderBy(desc(students.archivedAt), students.id)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countArchivedStudents(db: Database, q: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(students).where(archivedWhere(q));
  return row?.total ?? 0;
}

export function notArchived(): HttpError {
  return new HttpError(404, ADMIN_MSG.archived.notArchived);
}

export interface RestoreOutcome {
  record: AdminStudentRecord;
  /** Who archived the student, when it is not who gets them back: told by mail. */
  archivedBy: StaffRow | null;
}

/**
 * Gives an archived student back to a psychologist who may take them (the
 * assignment's rules): the archive's columns cleared, nothing else of the
 * student changed (the database refuses anything more, and refuses the
 * restore unless its audit row is written in the same transaction:
 * migration 0019). 404 for an id that is not an archived student.
 */
export async function restoreStudent(
  db: Database,
  studentId: string,
  psychologistId: string,
): Promise<RestoreOutcome> {
  await lockStaff(db, 'shared');
  await checkAssignee(db, psychologistId);
  const [before] = await db
    .select({ archivedById: students.archivedById })
    .from(students)
    .where(and(eq(students.id, studentId), isNotNull(students.archivedAt)))
    .for('update');
  if (!before) throw notArchived();
  await db
    .update(students)
    .set({ archivedAt: null, archivedById: null, assignedPsychologistId: psychologistId })
    .where(eq(students.id, studentId));
  const archiverId = before.archivedById;
  const [archivedBy] =
    archiverId && archiverId !== psychologistId
      ? await db.select(staffRefColumns).from(users).where(eq(users.id, archiverId)).limit(1)
      : [];
  return { record: (await findAdminStudent(db, studentId))!, archivedBy: archivedBy ?? null };
}
