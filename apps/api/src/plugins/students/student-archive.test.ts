import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import {
  appointments,
  assessmentRemarks,
  clinicalNoteAddenda,
  clinicalNotes,
  mailQueue,
  safetyPlanRevisions,
  students,
  suicideAssessments,
} from '../../db/schema';
import { appointmentUid } from '../../mail/appointment-calendar';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import {
  addNote,
  auditRowsOf,
  createStudent,
  inDays,
  scheduleAppointment,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/**
 * 'Eliminar' on a student (docs/data-model.md#archived-students): without a
 * clinical record the student is deleted; with one, archived, every record
 * kept exactly as it was, and the student out of every psychologist's reach.
 */

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const db = () => server.server.database.db;
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => server.call({ method, url, token, ...(payload ? { payload } : {}) });
const remove = (token: string, id: string) => call(token, 'DELETE', `/api/students/${id}`);

const PLAN = {
  warningSigns: 'Dejo de dormir y me aíslo.',
  copingStrategies: 'Respirar despacio.',
  socialDistractions: 'Ir a la biblioteca.',
  helpContacts: 'Mi hermana, 099 123 4567.',
  professionalContacts: 'El servicio de orientación.',
  safeEnvironment: 'Los medicamentos bajo llave.',
  reasonForLiving: 'Terminar la carrera.',
};

/** A student of Lucía's with a signed note and its addendum, a safety plan and an assessment with a remark. */
async function studentWithRecords(firstName = 'Archivada', planStatus = 'complete') {
  const student = await createStudent(server, lucia, { firstName });
  const note = await addNote(server, lucia, student._id, 'Nota firmada, texto clínico reservado.');
  const base = `/api/students/${student._id}/clinical-notes/${note._id}`;
  expect((await call(lucia, 'POST', `${base}/sign`)).statusCode).toBe(200);
  expect(
    (await call(lucia, 'POST', `${base}/addenda`, { text: 'Adenda reservada.' })).statusCode,
  ).toBe(201);
  const plan = await call(lucia, 'PUT', `/api/students/${student._id}/safety-plan`, {
    ...PLAN,
    status: planStatus,
    version: 0,
  });
  expect(plan.statusCode).toBe(200);
  const assessment = await saveAssessment(server, lucia, student._id, severeAnswers());
  const remark = await call(
    lucia,
    'PUT',
    `/api/suicide-assessments/${assessment._id}/final-remarks`,
    {
      finalRemarks: 'Observación final reservada.',
    },
  );
  expect(remark.statusCode).toBe(200);
  const appointment = await scheduleAppointment(server, lucia, student._id, inDays(3));
  return { student, note, assessment, appointment };
}

/** Every row the database holds about a student, as it is. */
async function recordsOf(studentId: string) {
  const notes = await db()
    .select()
    .from(clinicalNotes)
    .where(eq(clinicalNotes.studentId, studentId));
  const assessments = await db()
    .select()
    .from(suicideAssessments)
    .where(eq(suicideAssessments.studentId, studentId));
  return {
    notes,
    addenda: await db()
      .select()
      .from(clinicalNoteAddenda)
      .where(
        sql`${clinicalNoteAddenda.noteId} in (select id from clinical_notes where student_id = ${studentId})`,
      ),
    plans: await db()
      .select()
      .from(safetyPlanRevisions)
      .where(eq(safetyPlanRevisions.studentId, studentId)),
    assessments,
    remarks: await db()
      .select()
      .from(assessmentRemarks)
      .where(
        sql`${assessmentRemarks.assessmentId} in (select id from suicide_assessments where student_id = ${studentId})`,
      ),
    appointments: await db()
      .select()
      .from(appointments)
      .where(eq(appointments.studentId, studentId)),
  };
}

async function studentRow(id: string) {
  const [row] = await db().select().from(students).where(eq(students.id, id));
  return row ?? null;
}

describe('deleting a student with clinical records archives them', () => {
  it('keeps every note, addendum, plan revision, assessment and remark, and says so', async () => {
    const { student, appointment } = await studentWithRecords();
    const waitingMail = () =>
      db().$count(
        mailQueue,
        and(
          eq(mailQueue.appointmentId, appointment._id),
          inArray(mailQueue.status, ['queued', 'failed']),
        ),
      );
    // The reminder of the appointment ahead waits in the queue.
    expect(await waitingMail()).toBe(1);
    const before = await recordsOf(student._id);
    expect(before.notes).toHaveLength(1);
    expect(before.addenda).toHaveLength(1);
    expect(before.plans).toHaveLength(1);
    expect(before.remarks).toHaveLength(1);

    const response = await remove(lucia, student._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.students.archived, outcome: 'archived' });
    expect(MSG.students.archived).not.toBe(MSG.students.deleted);

    expect(await recordsOf(student._id)).toEqual(before);
    const row = await studentRow(student._id);
    expect(row).toMatchObject({
      archivedById: await userIdOf(server, 'psychologist'),
      assignedPsychologistId: null,
      firstName: 'Archivada',
    });
    expect(row!.archivedAt).toBeInstanceOf(Date);
    // Nobody follows them now: the reminder will not leave; the appointment stays as it was.
    expect(await waitingMail()).toBe(0);
    const [audit] = (await auditRowsOf(server, 'student.archive')).filter(
      (entry) => entry.recordId === student._id,
    );
    expect(audit).toMatchObject({
      outcome: 'success',
      recordType: 'student',
      role: 'PSYCHOLOGIST',
    });
  });

  it('counts a draft note, or an attended appointment, as a clinical record', async () => {
    const drafted = await createStudent(server, lucia);
    await addNote(server, lucia, drafted._id, 'Borrador');
    expect((await remove(lucia, drafted._id)).json().outcome).toBe('archived');

    const attended = await createStudent(server, lucia);
    const appointment = await scheduleAppointment(server, lucia, attended._id);
    // Attended a while ago (the screens close an appointment once it has begun).
    await db()
      .update(appointments)
      .set({
        status: 'ATTENDED',
        date: new Date(Date.now() - 7 * 86_400_000),
        statusChangedAt: new Date(),
      })
      .where(eq(appointments.id, appointment._id));
    expect((await remove(lucia, attended._id)).json().outcome).toBe('archived');
    expect(await db().$count(appointments, eq(appointments.studentId, attended._id))).toBe(1);
  });
});

