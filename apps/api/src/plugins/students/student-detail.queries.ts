import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { clinicalNotes, students, users } from '../../db/schema';
import type { NoteRecord } from '../clinical-notes/clinical-note.queries';
import { staffRefColumns } from '../users/staff-ref';

const ownStudentNotesStatement = preparedFor((db) =>
  db
    .select({ note: clinicalNotes, author: staffRefColumns })
    .from(clinicalNotes)
    .leftJoin(users, eq(users.id, clinicalNotes.authorId))
    .where(
      and(
        eq(clinicalNotes.studentId, sql.placeholder('studentId')),
        // Depends on the parameters alone, so PostgreSQL checks it once,
        // before touching clinical_notes: for anyone else's student no note
        // is read at all (issue 14 §5), and the answer costs what an unknown
        // id costs.
        exists(
          db
            .select({ one: sql`1` })
            .from(students)
            .where(
              and(
                eq(students.id, sql.placeholder('studentId')),
                eq(students.assignedPsychologistId, sql.placeholder('psychologistId')),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .prepare('clinical_notes_of_own_student'),
);

/**
 * A student's notes, newest first with their authors, only if the student
 * is this psychologist's; none otherwise. Sent alongside the ownership check
 * (the detail's one round trip) without ever reading another caseload.
 */
export async function listOwnStudentNotes(
  db: Database,
  psychologistId: string,
  studentId: string,
): Promise<NoteRecord[]> {
  return ownStudentNotesStatement(db).execute({ studentId, psychologistId });
}
