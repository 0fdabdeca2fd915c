import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { and, count, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { students, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { containing, folded, searchWords } from '../../lib/text-search';
import { lockStaff } from '../users/staff-lock';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { findUserById } from '../users/user.queries';

/**
 * What the administrators' assignment list reads of a student: who it is and
 * who holds the file, nothing clinical (docs/permissions.md#administrators). These columns are the
 * only ones selected, so nothing else can slip into the answer.
 */
const adminStudentColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  email: students.email,
  career: students.career,
  careerLevel: students.careerLevel,
  psychologist: staffRefColumns,
};

export interface AdminStudentRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  career: string;
  careerLevel: string;
  psychologist: StaffRow | null;
}

export interface AdminStudentFilters {
  /** Words that must each appear in the name or the e-mail (case and accents ignored). */
  q?: string;
  /** A psychologist's id, or 'none' for the students nobody holds. */
  psychologistId?: string | 'none';
  /** The students one import created: the batch id its audit row names. */
  batch?: string;
}

function selectAdminStudents(db: Database) {
  return db
    .select(adminStudentColumns)
    .from(students)
    .leftJoin(users, eq(users.id, students.assignedPsychologistId));
}

function adminStudentsWhere(filters: AdminStudentFilters): SQL | undefined {
  const { psychologistId } = filters;
  return and(
    // Archived students are on their own screen, never assigned from here
    // (docs/data-model.md#archived-students).
    isNull(students.archivedAt),
    psychologistId === 'none' ? isNull(students.assignedPsychologistId) : undefined,
    psychologistId && psychologistId !== 'none'
      ? eq(students.assignedPsychologistId, psychologistId)
      : undefined,
    filters.batch ? eq(students.importBatchId, filters.batch) : undefined,
    ...searchWords(filters.q).map((word) =>
      or(
        like(students.searchKey, containing(word)),
        like(sql`lower(${students.email})`, containing(word)),
      ),
    ),
  );
}

/** One page of the students of the service matching the filters, ordered as the caseload list. */
export async function listAdminStudents(
  db: Database,
  filters: AdminStudentFilters,
  page: { limit: number; offset: number },
): Promise<AdminStudentRecord[]> {
  return selectAdminStudents(db)
    .where(adminStudentsWhere(filters))
    .orderBy(folded(students.lastName), folded(students.firstName), students.id)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdminStudents(
  db: Database,
  filters: AdminStudentFilters,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(students)
    .where(adminStudentsWhere(filters));
  return row?.total ?? 0;
}

export async function findAdminStudent(
  db: Database,
  id: string,
): Promise<AdminStudentRecord | null> {
  const [row] = await selectAdminStudents(db)
    .where(and(eq(students.id, id), isNull(students.archivedAt)))
    .limit(1);
  return row ?? null;
}

export function adminStudentNotFound(): HttpError {
  return new HttpError(404, MSG.api.notFound);
}

/** What an assignment changed: 'assign' gives a student nobody held (or the same one again). */
export type AssignmentChange = 'assign' | 'reassign' | 'unassign';

export interface AssignmentOutcome {
  record: AdminStudentRecord;
  change: AssignmentChange;
  /** The psychologist who held the student before and no longer does; told by mail. */
  previous: StaffRow | null;
}

const refuseTarget = (status: number, msg: string) =>
  new HttpError(status, msg, [{ field: 'psychologistId', msg }]);

/**
 * The account a student may be given to: a psychologist (400 otherwise),
 * active (409), who has accepted the invitation by choosing a password
 * (409). The last rule closes a path to clinical records for an
 * administrator (docs/permissions.md#administrators and docs/decisions.md#e-mail-changes-and-assignments): create a psychologist's account at an
 * address one reads, give it students, and read them through it before
 * anybody real ever signed in. An administrator can still accept such an
 * invitation themselves; that remaining risk, and what exposes it, is in
 * SECURITY.md.
 */
export async function checkAssignee(db: Database, psychologistId: string): Promise<void> {
  const account = await findUserById(db, psychologistId);
  if (account?.role !== 'PSYCHOLOGIST') throw refuseTarget(400, ADMIN_MSG.notAPsychologist);
  if (!account.active) throw refuseTarget(409, ADMIN_MSG.psychologistInactive);
  if (!account.passwordHash) throw refuseTarget(409, ADMIN_MSG.psychologistPendingInvite);
}

/**
 * Gives the student to a psychologist who may take it (see checkAssignee),
 * or to nobody (null). From then on only that psychologist reaches the
 * student's file, notes, appointments and assessments; the previous one
 * gets 404 (docs/permissions.md#psychologists). The student's own data and version do not change:
 * who holds the file is not part of the record a psychologist edits. The
 * outcome says what changed and who lost the student, for the audit log's
 * action and the mail to that psychologist.
 */
export async function assignStudent(
  db: Database,
  studentId: string,
  psychologistId: string | null,
): Promise<AssignmentOutcome> {
  return db.transaction(async (tx) => {
    // Shared: assignments run side by side, but the psychologist checked here
    // cannot be deactivated or made an administrator until this commits.
    await lockStaff(tx, 'shared');
    if (psychologistId) await checkAssignee(tx, psychologistId);
    // The row is locked until commit: two assignments of one student take
    // turns, so each sees who held it just before and mails that person.
    const [before] = await tx
      .select({ psychologistId: students.assignedPsychologistId })
      .from(students)
      .where(and(eq(students.id, studentId), isNull(students.archivedAt)))
      .for('update');
    if (!before) throw adminStudentNotFound();
    await tx
      .update(students)
      .set({ assignedPsychologistId: psychologistId })
      .where(eq(students.id, studentId));
    const previousId = before.psychologistId;
    const [previous] =
      previousId && previousId !== psychologistId
        ? await tx.select(staffRefColumns).from(users).where(eq(users.id, previousId)).limit(1)
        : [];
    const change: AssignmentChange = !previous
      ? 'assign'
      : psychologistId
        ? 'reassign'
        : 'unassign';
    return { record: (await findAdminStudent(tx, studentId))!, change, previous: previous ?? null };
  });
}
