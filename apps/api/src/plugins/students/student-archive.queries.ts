import { eq, sql } from 'drizzle-orm';
import type { StudentRemoval } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { students } from '../../db/schema';
import { ownStudent } from './caseload';

/**
 * Whether the student has a clinical record: a note (a draft too), an
 * assessment, a safety plan or an attended appointment. The database's own
 * rule (migration 0019), which refuses to delete such a student whoever asks.
 */
export async function hasClinicalRecords(db: Database, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: sql<boolean>`student_has_clinical_records(${students.id})` })
    .from(students)
    .where(eq(students.id, studentId));
  return Boolean(row?.has);
}

/**
 * 'Eliminar' on one of the psychologist's students
 * (docs/data-model.md#archived-students): a student without clinical records
 * is deleted (their appointments with them); one with any is archived:
 * unassigned, dated and signed by the psychologist, every record kept. The
 * row is locked first, so that no note or assessment arrives between the
 * question and the answer. Null when the student is not theirs.
 */
export async function deleteOrArchiveOwnStudent(
  db: Database,
  psychologistId: string,
  id: string,
  now: Date,
): Promise<StudentRemoval | null> {
  const [own] = await db
    .select({ id: students.id })
    .from(students)
    .where(ownStudent(id, psychologistId))
    .for('update');
  if (!own) return null;
  if (!(await hasClinicalRecords(db, id))) {
    await db.delete(students).where(eq(students.id, id));
    return 'deleted';
  }
  await db
    .update(students)
    .set({ archivedAt: now, archivedById: psychologistId, assignedPsychologistId: null })
    .where(eq(students.id, id));
  return 'archived';
}
