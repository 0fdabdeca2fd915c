import { and, count, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { students, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { containing, folded, searchWords } from '../../lib/text-search';
import { lockStaff } from '../users/staff-lock';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { findActivePsychologist } from '../users/user.queries';

/**
 * What the administrators' assignment list reads of a student: who it is and
 * who holds the file, nothing clinical (PRODUCT §4). These columns are the
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

/** The first `limit` students of the service matching the filters, ordered as the caseload list. */
export async function listAdminStudents(
  db: Database,
  filters: AdminStudentFilters,
  limit: number,
): Promise<AdminStudentRecord[]> {
  return selectAdminStudents(db)
    .where(adminStudentsWhere(filters))
    .orderBy(folded(students.lastName), folded(students.firstName), students.id)
    .limit(limit);
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
  const [row] = await selectAdminStudents(db).where(eq(students.id, id)).limit(1);
  return row ?? null;
}

export function adminStudentNotFound(): HttpError {
  return new HttpError(404, MSG.api.notFound);
}

/**
 * Gives the student to an active psychologist, or to nobody (null). From
 * then on only that psychologist reaches the student's file, notes,
 * appointments and assessments; the previous one gets 404 (PRODUCT §4).
 * The student's own data and version do not change: who holds the file is
 * not part of the record a psychologist edits, and the change is in the
 * audit log ('student.assign').
 */
export async function assignStudent(
  db: Database,
  studentId: string,
  psychologistId: string | null,
): Promise<AdminStudentRecord> {
  return db.transaction(async (tx) => {
    // Shared: assignments run side by side, but the psychologist checked here
    // cannot be deactivated or made an administrator until this commits.
    await lockStaff(tx, 'shared');
    if (psychologistId && !(await findActivePsychologist(tx, psychologistId))) {
      throw new HttpError(400, MSG.admin.notAPsychologist, [
        { field: 'psychologistId', msg: MSG.admin.notAPsychologist },
      ]);
    }
    const updated = await tx
      .update(students)
      .set({ assignedPsychologistId: psychologistId })
      .where(eq(students.id, studentId))
      .returning({ id: students.id });
    if (!updated.length) throw adminStudentNotFound();
    return (await findAdminStudent(tx, studentId))!;
  });
}
