import { and, eq } from 'drizzle-orm';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { auditLog, suicideAssessments } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { createStudent } from '../../../test/helpers/patients';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let studentId: string;

beforeAll(async () => {
  let student: StudentSummary;
  ({ server, lucia, martin, admin, student } = await signedInPsychologistWithStudent());
  studentId = student._id;
});
afterAll(() => server.close());

const post = (token: string, payload: Record<string, unknown>) =>
  server.call({ method: 'POST', url: '/api/suicide-assessments', token, payload });

describe('POST /api/suicide-assessments', () => {
  it("stores the assessment with the level the server computes, ignoring the client's", async () => {
    const response = await post(lucia, {
      ...severeAnswers(),
      student: studentId,
      riskLevel: 'BAJO',
    });
    expect(response.statusCode).toBe(201);
    const { assessment, msg, ok } = response.json();
    expect(ok).toBe(true);
    expect(msg).toBe(MSG.assessment.saved);
    expect(assessment).toMatchObject({
      _id: expect.any(String),
      student: studentId,
      studentId,
      riskLevel: 'MUY_ALTO',
      finalRemarks: '',
      createdBy: { email: 'psicologa@psicocampus.test' },
      actualAttempt: { present: true, totalAttempts: 1 },
      lethalityDegree: 3,
    });
    const [row] = await server.server.database.db
      .select()
      .from(suicideAssessments)
      .where(eq(suicideAssessments.id, assessment._id));
    expect(row?.riskLevel).toBe('MUY_ALTO');
  });

  it('accepts `studentId` as well as `student`', async () => {
    const response = await post(lucia, { ...calmAnswers(), studentId });
    expect(response.statusCode).toBe(201);
    expect(response.json().assessment.riskLevel).toBe('BAJO');
  });

  it('refuses what the flow does not ask rather than clearing it, and fills only unasked defaults', async () => {
    const answers = calmAnswers();
    answers.activeSuicidalIdeationWithPlan = { present: true, description: 'no preguntado' };
    const refused = await post(lucia, { ...answers, lethalityDegree: 4, student: studentId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'activeSuicidalIdeationWithPlan.present',
      'lethalityDegree',
    ]);
    // docs/columbia-assessment.md#contradicting-answers: items 3–5 not asked may come unanswered.
    answers.activeSuicidalIdeationWithPlan = { present: null, description: '' };
    const assessment = await saveAssessment(server, lucia, studentId, answers);
    expect(assessment.activeSuicidalIdeationWithPlan).toEqual({ present: false, description: '' });
    expect(assessment.lethalityDegree).toBeNull();
    expect(assessment.riskLevel).toBe('BAJO');
  });

  it.each([
    [
      'questions 1 and 2 unanswered',
      () => ({ ...calmAnswers(), deathWish: { present: null, description: '' } }),
      MSG.assessment.answerRequired12,
    ],
    [
      'an actual attempt without lethality',
      () => ({
        ...calmAnswers(),
        actualAttempt: { present: true, description: 'sí', totalAttempts: 1 },
        mostLethalAttemptDate: '2026-10-01',
      }),
      MSG.assessment.selectLethality,
    ],
    [
      'an undescribed interrupted attempt',
      () => ({
        ...calmAnswers(),
        interruptedAttempt: { present: true, description: ' ', totalAttempts: 1 },
      }),
      'Por favor, describa el Intento Interrumpido.',
    ],
    [
      'a most lethal attempt in the future',
      () => ({
        ...calmAnswers(),
        actualAttempt: { present: true, description: 'sí', totalAttempts: 1 },
        lethalityDegree: 1,
        mostLethalAttemptDate: '2099-01-01',
      }),
      MSG.assessment.lethalDateFuture,
    ],
    [
      'an interrupted attempt answered "Sí" with 0 attempts',
      () => ({
        ...calmAnswers(),
        interruptedAttempt: { present: true, description: 'lo detuvieron', totalAttempts: 0 },
      }),
      MSG.assessment.totalAttemptsAtLeastOne('Intento Interrumpido'),
    ],
    [
      'an actual attempt answered "Sí" with 0 attempts',
      () => ({
        ...calmAnswers(),
        actualAttempt: { present: true, description: 'sí', totalAttempts: 0 },
        lethalityDegree: 1,
        mostLethalAttemptDate: '2026-10-01',
      }),
      MSG.assessment.totalAttemptsAtLeastOne('Intento Real'),
    ],
    [
      'a negative number of attempts, rather than storing 0',
      () => ({
        ...calmAnswers(),
        abortedAttempt: { present: true, description: 'se detuvo', totalAttempts: -2 },
      }),
      MSG.assessment.totalAttemptsMin,
    ],
  ])(
    'refuses %s with the Spanish message of docs/columbia-assessment.md#validation',
    async (_case, answers, message) => {
      const before = await server.server.database.db.$count(suicideAssessments);
      const response = await post(lucia, { ...answers(), student: studentId });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(message);
      expect(await server.server.database.db.$count(suicideAssessments)).toBe(before);
    },
  );

  it('refuses final remarks sent with the assessment, and unknown fields', async () => {
    const remarks = await post(lucia, { ...calmAnswers(), student: studentId, finalRemarks: 'ya' });
    expect(remarks.statusCode).toBe(400);
    expect(remarks.json().msg).toBe(MSG.assessment.noRemarksOnCreate);
    const unknown = await post(lucia, { ...calmAnswers(), student: studentId, puntaje: 10 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(MSG.api.unknownField('puntaje'));
  });

  it("answers 404 for another psychologist's student and 403 for an admin", async () => {
    expect((await post(martin, { ...calmAnswers(), student: studentId })).statusCode).toBe(404);
    expect((await post(admin, { ...calmAnswers(), student: studentId })).statusCode).toBe(403);
  });
});

describe('GET /api/suicide-assessments', () => {
  it("lists a student's assessments, oldest first", async () => {
    const response = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments?studentId=${studentId}`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    const { assessments } = response.json();
    expect(assessments.length).toBeGreaterThanOrEqual(3);
    const dates = assessments.map((a: { createdAt: string }) => a.createdAt);
    expect([...dates].sort()).toEqual(dates);
    expect(assessments[0].riskLevel).toBe('MUY_ALTO');
  });

  it("lists the caseload's assessments, newest first, filtered by level and date", async () => {
    const all = (
      await server.call({ method: 'GET', url: '/api/suicide-assessments', token: lucia })
    ).json();
    expect(all.assessments.length).toBeGreaterThanOrEqual(3);
    expect(all.assessments[0]).toMatchObject({
      student: { _id: studentId },
      hasFinalRemarks: false,
    });
    const severe = (
      await server.call({
        method: 'GET',
        url: '/api/suicide-assessments?riskLevel=MUY_ALTO',
        token: lucia,
      })
    ).json();
    expect(severe.assessments.every((a: { riskLevel: string }) => a.riskLevel === 'MUY_ALTO')).toBe(
      true,
    );
    expect(severe.assessments.length).toBe(1);
    const future = (
      await server.call({
        method: 'GET',
        url: '/api/suicide-assessments?from=2099-01-01',
        token: lucia,
      })
    ).json();
    expect(future.assessments).toEqual([]);
    const bad = await server.call({
      method: 'GET',
      url: '/api/suicide-assessments?riskLevel=ALTISIMO',
      token: lucia,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows another psychologist nothing of it', async () => {
    const foreign = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments?studentId=${studentId}`,
      token: martin,
    });
    expect(foreign.statusCode).toBe(404);
    const caseload = (
      await server.call({ method: 'GET', url: '/api/suicide-assessments', token: martin })
    ).json();
    expect(caseload.assessments).toEqual([]);
  });
});