describe('deleting a student without clinical records', () => {
  it("deletes them as before, with the appointments they never attended: 'Estudiante Eliminado'", async () => {
    const student = await createStudent(server, lucia, { firstName: 'Importada' });
    await scheduleAppointment(server, lucia, student._id);
    const response = await remove(lucia, student._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.students.deleted, outcome: 'deleted' });
    expect(await studentRow(student._id)).toBeNull();
    expect(await db().$count(appointments, eq(appointments.studentId, student._id))).toBe(0);
    const rows = await auditRowsOf(server, 'student.delete');
    expect(rows.filter((entry) => entry.recordId === student._id)).toEqual([
      expect.objectContaining({ outcome: 'success' }),
    ]);
  });
});

/** Every call that takes a student's id, or one of its records' ids. */
function callsAbout(ids: {
  student: string;
  note: string;
  assessment: string;
  appointment: string;
}) {
  const s = `/api/students/${ids.student}`;
  const n = `${s}/clinical-notes/${ids.note}`;
  const a = `/api/suicide-assessments/${ids.assessment}`;
  return [
    ['GET', s],
    ['PUT', s, { firstName: 'Otra', lastName: 'Persona', age: 30, version: 1 }],
    ['DELETE', s],
    ['GET', `${s}/clinical-notes`],
    ['POST', `${s}/clinical-notes`, { note: 'Nueva' }],
    ['PUT', n, { note: 'Cambiada', version: 1 }],
    ['DELETE', n],
    ['POST', `${n}/sign`],
    ['POST', `${n}/addenda`, { text: 'Otra adenda' }],
    ['GET', `${s}/history`],
    ['GET', `${s}/safety-plan`],
    ['GET', `${s}/safety-plan/revisions`],
    ['PUT', `${s}/safety-plan`, { ...PLAN, status: 'complete', version: 1 }],
    ['GET', `${s}/safety-plan/pdf`],
    ['GET', `/api/appointments?studentId=${ids.student}`],
    [
      'PUT',
      `/api/appointments/${ids.appointment}`,
      { date: inDays(5), reason: 'Otra', version: 1 },
    ],
    ['POST', `/api/appointments/${ids.appointment}/status`, { status: 'ATTENDED', version: 1 }],
    ['GET', `/api/suicide-assessments?studentId=${ids.student}`],
    ['GET', a],
    ['PUT', `${a}/final-remarks`, { finalRemarks: 'Otra observación' }],
    [
      'PUT',
      `${a}/clinician-level`,
      { level: 'BAJO', reason: 'Un motivo clínico suficientemente largo.' },
    ],
    ['GET', `/api/pdfreport/student/${ids.student}`],
    ['GET', `/api/pdfassessement/${ids.assessment}/report/pdfassessment`],
    ['GET', `/api/fhir/QuestionnaireResponse/${ids.assessment}`],
  ] as const;
}

