import { and, asc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { RECORD_EXPORT_BATCH_SIZE } from '@psicocampus/shared/record-export';
import type { Database } from '../../db/client';
import {
  appointments,
  clinicalNotes,
  safetyPlanRevisions,
  students,
  suicideAssessments,
  users,
} from '../../db/schema';
import { selectAppointments, type AppointmentRecord } from '../appointments/appointment.queries';
import { withRemarks, type AssessmentRecord } from '../assessments/assessment.queries';
import { openNote, withSignatures, type NoteRecord } from '../clinical-notes/clinical-note.queries';
import { openRevision, type SafetyPlanRecord } from '../safety-plans/safety-plan.queries';
import type { ClinicalTexts } from '../../security/clinical-texts';
import { latestRiskJson } from '../students/latest-risk';
import type { StudentRecord } from '../students/student.queries';
import { staffRefColumns } from '../users/staff-ref';

/**
 * A student's whole record read for its export (docs/api.md#record-export):
 * first its size, in one statement and without a text, then each kind of
 * record in order, RECORD_EXPORT_BATCH_SIZE rows at a time, so that no more
 * than a batch is read before it is written out.
 */

/** How much the record holds: rows of every kind and the characters of their texts. */
export interface RecordSize {
  notes: number;
  addenda: number;
  assessments: number;
  remarks: number;
  revisions: number;
  appointments: number;
  /** Every row above. */
  records: number;
  /**
   * Characters of every text the export prints: a sealed text counts the
   * bytes of its UTF-8 (clinical_text_length, migration 0021), as many as
   * its characters or more; answers count as their stored JSON.
   */
  characters: number;
}

/** Counted by the database, one statement: no clinical text leaves it for this. */
export async function recordSize(db: Database, studentId: string): Promise<RecordSize> {
  // Both drivers answer `execute` with `{ rows }`; counts come back as text from one of them.
  const result = (await db.execute(sql`
    with notes as (select id, note from clinical_notes where student_id = ${studentId}),
      addenda as (select a.text from clinical_note_addenda a join notes n on n.id = a.note_id),
      assessments as (select id, answers, clinician_reason from suicide_assessments
        where student_id = ${studentId}),
      remarks as (select r.text from assessment_remarks r join assessments s on s.id = r.assessment_id),
      revisions as (select * from safety_plan_revisions where student_id = ${studentId}),
      visits as (select reason, notes, cancel_reason from appointments where student_id = ${studentId})
    select
      (select count(*) from notes)::int as notes,
      (select count(*) from addenda)::int as addenda,
      (select count(*) from assessments)::int as assessments,
      (select count(*) from remarks)::int as remarks,
      (select count(*) from revisions)::int as revisions,
      (select count(*) from visits)::int as appointments,
      (coalesce((select sum(clinical_text_length(note)) from notes), 0)
        + coalesce((select sum(clinical_text_length(text)) from addenda), 0)
        + coalesce((select sum(char_length(answers::text)
            + coalesce(clinical_text_length(clinician_reason), 0)) from assessments), 0)
        + coalesce((select sum(clinical_text_length(text)) from remarks), 0)
        + coalesce((select sum(clinical_text_length(warning_signs)
            + clinical_text_length(coping_strategies) + clinical_text_length(social_distractions)
            + clinical_text_length(help_contacts) + clinical_text_length(professional_contacts)
            + clinical_text_length(safe_environment) + clinical_text_length(reason_for_living))
            from revisions), 0)
        + coalesce((select sum(char_length(reason) + char_length(notes)
            + coalesce(char_length(cancel_reason), 0)) from visits), 0))::bigint as characters
  `)) as unknown as { rows: Array<Record<keyof RecordSize, number | string>> };
  const row = result.rows[0]!;
  const size = {
    notes: Number(row.notes),
    addenda: Number(row.addenda),
    assessments: Number(row.assessments),
    remarks: Number(row.remarks),
    revisions: Number(row.revisions),
    appointments: Number(row.appointments),
    characters: Number(row.characters),
  };
  const records =
    size.notes +
    size.addenda +
    size.assessments +
    size.remarks +
    size.revisions +
    size.appointments;
  return { ...size, records };
}

/**
 * Pages through one kind of record by its key: `readAfter(last)` reads the
 * batch after the last row of the one before (null: the first). A key, not
 * an offset: a row written meanwhile moves no other into or out of a batch.
 */
export async function* inBatches<Row>(
  readAfter: (last: Row | null, limit: number) => Promise<Row[]>,
  size = RECORD_EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let last: Row | null = null;
  for (;;) {
    const rows = await readAfter(last, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1)!;
  }
}

/**
 * After the row with this id, in (created_at, id) order. The time is read
 * back in the database, not sent from here: a JavaScript Date keeps
 * milliseconds, the column microseconds, and the comparison must be exact.
 */
function afterRow(table: string, time: string, lastId: string | undefined): SQL | undefined {
  if (!lastId) return undefined;
  const t = sql.identifier(table);
  const column = sql.identifier(time);
  return sql`(${t}.${column}, ${t}.id) > (select ${column}, id from ${t} where id = ${lastId})`;
}

/** The student's notes, oldest first, each with its signer and addenda. */
export function noteBatches(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
): AsyncGenerator<NoteRecord[]> {
  return inBatches<NoteRecord>(async (last, limit) => {
    const rows = await db
      .select({ note: clinicalNotes, author: staffRefColumns })
      .from(clinicalNotes)
      .leftJoin(users, eq(users.id, clinicalNotes.authorId))
      .where(
        and(
          eq(clinicalNotes.studentId, studentId),
          afterRow('clinical_notes', 'created_at', last?.note.id),
        ),
      )
      .orderBy(asc(clinicalNotes.createdAt), asc(clinicalNotes.id))
      .limit(limit);
    const opened = rows.map((row) => ({ ...row, note: openNote(texts, row.note) }));
    return withSignatures(db, texts, opened);
  });
}

/** The student's assessments, oldest first ('Evaluación 1' first), each with its remarks. */
export function assessmentBatches(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
): AsyncGenerator<AssessmentRecord[]> {
  return inBatches<AssessmentRecord>(async (last, limit) => {
    const rows = await db
      .select({ assessment: suicideAssessments, author: staffRefColumns })
      .from(suicideAssessments)
      .leftJoin(users, eq(users.id, suicideAssessments.authorId))
      .where(
        and(
          eq(suicideAssessments.studentId, studentId),
          afterRow('suicide_assessments', 'created_at', last?.assessment.id),
        ),
      )
      .orderBy(asc(suicideAssessments.createdAt), asc(suicideAssessments.id))
      .limit(limit);
    return withRemarks(db, texts, rows);
  });
}

/** Every revision of the student's safety plan, the first version first, each whole. */
export function revisionBatches(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
): AsyncGenerator<SafetyPlanRecord[]> {
  return inBatches<SafetyPlanRecord>(async (last, limit) => {
    const rows = await db
      .select({ revision: safetyPlanRevisions, author: staffRefColumns })
      .from(safetyPlanRevisions)
      .leftJoin(users, eq(users.id, safetyPlanRevisions.authorId))
      .where(
        and(
          eq(safetyPlanRevisions.studentId, studentId),
          last ? gt(safetyPlanRevisions.version, last.revision.version) : undefined,
        ),
      )
      .orderBy(asc(safetyPlanRevisions.version))
      .limit(limit);
    return rows.map((row) => ({ ...row, revision: openRevision(texts, row.revision) }));
  });
}

/** The student's appointments by date, the earliest first, every status. */
export function appointmentBatches(
  db: Database,
  studentId: string,
): AsyncGenerator<AppointmentRecord[]> {
  return inBatches<AppointmentRecord>((last, limit) =>
    selectAppointments(db)
      .where(
        and(
          eq(appointments.studentId, studentId),
          afterRow('appointments', 'date', last?.appointment.id),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.id))
      .limit(limit),
  );
}

/**
 * An archived student, as the student's calls read one (without a
 * psychologist: an archived student has none); null for any other id. The
 * administrators' export reaches only these (docs/api.md#record-export).
 */
export async function findArchivedStudent(
  db: Database,
  studentId: string,
): Promise<StudentRecord | null> {
  const [row] = await db
    .select({
      student: students,
      psychologist: staffRefColumns,
      latestRisk: latestRiskJson(students.id),
    })
    .from(students)
    .leftJoin(users, eq(users.id, students.assignedPsychologistId))
    .where(and(eq(students.id, studentId), isNotNull(students.archivedAt)))
    .limit(1);
  return row ?? null;
}