describe('PUT /api/suicide-assessments/:id/final-remarks', () => {
  it('lets the author complete an assessment, which is otherwise never edited', async () => {
    const assessment = await saveAssessment(server, lucia, studentId, severeAnswers());
    const response = await server.call({
      method: 'PUT',
      url: `/api/suicide-assessments/${assessment._id}/final-remarks`,
      token: lucia,
      payload: { finalRemarks: 'Derivada a psiquiatría; plan de seguridad acordado.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      msg: MSG.assessment.finalRemarksSaved,
      assessment: {
        finalRemarks: 'Derivada a psiquiatría; plan de seguridad acordado.',
        finalRemarksAt: expect.any(String),
        riskLevel: 'MUY_ALTO',
        lethalityDegree: 3,
      },
    });
  });

  it('refuses empty remarks, other fields, other psychologists and unknown ids', async () => {
    const assessment = await saveAssessment(server, lucia, studentId);
    const url = `/api/suicide-assessments/${assessment._id}/final-remarks`;
    const empty = await server.call({
      method: 'PUT',
      url,
      token: lucia,
      payload: { finalRemarks: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(MSG.assessment.finalRemarksRequired);
    const sneaky = await server.call({
      method: 'PUT',
      url,
      token: lucia,
      payload: { finalRemarks: 'x', riskLevel: 'BAJO' },
    });
    expect(sneaky.statusCode).toBe(400);
    expect(
      (await server.call({ method: 'PUT', url, token: martin, payload: { finalRemarks: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.call({ method: 'PUT', url, token: admin, payload: { finalRemarks: 'x' } }))
        .statusCode,
    ).toBe(403);
    const missing = await server.call({
      method: 'PUT',
      url: '/api/suicide-assessments/not-a-uuid/final-remarks',
      token: lucia,
      payload: { finalRemarks: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('audits assessment writes and reads without clinical text', async () => {
    const rows = await server.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'assessment')));
    const actions = new Set(rows.map((row) => row.action));
    expect(actions).toEqual(new Set(['assessment.create', 'assessment.final_remarks']));
    expect(JSON.stringify(rows)).not.toMatch(/psiquiatría|pastillas/);
    const reads = await server.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.list'), eq(auditLog.recordId, studentId)));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.map((row) => row.outcome)).toContain('denied');
  });
});

describe('deleting a student', () => {
  it('archives them with their assessments, which stay as saved (docs/data-model.md#archived-students)', async () => {
    const student = await createStudent(server, lucia);
    const saved = await saveAssessment(server, lucia, student._id);
    const response = await server.call({
      method: 'DELETE',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(response.json().outcome).toBe('archived');
    const left = await server.server.database.db
      .select({ id: suicideAssessments.id })
      .from(suicideAssessments)
      .where(eq(suicideAssessments.studentId, student._id));
    expect(left).toEqual([{ id: saved._id }]);
    const read = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments/${saved._id}`,
      token: lucia,
    });
    expect(read.statusCode).toBe(404);
  });
});