describe('an archived student', () => {
  it('answers 404 on every call about them, to the psychologist who archived them and to any other', async () => {
    const { student, note, assessment, appointment } = await studentWithRecords();
    const ids = {
      student: student._id,
      note: note._id,
      assessment: assessment._id,
      appointment: appointment._id,
    };
    // Reachable before, for the psychologist who holds them.
    expect((await call(lucia, 'GET', `/api/students/${student._id}`)).statusCode).toBe(200);
    expect((await remove(lucia, student._id)).json().outcome).toBe('archived');
    const before = await recordsOf(student._id);
    for (const token of [lucia, martin]) {
      for (const [method, url, payload] of callsAbout(ids)) {
        const response = await call(token, method, url, payload);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      }
      const appointmentCall = await call(token, 'POST', '/api/appointments', {
        studentId: student._id,
        date: inDays(4),
        reason: 'Nueva',
        notes: '',
      });
      expect(appointmentCall.statusCode).toBe(404);
      const newAssessment = await call(token, 'POST', '/api/suicide-assessments', {
        ...severeAnswers(),
        student: student._id,
      });
      expect(newAssessment.statusCode).toBe(404);
    }
    expect(await recordsOf(student._id)).toEqual(before);
    const bundle = await call(
      lucia,
      'GET',
      `/api/fhir/QuestionnaireResponse?subject=Patient/${student._id}`,
    );
    expect(bundle.body).not.toContain(assessment._id);
  });

  it('leaves the list, the search, the statistics, the follow-up, the agenda and the calendar feed', async () => {
    // A draft plan after a severe assessment: on the priority follow-up.
    const { student, appointment } = await studentWithRecords('Seguida', 'draft');
    const feed = await call(lucia, 'POST', '/api/calendar/feed', {});
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL(feed.json().url as string).pathname;
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = inDays(10);
    const seen = async () => ({
      list: (await call(lucia, 'GET', '/api/students')).body.includes(student._id),
      search: (await call(lucia, 'GET', '/api/students?q=Seguida&page=1')).body.includes(
        student._id,
      ),
      followUp: (await call(lucia, 'GET', '/api/follow-up?pageSize=200')).body.includes(
        student._id,
      ),
      agenda: (await call(lucia, 'GET', `/api/appointments?from=${from}&to=${to}`)).body.includes(
        student._id,
      ),
      caseload: (await call(lucia, 'GET', '/api/statistics')).json().statistics.totals
        .students as number,
      service: (await call(admin, 'GET', '/api/statistics')).json().statistics.totals
        .students as number,
      adminList: (
        await call(admin, 'GET', '/api/admin/students?q=Seguida&pageSize=200')
      ).body.includes(student._id),
      calendar: (await server.call({ method: 'GET', url: feedPath })).body.includes(
        appointmentUid(appointment._id),
      ),
    });
    const before = await seen();
    expect(before).toMatchObject({
      list: true,
      search: true,
      followUp: true,
      agenda: true,
      adminList: true,
      calendar: true,
    });
    expect((await remove(lucia, student._id)).json().outcome).toBe('archived');
    expect(await seen()).toEqual({
      list: false,
      search: false,
      followUp: false,
      agenda: false,
      caseload: before.caseload - 1,
      service: before.service - 1,
      adminList: false,
      calendar: false,
    });
    // Nor can the assignment list give them to anyone: only a restore does.
    const assign = await call(admin, 'PUT', `/api/students/${student._id}/assignment`, {
      psychologistId: await userIdOf(server, 'psychologist2'),
    });
    expect(assign.statusCode).toBe(404);
    expect((await studentRow(student._id))!.assignedPsychologistId).toBeNull();
  });
});
