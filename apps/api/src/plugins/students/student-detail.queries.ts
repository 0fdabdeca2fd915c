import { desc, eq, exists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNotes, students, users } from '../../db/schema';
import { readAuditRow, type AuditParams } from '../audit/audit';
import type { NoteRecord } from '../clinical-notes/clinical-note.queries';
import { staffRefColumns } from '../users/staff-ref';
import { ownStudent } from './caseload';
import { latestRiskJson } from './latest-risk';
import { caseloadRevisionText } from './student-list.json';
import type { StudentRecord } from './student.queries';

const author = alias(users, 'note_author');

const owned = alias(students, 'owned');

const revision = caseloadRevisionText(sql.placeholder('psychologistId'));

const auditedRevisionStatement = preparedFor((db) => {
  const own = (table: typeof students | typeof owned) =>
    ownStudent(sql.placeholder('studentId'), sql.placeholder('psychologistId'), table);
  // The read's audit row says whether the student was there for this
  // psychologist: 'denied' for anyone else's id, as a 404 is recorded.
  const auditRow = readAuditRow(
    db,
    sql`case when ${exists(
      db
        .select({ one: sql`1` })
        .from(owned)
        .where(own(owned)),
    )}
      then 'success' else 'denied' end`,
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

const studentDetailStatement = preparedFor((db) =>
  db
    .select({
      student: students,
      psychologist: staffRefColumns,
      latestRisk: latestRiskJson(students.id),
      revision,
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
    // caseload's notes are never read (issue 14 §5).
    .leftJoin(clinicalNotes, eq(clinicalNotes.studentId, students.id))
    .leftJoin(author, eq(author.id, clinicalNotes.authorId))
    .where(ownStudent(sql.placeholder('studentId'), sql.placeholder('psychologistId')))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .prepare('student_detail'),
);

export interface StudentDetailRecord {
  record: StudentRecord;
  /** Newest first, with their authors. */
  notes: NoteRecord[];
  /** The caseload's revision this detail was read at (one snapshot). */
  revision: string;
}

/**
 * A student of this psychologist with its notes, and the revision they were
 * read at, in one statement. Null for anyone else's student. It writes no
 * audit row: the caller has written it with `auditedStudentRevision`.
 */
export async function readOwnStudentDetail(
  db: Database,
  psychologistId: string,
  studentId: string,
): Promise<StudentDetailRecord | null> {
  const rows = await studentDetailStatement(db).execute({ studentId, psychologistId });
  const first = rows[0];
  if (!first) return null;
  const notes: NoteRecord[] = [];
  for (const row of rows) if (row.note) notes.push({ note: row.note, author: row.author });
  const { student, psychologist, latestRisk, revision } = first;
  return { record: { student, psychologist, latestRisk }, notes, revision };
}
