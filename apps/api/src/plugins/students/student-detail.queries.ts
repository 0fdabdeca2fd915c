import { count, desc, eq, exists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CLINICAL_NOTES_PAGE_SIZE } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNotes, students, users } from '../../db/schema';
import { readAuditRow, type AuditParams } from '../audit/audit';
import { openNote, type NoteRecord } from '../clinical-notes/clinical-note.queries';
import type { ClinicalTexts } from '../../security/clinical-texts';
import { staffRefColumns } from '../users/staff-ref';
import { ownStudent } from './caseload';
import { latestRiskJson } from './latest-risk';
import { caseloadRevisionText } from './student-list.json';
import type { StudentRecord } from './student.queries';

const author = alias(users, 'note_author');

const owned = alias(students, 'owned');

const anyone = alias(students, 'anyone');

const newest = alias(clinicalNotes, 'newest_note');

const counted = alias(clinicalNotes, 'counted_note');

/**
 * The ids of the student's first page of notes, and how many notes it has:
 * each a lateral subquery, run once for the one student row (an IN in the
 * join's condition would be run again for every note of every student).
 */
function firstPageOfNotes(db: Database) {
  return db
    .select({ id: newest.id })
    .from(newest)
    .where(eq(newest.studentId, students.id))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(CLINICAL_NOTES_PAGE_SIZE)
    .as('first_page');
}

function notesCount(db: Database) {
  return db
    .select({ total: count().as('total') })
    .from(counted)
    .where(eq(counted.studentId, students.id))
    .as('notes_count');
}

const revision = caseloadRevisionText(sql.placeholder('psychologistId'));

const auditedRevisionStatement = preparedFor((db) => {
  const own = (table: typeof students | typeof owned) =>
    ownStudent(sql.placeholder('studentId'), sql.placeholder('psychologistId'), table);
  // The read's audit row says whether the student was there for this
  // psychologist: 'denied' for anyone else's, 'missing' for an id no student
  // has (one deleted a moment before), as a 404 is recorded (docs/permissions.md#audit-log).
  const auditRow = readAuditRow(
    db,
    sql`case when ${exists(
      db
        .select({ one: sql`1` })
        .from(owned)
        .where(own(owned)),
    )}
      then 'success'
      when ${exists(
        db
          .select({ one: sql`1` })
          .from(anyone)
          .where(eq(anyone.id, sql.placeholder('studentId'))),
      )}
      then 'denied' else 'missing' end`,
  );
  return db
    .with(auditRow)
    .select({ revision })
    .from(students)
    .where(own(students))
    .prepare('student_detail_revision_audited');
});

/**
 * The read's audit row and, when the student is this psychologist's, the
 * revision of the caseload (migrations 0005 and 0009: it changes with the
 * student, its notes, their authors' names and its assessments), in one
 * statement: a student's detail kept at that revision is current. Null for
 * anyone else's student (the row then says 'denied'). Run it through
 * `recordedRead`.
 */
export async function auditedStudentRevision(
  db: Database,
  psychologistId: string,
  studentId: string,
  audit: AuditParams,
): Promise<string | null> {
  const [row] = await auditedRevisionStatement(db).execute({
    ...audit,
    studentId,
    psychologistId,
  });
  return row?.revision ?? null;
}

const studentDetailStatement = preparedFor((db) => {
  const firstPage = firstPageOfNotes(db);
  const total = notesCount(db);
  return (
    db
      .select({
        student: students,
        psychologist: staffRefColumns,
        latestRisk: latestRiskJson(students.id),
        revision,
        notesTotal: total.total,
        note: clinicalNotes,
        author: {
          id: author.id,
          firstName: author.firstName,
          lastName: author.lastName,
          email: author.email,
        },
      })
      .from(students)
      .leftJoin(users, eq(users.id, students.assignedPsychologistId))
      // Notes are reached only through the caller's own student: another
      // caseload's notes are never read. Only the first page:
      // the rest are read a page at a time (docs/api.md#paged-lists).
      .leftJoinLateral(total, sql`true`)
      .leftJoinLateral(firstPage, sql`true`)
      .leftJoin(clinicalNotes, eq(clinicalNotes.id, firstPage.id))
      .leftJoin(author, eq(author.id, clinicalNotes.authorId))
      .where(ownStudent(sql.placeholder('studentId'), sql.placeholder('psychologistId')))
      .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
      .prepare('student_detail')
  );
});

export interface StudentDetailRecord {
  record: StudentRecord;
  /** The newest CLINICAL_NOTES_PAGE_SIZE, newest first, with their authors. */
  notes: NoteRecord[];
  /** Every note of the student. */
  notesTotal: number;
  /** The caseload's revision this detail was read at (one snapshot). */
  revision: string;
}

/**
 * A student of this psychologist with its newest notes and how many it has,
 * and the revision they were read at, in one statement. Null for anyone else's student. It writes no
 * audit row: the caller has written it with `auditedStudentRevision`.
 */
export async function readOwnStudentDetail(
  db: Database,
  texts: ClinicalTexts,
  psychologistId: string,
  studentId: string,
): Promise<StudentDetailRecord | null> {
  const rows = await studentDetailStatement(db).execute({ studentId, psychologistId });
  const first = rows[0];
  if (!first) return null;
  const notes: NoteRecord[] = [];
  for (const row of rows) {
    if (row.note) notes.push({ note: openNote(texts, row.note), author: row.author });
  }
  const { student, psychologist, latestRisk, revision, notesTotal } = first;
  return { record: { student, psychologist, latestRisk }, notes, notesTotal, revision };
}
