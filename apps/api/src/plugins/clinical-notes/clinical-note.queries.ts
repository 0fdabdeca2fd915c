import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNoteAddenda, clinicalNotes, students, users } from '../../db/schema';
import type { ClinicalTexts } from '../../security/clinical-texts';
import { openRow, SEALED_TABLES, sealRow } from '../../security/sealed-columns';
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

const NOTES = SEALED_TABLES.clinicalNotes;
const ADDENDA = SEALED_TABLES.clinicalNoteAddenda;

/** The note as written: its text opened (security/clinical-texts.ts). */
export function openNote(texts: ClinicalTexts, note: NoteRow): NoteRow {
  return openRow(texts, NOTES, note);
}

function openNoteRecords<T extends { note: NoteRow }>(texts: ClinicalTexts, records: T[]): T[] {
  return records.map((record) => ({ ...record, note: openNote(texts, record.note) }));
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
export async function listStudentNotes(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
): Promise<NoteRecord[]> {
  return openNoteRecords(texts, await listStudentNotesStatement(db).execute({ studentId }));
}

const studentNotesPageStatement = preparedFor((db) =>
  selectNotes(db)
    .where(eq(clinicalNotes.studentId, sql.placeholder('studentId')))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('clinical_notes_page_of_student'),
);

/**
 * One page of a student's notes, in the order of `listStudentNotes` (the
 * detail's first page is the same page): the (student_id, created_at) index serves it.
 */
export async function studentNotesPage(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
  page: { limit: number; offset: number },
): Promise<NoteRecord[]> {
  return openNoteRecords(
    texts,
    await studentNotesPageStatement(db).execute({ studentId, ...page }),
  );
}

/** Every note of the student, on every page. */
export async function countStudentNotes(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(clinicalNotes)
    .where(eq(clinicalNotes.studentId, studentId));
  return row?.total ?? 0;
}

const target = alias(clinicalNotes, 'target_note');

/**
 * How many of the student's notes come before this one, newest first (ties
 * by id, as the pages are read): 0 when it is the newest, or not one of
 * theirs (a draft deleted since it was linked).
 */
export async function studentNotesBefore(
  db: Database,
  studentId: string,
  noteId: string,
): Promise<number> {
  const [row] = await db
    .select({ before: count() })
    .from(clinicalNotes)
    .innerJoin(target, and(eq(target.id, noteId), eq(target.studentId, studentId)))
    .where(
      and(
        eq(clinicalNotes.studentId, studentId),
        sql`(${clinicalNotes.createdAt}, ${clinicalNotes.id}) > (${target.createdAt}, ${target.id})`,
      ),
    );
  return row?.before ?? 0;
}

/** The note if it belongs to this student. */
export async function findStudentNote(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
  noteId: string,
): Promise<NoteRecord | null> {
  const rows = await selectNotes(db)
    .where(and(eq(clinicalNotes.id, noteId), eq(clinicalNotes.studentId, studentId)))
    .limit(1);
  return openNoteRecords(texts, rows)[0] ?? null;
}

export async function insertNote(
  db: Database,
  texts: ClinicalTexts,
  values: { studentId: string; authorId: string; note: string; now: Date },
): Promise<NoteRow> {
  // The id is chosen here, as the text is sealed bound to it.
  const id = randomUUID();
  const [row] = await db
    .insert(clinicalNotes)
    .values({
      id,
      studentId: values.studentId,
      authorId: values.authorId,
      note: sealRow(texts, NOTES, { note: values.note }, id).note,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return openNote(texts, row!);
}

/** Saves the text only over the version the author read; null when someone saved in between. */
export async function updateNoteAtVersion(
  db: Database,
  texts: ClinicalTexts,
  change: { noteId: string; version: number; note: string; now: Date },
): Promise<NoteRow | null> {
  const { noteId, version, now } = change;
  const { note } = sealRow(texts, NOTES, { note: change.note }, noteId);
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
  return row ? openNote(texts, row) : null;
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
 * What the home's lists read of a note (docs/api.md#clinical-notes): whose
 * it is and when, never its text. These are the only columns selected, so
 * the text does not leave the database for a list.
 */
const noteListingColumns = {
  id: clinicalNotes.id,
  studentId: clinicalNotes.studentId,
  createdAt: clinicalNotes.createdAt,
  updatedAt: clinicalNotes.updatedAt,
  version: clinicalNotes.version,
  signedAt: clinicalNotes.signedAt,
  student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
};

export interface NoteListingRecord {
  id: string;
  studentId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  signedAt: Date | null;
  student: { id: string; firstName: string; lastName: string };
}

/**
 * The author's notes on students still assigned to them that also meet
 * `condition` (the (author_id, created_at) index serves it).
 */
function authorNotesOnCaseload(authorId: string, condition?: SQL): SQL | undefined {
  return and(eq(clinicalNotes.authorId, authorId), inCaseloadOf(authorId), condition);
}

function selectNoteListings(db: Database, where: SQL | undefined) {
  return db
    .select(noteListingColumns)
    .from(clinicalNotes)
    .innerJoin(students, eq(students.id, clinicalNotes.studentId))
    .where(where);
}

/** The author's latest notes on students still assigned to them. */
export async function recentNotesOf(
  db: Database,
  authorId: string,
  limit: number,
): Promise<NoteListingRecord[]> {
  return selectNoteListings(db, authorNotesOnCaseload(authorId))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .limit(limit);
}

/**
 * The notes with their signers and addenda: at most two more queries, and
 * none when no note is signed (only a signed note has addenda).
 */
export async function withSignatures<T extends NoteRecord>(
  db: Database,
  texts: ClinicalTexts,
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
    list.push({ ...a, addendum: openRow(texts, ADDENDA, a.addendum) });
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
  texts: ClinicalTexts,
  noteId: string,
  signerId: string,
  now: Date,
): Promise<NoteRow | null> {
  const [row] = await db
    .update(clinicalNotes)
    .set({ signedAt: now, signedBy: signerId })
    .where(and(eq(clinicalNotes.id, noteId), isNull(clinicalNotes.signedAt)))
    .returning();
  return row ? openNote(texts, row) : null;
}

/** Appends an addendum; its time is the database's (migration 0018), never the caller's. */
export async function insertAddendum(
  db: Database,
  texts: ClinicalTexts,
  values: { noteId: string; authorId: string; text: string },
): Promise<AddendumRow> {
  const id = randomUUID();
  const [row] = await db
    .insert(clinicalNoteAddenda)
    .values(sealRow(texts, ADDENDA, { ...values, id }, id))
    .returning();
  return openRow(texts, ADDENDA, row!);
}

/** The author's notes still unsigned since `before`, on students still assigned to them. */
function pendingSignature(authorId: string, before: Date): SQL | undefined {
  return authorNotesOnCaseload(
    authorId,
    and(isNull(clinicalNotes.signedAt), lte(clinicalNotes.createdAt, before)),
  );
}

/** One page of the author's notes pending signature (see pendingSignature), oldest first. */
export async function notesPendingSignatureOf(
  db: Database,
  authorId: string,
  before: Date,
  page: { limit: number; offset: number },
): Promise<NoteListingRecord[]> {
  return selectNoteListings(db, pendingSignature(authorId, before))
    .orderBy(asc(clinicalNotes.createdAt), asc(clinicalNotes.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many notes pendingSignature finds, on every page. */
export async function countNotesPendingSignature(
  db: Database,
  authorId: string,
  before: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(clinicalNotes)
    .innerJoin(students, eq(students.id, clinicalNotes.studentId))
    .where(pendingSignature(authorId, before));
  return row?.total ?? 0;
}
