import { desc, eq, exists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNotes, students, users } from '../../db/schema';
import { readAuditRow, type AuditParams } from '../audit/audit';
import type { NoteRecord } from '../clinical-notes/clinical-note.queries';
import { staffRefColumns } from '../users/staff-ref';
import { ownStudent } from './caseload';
import type { StudentRecord } from './student.queries';

const author = alias(users, 'note_author');

const owned = alias(students, 'owned');

const studentDetailStatement = preparedFor((db) => {
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
  return (
    db
      .with(auditRow)
      .select({
        student: students,
        psychologist: staffRefColumns,
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
      .where(own(students))
      .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
      .prepare('student_detail_audited')
  );
});

export interface StudentDetailRecord {
  record: StudentRecord;
  /** Newest first, with their authors. */
  notes: NoteRecord[];
}

/**
 * A student of this psychologist with its notes, and the read's audit row,
 * in one statement: the detail is the most frequent clinical read, and its
 * four round trips (the student, its notes, the audit row, on top of the
 * session check) were most of its cost. Null for anyone else's student (the
 * row then says 'denied'). Run it through `recordedRead`.
 */
export async function readOwnStudentDetail(
  db: Database,
  psychologistId: string,
  studentId: string,
  audit: AuditParams,
): Promise<StudentDetailRecord | null> {
  const rows = await studentDetailStatement(db).execute({ ...audit, studentId, psychologistId });
  const first = rows[0];
  if (!first) return null;
  const notes: NoteRecord[] = [];
  for (const row of rows) if (row.note) notes.push({ note: row.note, author: row.author });
  return { record: { student: first.student, psychologist: first.psychologist }, notes };
}
