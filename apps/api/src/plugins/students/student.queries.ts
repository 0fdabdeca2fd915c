import { and, count, eq, like, ne, sql, type SQL } from 'drizzle-orm';
import {
  type LatestRisk,
  type StudentCreateBody,
  type StudentEditBody,
  type StudentUpdateBody,
} from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { students, users } from '../../db/schema';
import { containing, folded, searchWords } from '../../lib/text-search';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { studentSearchKey } from './search-key';
import { inCaseloadOf, ownStudent } from './caseload';
import { latestRiskJson } from './latest-risk';

export type StudentRow = typeof students.$inferSelect;

/** A student with the psychologist it is assigned to (null when unassigned). */
export interface StudentRecord {
  student: StudentRow;
  psychologist: StaffRow | null;
  /** Null when the student has no assessment ('Sin evaluación'). */
  latestRisk: LatestRisk | null;
}

/**
 * The caller's caseload, narrowed by a search: every word of `q` must appear
 * in the first or last name, ignoring case and accents.
 */
function caseloadWhere(psychologistId: string, q: string | undefined): SQL | undefined {
  return and(
    inCaseloadOf(psychologistId),
    ...searchWords(q).map((word) => like(students.searchKey, containing(word))),
  );
}

function selectStudents(db: Database) {
  return db
    .select({
      student: students,
      psychologist: staffRefColumns,
      latestRisk: latestRiskJson(students.id),
    })
    .from(students)
    .leftJoin(users, eq(users.id, students.assignedPsychologistId));
}

export interface CaseloadQuery {
  q?: string;
  limit?: number;
  offset?: number;
}

/** One query: the students, their psychologist joined, ordered by last name then first name. */
export function caseloadQuery(db: Database, psychologistId: string, query: CaseloadQuery = {}) {
  let select = selectStudents(db)
    .where(caseloadWhere(psychologistId, query.q))
    .orderBy(folded(students.lastName), folded(students.firstName), students.id)
    .$dynamic();
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset) select = select.offset(query.offset);
  return select;
}

export async function listCaseload(
  db: Database,
  psychologistId: string,
  query: CaseloadQuery = {},
): Promise<StudentRecord[]> {
  return caseloadQuery(db, psychologistId, query);
}

export async function countCaseload(
  db: Database,
  psychologistId: string,
  q: string | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(students)
    .where(caseloadWhere(psychologistId, q));
  return row?.total ?? 0;
}

const findOwnStudentStatement = preparedFor((db) =>
  selectStudents(db)
    .where(ownStudent(sql.placeholder('id'), sql.placeholder('psychologistId')))
    .limit(1)
    .prepare('student_find_own'),
);

/** The student if it is assigned to this psychologist; null for any other id. */
export async function findOwnStudent(
  db: Database,
  psychologistId: string,
  id: string,
): Promise<StudentRecord | null> {
  const [row] = await findOwnStudentStatement(db).execute({ id, psychologistId });
  return row ?? null;
}

/** Whether another student already has this e-mail (compared case-insensitively). */
export async function studentEmailTaken(
  db: Database,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(sql`lower(${students.email})`, email.trim().toLowerCase()),
        exceptId ? ne(students.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The columns a create (form or import row) writes, for a student of `ownerId`. */
export function newStudentValues(body: StudentCreateBody, ownerId: string, now: Date) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    age: body.age,
    gender: body.gender,
    email: body.email,
    phone: body.phone,
    city: body.city,
    career: body.career,
    careerLevel: body.careerLevel,
    employmentStatus: body.employmentStatus,
    income: body.income ?? null,
    assignedPsychologistId: ownerId,
    createdById: ownerId,
    searchKey: studentSearchKey(body.firstName, body.lastName),
    createdAt: now,
    updatedAt: now,
  } satisfies typeof students.$inferInsert;
}

export async function insertStudent(
  db: Database,
  body: StudentCreateBody,
  ownerId: string,
  now: Date,
): Promise<StudentRow> {
  const [row] = await db
    .insert(students)
    .values(newStudentValues(body, ownerId, now))
    .returning();
  return row!;
}

export type StudentChanges = Partial<
  Pick<
    StudentRow,
    | 'firstName'
    | 'lastName'
    | 'age'
    | 'gender'
    | 'email'
    | 'phone'
    | 'city'
    | 'career'
    | 'careerLevel'
    | 'employmentStatus'
    | 'income'
  >
> & { firstName: string; lastName: string };

/** What the modal's full update changes: every field; a missing income clears it. */
export function fullUpdateChanges(body: StudentUpdateBody): StudentChanges {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    age: body.age,
    gender: body.gender,
    email: body.email,
    phone: body.phone,
    city: body.city,
    career: body.career,
    careerLevel: body.careerLevel,
    employmentStatus: body.employmentStatus,
    income: body.income ?? null,
  };
}

/** What the edit screen changes: its required fields, and the optional ones it sent. */
export function editChanges(body: StudentEditBody): StudentChanges {
  const changes: StudentChanges = {
    firstName: body.firstName,
    lastName: body.lastName,
    age: body.age,
  };
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.city !== undefined) changes.city = body.city;
  if (body.career !== undefined) changes.career = body.career;
  if (body.level !== undefined) changes.careerLevel = body.level;
  return changes;
}

/**
 * Saves changes only over the version the client read (docs/limits-and-budgets.md#limits-and-bad-input) and
 * raises it. Null when no row matched: someone saved in between.
 */
export async function updateStudentAtVersion(
  db: Database,
  id: string,
  version: number,
  changes: StudentChanges,
  now: Date,
): Promise<StudentRow | null> {
  const [row] = await db
    .update(students)
    .set({
      ...changes,
      searchKey: studentSearchKey(changes.firstName, changes.lastName),
      version: sql`${students.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(students.id, id), eq(students.version, version)))
    .returning();
  return row ?? null;
}

/**
 * Fills `search_key` for students written before the column existed (the
 * migration cannot fold accents as the shared `searchKey` does).
 */
export async function backfillSearchKeys(db: Database): Promise<number> {
  const pending = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.searchKey, ''));
  for (const row of pending) {
    await db
      .update(students)
      .set({ searchKey: studentSearchKey(row.firstName, row.lastName) })
      .where(eq(students.id, row.id));
  }
  return pending.length;
}
