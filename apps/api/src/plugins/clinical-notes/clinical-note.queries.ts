import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNotes, students, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';

export type NoteRow = typeof clinicalNotes.$inferSelect;

/** A note with its author (null when the account no longer exists). */
export interface NoteRecord {
  note: NoteRow;
  author: StaffRow | null;
}

export interface RecentNoteRecord extends NoteRecord {
  student: { id: string; firstName: string; lastName: string };
}

function selectNotes(db: Database) {
  return db
    .select({ note: clinicalNotes, author: staffRefColumns })
    .from(clinicalNotes)
    .leftJoin(users, eq(users.id, clinicalNotes.authorId));
}

const listStudentNotesStatement = preparedFor((db) =>
  selectNotes(db)
    .where(eq(clinicalNotes.studentId, sql.placeholder('studentId')))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .prepare('clinical_notes_list_of_student'),
);

/** A student's notes, newest first, each with its author: one query. */
export async function listStudentNotes(db: Database, studentId: string): Promise<NoteRecord[]> {
  return listStudentNotesStatement(db).execute({ studentId });
}

/** The note if it belongs to this student. */
export async function findStudentNote(
  db: Database,
  studentId: string,
  noteId: string,
): Promise<NoteRecord | null> {
  const [row] = await selectNotes(db)
    .where(and(eq(clinicalNotes.id, noteId), eq(clinicalNotes.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

export async function insertNote(
  db: Database,
  values: { studentId: string; authorId: string; note: string; now: Date },
): Promise<NoteRow> {
  const [row] = await db
    .insert(clinicalNotes)
    .values({
      studentId: values.studentId,
      authorId: values.authorId,
      note: values.note,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** Saves the text only over the version the author read; null when someone saved in between. */
export async function updateNoteAtVersion(
  db: Database,
  noteId: string,
  version: number,
  note: string,
  now: Date,
): Promise<NoteRow | null> {
  const [row] = await db
    .update(clinicalNotes)
    .set({ note, version: sql`${clinicalNotes.version} + 1`, updatedAt: now })
    .where(and(eq(clinicalNotes.id, noteId), eq(clinicalNotes.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteNote(db: Database, noteId: string): Promise<void> {
  await db.delete(clinicalNotes).where(eq(clinicalNotes.id, noteId));
}

/**
 * The author's latest notes on students still assigned to them, with the
 * student's name (one query; the (author_id, created_at) index serves it).
 */
export async function recentNotesOf(
  db: Database,
  authorId: string,
  limit: number,
): Promise<RecentNoteRecord[]> {
  return db
    .select({
      note: clinicalNotes,
      author: staffRefColumns,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
    })
    .from(clinicalNotes)
    .innerJoin(students, eq(students.id, clinicalNotes.studentId))
    .leftJoin(users, eq(users.id, clinicalNotes.authorId))
    .where(and(eq(clinicalNotes.authorId, authorId), inCaseloadOf(authorId)))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .limit(limit);
}
