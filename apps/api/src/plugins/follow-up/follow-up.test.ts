import { eq } from 'drizzle-orm';
import { LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import type { FollowUpEntry } from '@psicocampus/shared/follow-up';
import { safetyPlanRevisions, students, suicideAssessments } from '../../db/schema';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import {
  auditRowsOf,
  createStudent,
  inDays,
  scheduleAppointment,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/**
 * "Seguimiento prioritario" (docs/api.md#follow-up): every way onto the list and every
 * way off it, on the server. The safety plan's route is another slice's:
 * its revisions are written here as that route writes them, one row each.
 */
let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const DAY_MS = 24 * 3_600_000;

async function followUp(token: string): Promise<FollowUpEntry[]> {
  const response = await server.call({ method: 'GET', url: '/api/follow-up', token });
  expect(response.statusCode).toBe(200);
  return response.json().entries;
}

/** The student's reasons on the caller's list, or null when not on it. */
async function reasonsOf(token: string, studentId: string): Promise<string[] | null> {
  const entry = (await followUp(token)).find((e) => e.student._id === studentId);
  return entry ? entry.reasons.map((r) => r.code) : null;
}

const db = () => server.server.database.db;

async function addPlanRevision(studentId: string, status: 'draft' | 'complete') {
  const versions = await db()
    .select({ version: safetyPlanRevisions.version })
    .from(safetyPlanRevisions)
    .where(eq(safetyPlanRevisions.studentId, studentId));
  await db()
    .insert(safetyPlanRevisions)
    .values({
      studentId,
      version: versions.length + 1,
      status,
      warningSigns: 'Aislamiento',
    });
}

/** An assessment saved `days` ago at MUY_ALTO, as if saved then (the API stamps the present). */
async function severeAssessmentDaysAgo(studentId: string, authorId: string, days: number) {
  const [row] = await db()
    .insert(suicideAssessments)
    .values({
      studentId,
      authorId,
      answers: severeAnswers(),
      riskLevel: 'MUY_ALTO',
      createdAt: new Date(Date.now() - days * DAY_MS),
    })
    .returning({ id: suicideAssessments.id });
  return row!.id;
}

async function recordClinicianLevel(token: string, assessmentId: string, level: string) {
  const response = await server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessmentId}/clinician-level`,
    token,
    payload: { level, reason: 'Juicio clínico tras la entrevista con la familia.' },
  });
  expect(response.statusCode).toBe(200);
}

async function cancel(token: string, appointmentId: string) {
  const response = await server.call({
    method: 'POST',
    url: `/api/appointments/${appointmentId}/status`,
    token,
    payload: { status: 'CANCELLED', cancelledBy: 'STUDENT', reason: 'Viaje familiar', version: 1 },
  });
  expect(response.statusCode).toBe(200);
}

async function reassign(studentId: string, to: string | null) {
  await db().update(students).set({ assignedPsychologistId: to }).where(eq(students.id, studentId));
}

describe('GET /api/follow-up: the ways onto the list', () => {
  it('puts a student assessed at MUY_ALTO on it with all that is missing, and says what clears each', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Valeria', lastName: 'Ortiz' });
    const assessment = await saveAssessment(server, lucia, student._id, severeAnswers());
    const response = await server.call({ method: 'GET', url: '/api/follow-up', token: lucia });
    expect(response.json()).toMatchObject({ ok: true, days: 7, reassessDays: 30 });
    expect(
      response.json().entries.find((e: FollowUpEntry) => e.student._id === student._id),
    ).toEqual({
      student: { _id: student._id, firstName: 'Valeria', lastName: 'Ortiz' },
      level: 'MUY_ALTO',
      assessment: { _id: assessment._id, createdAt: assessment.createdAt },
      reasons: [
        { code: 'NO_APPOINTMENT', clearedBy: 'SCHEDULE_APPOINTMENT' },
        { code: 'NO_SAFETY_PLAN', clearedBy: 'COMPLETE_SAFETY_PLAN' },
      ],
    });
  });

  it('leaves off a student never assessed, and one whose latest level is below ALTO', async () => {
    const never = await createStudent(server, lucia);
    const calm = await createStudent(server, lucia);
    await saveAssessment(server, lucia, calm._id, calmAnswers());
    expect(await reasonsOf(lucia, never._id)).toBeNull();
    expect(await reasonsOf(lucia, calm._id)).toBeNull();
  });

  it('puts on it a student whose clinician’s level raises a lower level to ALTO', async () => {
    const student = await createStudent(server, lucia);
    const assessment = await saveAssessment(server, lucia, student._id, calmAnswers());
    expect(await reasonsOf(lucia, student._id)).toBeNull();
    await recordClinicianLevel(lucia, assessment._id, 'ALTO');
    const entry = (await followUp(lucia)).find((e) => e.student._id === student._id);
    expect(entry).toMatchObject({
      level: 'ALTO',
      reasons: [{ code: 'NO_APPOINTMENT' }, { code: 'NO_SAFETY_PLAN' }],
    });
  });

  it('asks for a reassessment more than 30 days after a high one, and not before', async () => {
    const luciaId = await userIdOf(server, 'psychologist');
    const due = await createStudent(server, lucia);
    await severeAssessmentDaysAgo(due._id, luciaId, 31);
    const recent = await createStudent(server, lucia);
    await severeAssessmentDaysAgo(recent._id, luciaId, 29);
    expect(await reasonsOf(lucia, due._id)).toEqual([
      'NO_APPOINTMENT',
      'NO_SAFETY_PLAN',
      'REASSESSMENT_DUE',
    ]);
    expect(await reasonsOf(lucia, recent._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
  });

  it('lists MUY_ALTO before ALTO, and within a level whoever has waited longest first', async () => {
    const { token, user } = await inviteAndSignIn(server, admin);
    const older = await createStudent(server, token, { lastName: 'Mayor' });
    await severeAssessmentDaysAgo(older._id, user._id, 3);
    const newer = await createStudent(server, token, { lastName: 'Menor' });
    await saveAssessment(server, token, newer._id, severeAnswers());
    const high = await createStudent(server, token, { lastName: 'Alto' });
    await recordClinicianLevel(
      token,
      (await saveAssessment(server, token, high._id, calmAnswers()))._id,
      'ALTO',
    );
    expect((await followUp(token)).map((e) => [e.student.lastName, e.level])).toEqual([
      ['Mayor', 'MUY_ALTO'],
      ['Menor', 'MUY_ALTO'],
      ['Alto', 'ALTO'],
    ]);
  });
});

describe('GET /api/follow-up: the ways off it', () => {
  it('an appointment within the next 7 days clears its reason; one later, or cancelled, does not', async () => {
    const student = await createStudent(server, lucia);
    await saveAssessment(server, lucia, student._id, severeAnswers());
    await scheduleAppointment(server, lucia, student._id, inDays(8));
    expect(await reasonsOf(lucia, student._id)).toContain('NO_APPOINTMENT');
    const soon = await scheduleAppointment(server, lucia, student._id, inDays(3));
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_SAFETY_PLAN']);
    await cancel(lucia, soon._id);
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
  });

  it('an appointment a colleague scheduled counts too: the student is seen', async () => {
    const student = await createStudent(server, lucia);
    await saveAssessment(server, lucia, student._id, severeAnswers());
    await reassign(student._id, await userIdOf(server, 'psychologist2'));
    await scheduleAppointment(server, martin, student._id, inDays(1));
    await reassign(student._id, await userIdOf(server, 'psychologist'));
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_SAFETY_PLAN']);
  });

  it('a safety plan whose current revision is complete clears its reason; a draft does not, nor a complete one followed by a draft', async () => {
    const student = await createStudent(server, lucia);
    await saveAssessment(server, lucia, student._id, severeAnswers());
    await addPlanRevision(student._id, 'draft');
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
    await addPlanRevision(student._id, 'complete');
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_APPOINTMENT']);
    await addPlanRevision(student._id, 'draft');
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
  });

  it('with an appointment soon and a complete plan, the student is off the list', async () => {
    const student = await createStudent(server, lucia);
    await saveAssessment(server, lucia, student._id, severeAnswers());
    await scheduleAppointment(server, lucia, student._id, inDays(6));
    await addPlanRevision(student._id, 'complete');
    expect(await reasonsOf(lucia, student._id)).toBeNull();
  });

  it('a new assessment clears the reassessment; still high, the student stays for the rest', async () => {
    const student = await createStudent(server, lucia);
    await severeAssessmentDaysAgo(student._id, await userIdOf(server, 'psychologist'), 40);
    await addPlanRevision(student._id, 'complete');
    expect(await reasonsOf(lucia, student._id)).toEqual(['NO_APPOINTMENT', 'REASSESSMENT_DUE']);
    const again = await saveAssessment(server, lucia, student._id, severeAnswers());
    const entry = (await followUp(lucia)).find((e) => e.student._id === student._id);
    expect(entry).toMatchObject({
      assessment: { _id: again._id },
      reasons: [{ code: 'NO_APPOINTMENT' }],
    });
  });

  it('a new assessment below ALTO takes the student off entirely', async () => {
    const student = await createStudent(server, lucia);
    await severeAssessmentDaysAgo(student._id, await userIdOf(server, 'psychologist'), 40);
    expect(await reasonsOf(lucia, student._id)).not.toBeNull();
    await saveAssessment(server, lucia, student._id, calmAnswers());
    expect(await reasonsOf(lucia, student._id)).toBeNull();
  });

  it('a clinician’s level below ALTO takes the student off; MUY_ALTO lowered to ALTO keeps them', async () => {
    const lowered = await createStudent(server, lucia);
    const first = await saveAssessment(server, lucia, lowered._id, severeAnswers());
    await recordClinicianLevel(lucia, first._id, 'MODERADO');
    expect(await reasonsOf(lucia, lowered._id)).toBeNull();

    const still = await createStudent(server, lucia);
    const second = await saveAssessment(server, lucia, still._id, severeAnswers());
    await recordClinicianLevel(lucia, second._id, 'ALTO');
    expect((await followUp(lucia)).find((e) => e.student._id === still._id)?.level).toBe('ALTO');
  });
});

describe('GET /api/follow-up: whose list', () => {
  it('never shows another psychologist’s student', async () => {
    const his = await createStudent(server, martin);
    await saveAssessment(server, martin, his._id, severeAnswers());
    expect(await reasonsOf(martin, his._id)).not.toBeNull();
    expect(await reasonsOf(lucia, his._id)).toBeNull();
  });

  it('moves with the caseload: reassigned, the student is on the new psychologist’s list only; unassigned, on nobody’s', async () => {
    const student = await createStudent(server, lucia);
    await saveAssessment(server, lucia, student._id, severeAnswers());
    await reassign(student._id, await userIdOf(server, 'psychologist2'));
    expect(await reasonsOf(lucia, student._id)).toBeNull();
    expect(await reasonsOf(martin, student._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
    await reassign(student._id, null);
    expect(await reasonsOf(lucia, student._id)).toBeNull();
    expect(await reasonsOf(martin, student._id)).toBeNull();
  });

  it('is empty for a psychologist with nothing pending', async () => {
    const { token } = await inviteAndSignIn(server, admin);
    const response = await server.call({ method: 'GET', url: '/api/follow-up', token });
    expect(response.json()).toEqual({
      ok: true,
      days: 7,
      reassessDays: 30,
      entries: [],
      total: 0,
      page: 1,
      pageSize: LIST_PAGE_SIZE,
    });
  });

  it('refuses an administrator (403) and nobody signed in (401), each recorded', async () => {
    const refused = await server.call({ method: 'GET', url: '/api/follow-up', token: admin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
    expect((await server.call({ method: 'GET', url: '/api/follow-up' })).statusCode).toBe(401);
    const rows = await auditRowsOf(server, 'follow_up.list');
    expect(rows.map((r) => r.outcome)).toEqual(expect.arrayContaining(['success', 'denied']));
    expect(rows.find((r) => r.outcome === 'denied' && r.role === 'ADMIN')).toMatchObject({
      recordType: null,
      recordId: null,
    });
    expect(rows.find((r) => r.outcome === 'success')).toMatchObject({
      userId: await userIdOf(server, 'psychologist'),
      role: 'PSYCHOLOGIST',
      detail: null,
    });
  });
});

describe('FOLLOW_UP_DAYS and FOLLOW_UP_REASSESS_DAYS', () => {
  it('judge by the configured periods', async () => {
    const other = await serverWithDemoSessions({ followUpDays: 2, followUpReassessDays: 10 });
    try {
      const student = await createStudent(other.server, other.lucia);
      await saveAssessment(other.server, other.lucia, student._id, severeAnswers());
      await scheduleAppointment(other.server, other.lucia, student._id, inDays(3));
      const luciaId = await userIdOf(other.server, 'psychologist');
      const stale = await createStudent(other.server, other.lucia);
      await other.server.server.database.db.insert(suicideAssessments).values({
        studentId: stale._id,
        authorId: luciaId,
        answers: severeAnswers(),
        riskLevel: 'MUY_ALTO',
        createdAt: new Date(Date.now() - 11 * DAY_MS),
      });
      const response = await other.server.call({
        method: 'GET',
        url: '/api/follow-up',
        token: other.lucia,
      });
      const body = response.json();
      expect(body).toMatchObject({ days: 2, reassessDays: 10 });
      const reasons = (id: string) =>
        body.entries
          .find((e: FollowUpEntry) => e.student._id === id)
          ?.reasons.map((r: { code: string }) => r.code);
      // Three days ahead is beyond two.
      expect(reasons(student._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN']);
      expect(reasons(stale._id)).toEqual(['NO_APPOINTMENT', 'NO_SAFETY_PLAN', 'REASSESSMENT_DUE']);
    } finally {
      await other.server.close();
    }
  });
});

describe('GET /api/follow-up/counts', () => {
  it('counts each psychologist’s list, with a total, and names no student', async () => {
    const { token, user } = await inviteAndSignIn(server, admin, {
      firstName: 'Irene',
      lastName: 'Salas',
    });
    const first = await createStudent(server, token, { lastName: 'Zambrano-Recuento' });
    await saveAssessment(server, token, first._id, severeAnswers());
    const second = await createStudent(server, token, { lastName: 'Quiroga-Recuento' });
    await saveAssessment(server, token, second._id, severeAnswers());
    await scheduleAppointment(server, token, second._id, inDays(2));
    await addPlanRevision(second._id, 'complete');

    const response = await server.call({
      method: 'GET',
      url: '/api/follow-up/counts',
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toContainEqual({
      psychologist: { _id: user._id, firstName: 'Irene', lastName: 'Salas' },
      count: 1,
    });
    const luciaId = await userIdOf(server, 'psychologist');
    const martinId = await userIdOf(server, 'psychologist2');
    const countOf = (id: string) =>
      body.counts.find((c: { psychologist: { _id: string } }) => c.psychologist._id === id)?.count;
    expect(countOf(luciaId)).toBe((await followUp(lucia)).length);
    expect(countOf(martinId)).toBe((await followUp(martin)).length);
    expect(body.total).toBe(
      body.counts.reduce((sum: number, c: { count: number }) => sum + c.count, 0),
    );
    // Most first.
    const counts = body.counts.map((c: { count: number }) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(response.body).not.toContain('Recuento');
    expect(response.body).not.toContain(first._id);
  });

  it('shows an active psychologist with nothing pending as 0', async () => {
    const { user } = await inviteAndSignIn(server, admin);
    const response = await server.call({
      method: 'GET',
      url: '/api/follow-up/counts',
      token: admin,
    });
    expect(response.json().counts).toContainEqual({
      psychologist: { _id: user._id, firstName: user.firstName, lastName: user.lastName },
      count: 0,
    });
  });

  it('is the administrators’ alone: a psychologist gets 403; each call recorded', async () => {
    const refused = await server.call({
      method: 'GET',
      url: '/api/follow-up/counts',
      token: lucia,
    });
    expect(refused.statusCode).toBe(403);
    const rows = await auditRowsOf(server, 'follow_up.counts');
    expect(rows.find((r) => r.role === 'PSYCHOLOGIST')).toMatchObject({ outcome: 'denied' });
    expect(rows.find((r) => r.role === 'ADMIN')).toMatchObject({
      outcome: 'success',
      recordType: null,
      recordId: null,
    });
  });
});
