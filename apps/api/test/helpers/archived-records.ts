import { sql } from 'drizzle-orm';
import type { StudentSummary } from '@psicocampus/shared/domain';
import { saveAssessment, severeAnswers } from './assessments';
import {
  addNote,
  createStudent,
  inDays,
  scheduleAppointment,
  withoutRecordGuards,
} from './patients';
import type { TestServer } from './test-server';

/**
 * Students with a clinical record of every kind, made through the product
 * and archived by 'Eliminar', for the tests of retention
 * (docs/data-model.md#retention-and-purge), then moved back in time.
 */

/** What the record of `studentWithEveryRecord` holds, by kind. */
export const EVERY_RECORD_COUNTS = {
  notes: 1,
  addenda: 1,
  assessments: 1,
  finalRemarks: 1,
  safetyPlanRevisions: 1,
  appointments: 2,
};

/** `years` calendar years (and `days` days) before `from`. */
export function yearsAgo(years: number, days = 0, from = new Date()): Date {
  const date = new Date(from.getTime() - days * 24 * 60 * 60_000);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/**
 * A student of the psychologist `token` with a signed note and its
 * addendum, a safety plan, an assessment with a final remark and two
 * appointments: every kind of record the purge removes.
 */
export async function studentWithEveryRecord(
  server: TestServer,
  token: string,
): Promise<StudentSummary> {
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    server.call({ method, url, token, ...(payload ? { payload } : {}) });
  const student = await createStudent(server, token, { firstName: 'Reservada' });
  const note = await addNote(server, token, student._id, 'Texto clínico reservado de la nota.');
  const noteUrl = `/api/students/${student._id}/clinical-notes/${note._id}`;
  await call('POST', `${noteUrl}/sign`);
  await call('POST', `${noteUrl}/addenda`, { text: 'Adenda clínica reservada.' });
  await call('PUT', `/api/students/${student._id}/safety-plan`, {
    warningSigns: 'Señales reservadas.',
    status: 'draft',
    version: 0,
  });
  const assessment = await saveAssessment(server, token, student._id, severeAnswers());
  await call('PUT', `/api/suicide-assessments/${assessment._id}/final-remarks`, {
    finalRemarks: 'Observación final reservada.',
  });
  await scheduleAppointment(server, token, student._id, inDays(2));
  await scheduleAppointment(server, token, student._id, inDays(3));
  return student;
}

/**
 * Dates every record of the student `activity` and their archive `archivedAt`,
 * as if written then, with the database's guards off (the product never
 * rewrites a record's time). The first appointment was attended at
 * `activity`; the second, a no-show, at `noShowAt`.
 */
export async function dateRecords(
  server: TestServer,
  studentId: string,
  dates: { activity: Date; noShowAt: Date; archivedAt: Date | null },
): Promise<void> {
  const at = dates.activity.toISOString();
  const noShow = dates.noShowAt.toISOString();
  await withoutRecordGuards(server.server.database.db, async (tx) => {
    const notes = sql`(select id from clinical_notes where student_id = ${studentId})`;
    const assessments = sql`(select id from suicide_assessments where student_id = ${studentId})`;
    for (const statement of [
      sql`update clinical_notes set created_at = ${at}, updated_at = ${at}, signed_at = ${at} where student_id = ${studentId}`,
      sql`update clinical_note_addenda set created_at = ${at} where note_id in ${notes}`,
      sql`update suicide_assessments set created_at = ${at} where student_id = ${studentId}`,
      sql`update assessment_remarks set created_at = ${at} where assessment_id in ${assessments}`,
      sql`update safety_plan_revisions set created_at = ${at} where student_id = ${studentId}`,
      sql`with attended as (select id from appointments where student_id = ${studentId} order by date, id limit 1)
        update appointments set
          date = case when id in (select id from attended) then ${at}::timestamptz else ${noShow}::timestamptz end,
          status = case when id in (select id from attended) then 'ATTENDED' else 'NO_SHOW' end,
          status_changed_at = case when id in (select id from attended) then ${at}::timestamptz else ${noShow}::timestamptz end
        where student_id = ${studentId}`,
      sql`update students set archived_at = ${dates.archivedAt?.toISOString() ?? null} where id = ${studentId}`,
    ]) {
      await tx.execute(statement);
    }
  });
}
