import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNoteAddenda, clinicalNotes, students, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';

export type NoteRow = typeof clinicalNotes.$inferSelect;

export type AddendumRow = typeof clinicalNoteAddenda.$inferSelect;

/** An addendum with its author (null when the account no longer exists). */
export interface AddendumRecord {
  addendum: AddendumRow;
  author: StaffRow | null;
}

/** A note with its author (null when the account no longer exists). */
export interface NoteRecord {
  note: NoteRow;
  author: StaffRow | null;
  /** Who signed it; absent or null for a draft or a deleted account. */
  signer?: StaffRow | null;
  /** Oldest first; absent means none. */
  addenda?: AddendumRecord[];
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
    .where(
      and(
        eq(clinicalNotes.id, noteId),
        eq(clinicalNotes.version, version),
        isNull(clinicalNotes.signedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Deletes a draft; false when the note was signed in between. */
export async function deleteNote(db: Database, noteId: string): Promise<boolean> {
  const rows = await db
    .delete(clinicalNotes)
    .where(and(eq(clinicalNotes.id, noteId), isNull(clinicalNotes.signedAt)))
    .returning({ id: clinicalNotes.id });
  return rows.length > 0;
}

/**
 * The author's notes on students still assigned to them, with the
 * student's name, that also meet `conditions` (one query; the (author_id,
 * created_at) index serves it).
 */
function authorNotesOnCaseload(db: Database, authorId: string, ...conditions: SQL[]) {
  return db
    .select({
      note: clinicalNotes,
      author: staffRefColumns,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
    })
    .from(clinicalNotes)
    .innerJoin(students, eq(students.id, clinicalNotes.studentId))
    .leftJoin(users, eq(users.id, clinicalNotes.authorId))
    .where(and(eq(clinicalNotes.authorId, authorId), inCaseloadOf(authorId), ...conditions));
}

/** The author's latest notes on students still assigned to them. */
export async function recentNotesOf(
  db: Database,
  authorId: string,
  limit: number,
): Promise<RecentNoteRecord[]> {
  return authorNotesOnCaseload(db, authorId)
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .limit(limit);
}

/**
 * The notes with their signers and addenda: at most two more queries, and
 * none when no note is signed (only a signed note has addenda).
 */
export async function withSignatures<T extends NoteRecord>(
  db: Database,
  records: T[],
): Promise<T[]> {
  const signed = records.filter((r) => r.note.signedAt !== null);
  if (signed.length === 0) return records;
  const noteIds = signed.map((r) => r.note.id);
  const signerIds = [...new Set(signed.flatMap((r) => (r.note.signedBy ? [r.note.signedBy] : [])))];
  const [addenda, signers] = await Promise.all([
    db
      .select({ addendum: clinicalNoteAddenda, author: staffRefColumns })
      .from(clinicalNoteAddenda)
      .leftJoin(users, eq(users.id, clinicalNoteAddenda.authorId))
      .where(inArray(clinicalNoteAddenda.noteId, noteIds))
      .orderBy(asc(clinicalNoteAddenda.createdAt), asc(clinicalNoteAddenda.id)),
    signerIds.length > 0
      ? db.select(staffRefColumns).from(users).where(inArray(users.id, signerIds))
      : Promise.resolve([] as StaffRow[]),
  ]);
  const signerById = new Map(signers.map((s) => [s.id, s]));
  const addendaByNote = new Map<string, AddendumRecord[]>();
  for (const a of addenda) {
    const list = addendaByNote.get(a.addendum.noteId) ?? [];
    list.push(a);
    addendaByNote.set(a.addendum.noteId, list);
  }
  return records.map((r) =>
    r.note.signedAt === null
      ? r
      : {
          ...r,
          signer: r.note.signedBy ? (signerById.get(r.note.signedBy) ?? null) : null,
          addenda: addendaByNote.get(r.note.id) ?? [],
        },
  );
}

/** Signs a draft; null when it was signed in between (the caller answers 409). */
export async function signNote(
  db: Database,
  noteId: string,
  signerId: string,
  now: Date,
): Promise<NoteRow | null> {
  const [row] = await db
    .update(clinicalNotes)
    .set({ signedAt: now, signedBy: signerId })
    .where(and(eq(clinicalNotes.id, noteId), isNull(clinicalNotes.signedAt)))
    .returning();
  return row ?? null;
}

export async function insertAddendum(
  db: Database,
  values: { noteId: string; authorId: string; text: string; now: Date },
): Promise<AddendumRow> {
  const [row] = await db
    .insert(clinicalNoteAddenda)
    .values({
      noteId: values.noteId,
      authorId: values.authorId,
      text: values.text,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/**
 * The author's notes still unsigned since `before` on students still
 * assigned to them, oldest first.
 */
export async function notesPendingSignatureOf(
  db: Database,
  authorId: string,
  before: Date,
): Promise<RecentNoteRecord[]> {
  return authorNotesOnCaseload(
    db,
    authorId,
    isNull(clinicalNotes.signedAt),
    lte(clinicalNotes.createdAt, before),
  ).orderBy(asc(clinicalNotes.createdAt), asc(clinicalNotes.id));
}
