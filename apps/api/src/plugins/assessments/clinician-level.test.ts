import { and, eq, sql } from 'drizzle-orm';
import { formatDate, MSG } from '@psicocampus/shared/domain';
import type { AssessmentSummary, SuicideAssessment } from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { auditLog, suicideAssessments, users } from '../../db/schema';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { createStudent, userIdOf } from '../../../test/helpers/patients';
import { pdfText } from '../../../test/helpers/pdf-text';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { openedRow } from '../../../test/helpers/sealed-rows';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const REASON = 'Tiene red de apoyo sólida y un plan de seguridad acordado hoy.';
const db = () => server.server.database.db;

const record = (token: string, assessmentId: string, payload: unknown) =>
  server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessmentId}/clinician-level`,
    token,
    payload: payload as Record<string, unknown>,
  });

async function newAssessment(token = lucia, answers = severeAnswers()) {
  const student = await createStudent(server, token);
  const assessment = await saveAssessment(server, token, student._id, answers);
  return { studentId: student._id, assessment };
}

/** The database's own words when it refuses `statement` (drizzle wraps them as the cause). */
async function refusal(statement: () => Promise<unknown>): Promise<string> {
  try {
    await statement();
  } catch (error) {
    const messages: string[] = [];
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      messages.push(cause.message);
    }
    return messages.join(' ← ');
  }
  return 'accepted';
}

describe("the clinician's level", () => {
  it('is recorded once beside the engine’s level, which stays as stored', async () => {
    const { studentId, assessment } = await newAssessment();
    expect(assessment.riskLevel).toBe('MUY_ALTO');
    expect(assessment.clinicianLevel).toBeNull();

    const saved = await record(lucia, assessment._id, { level: 'ALTO', reason: `  ${REASON}  ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().msg).toBe(CLINICIAN_LEVEL_MSG.saved);
    const answered = saved.json().assessment as SuicideAssessment;
    expect(answered.riskLevel).toBe('MUY_ALTO');
    expect(answered.clinicianLevel).toEqual({
      level: 'ALTO',
      reason: REASON,
      at: expect.any(String),
      by: expect.objectContaining({ firstName: 'Lucía', lastName: 'Fernández' }),
    });

    // Every reading shows both: the student's list of assessments, one, the caseload's list.
    const list = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments?studentId=${studentId}`,
      token: lucia,
    });
    const [listed] = list.json().assessments as SuicideAssessment[];
    expect(listed).toMatchObject({ riskLevel: 'MUY_ALTO', clinicianLevel: { level: 'ALTO' } });
    const one = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments/${assessment._id}`,
      token: lucia,
    });
    expect(one.json().assessment.clinicianLevel).toEqual(answered.clinicianLevel);
    const caseload = await server.call({
      method: 'GET',
      url: '/api/suicide-assessments',
      token: lucia,
    });
    const summary = (caseload.json().assessments as AssessmentSummary[]).find(
      (item) => item._id === assessment._id,
    );
    expect(summary).toMatchObject({ riskLevel: 'MUY_ALTO', clinicianLevel: { level: 'ALTO' } });

    // The student's current level carries it too (list and detail).
    const detail = await server.call({
      method: 'GET',
      url: `/api/students/${studentId}`,
      token: lucia,
    });
    expect(detail.json().student.latestRisk).toMatchObject({
      level: 'MUY_ALTO',
      clinicianLevel: 'ALTO',
    });
  });

  it('refuses a second one with a 409 in Spanish, leaving the first as it was', async () => {
    const { assessment } = await newAssessment();
    expect(
      (await record(lucia, assessment._id, { level: 'ALTO', reason: REASON })).statusCode,
    ).toBe(200);
    const again = await record(lucia, assessment._id, {
      level: 'BAJO',
      reason: 'Cambio de opinión tras revisar el caso con calma.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(CLINICIAN_LEVEL_MSG.alreadyRecorded);
    const [row] = await db()
      .select()
      .from(suicideAssessments)
      .where(eq(suicideAssessments.id, assessment._id));
    expect(openedRow(server.app.ctx.texts, 'suicideAssessments', row!)).toMatchObject({
      riskLevel: 'MUY_ALTO',
      clinicianLevel: 'ALTO',
      clinicianReason: REASON,
    });
  });

  it('records one of two saves sent at once', async () => {
    const { assessment } = await newAssessment();
    const answers = await Promise.all(
      (['ALTO', 'MODERADO'] as const).map((level) =>
        record(lucia, assessment._id, { level, reason: REASON }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    [{ level: 'ALTO' }, 'reason', CLINICIAN_LEVEL_MSG.reasonRequired],
    [{ level: 'ALTO', reason: 'Muy corto.' }, 'reason', CLINICIAN_LEVEL_MSG.reasonTooShort],
    [
      { level: 'ALTO', reason: `   ${'a'.repeat(19)}   ` },
      'reason',
      CLINICIAN_LEVEL_MSG.reasonTooShort,
    ],
    [{ reason: REASON }, 'level', CLINICIAN_LEVEL_MSG.levelRequired],
    [{ level: 'GRAVE', reason: REASON }, 'level', CLINICIAN_LEVEL_MSG.levelInvalid],
  ])('refuses %j with a Spanish 400 naming the field', async (payload, field, msg) => {
    const { assessment } = await newAssessment();
    const refused = await record(lucia, assessment._id, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(expect.arrayContaining([{ field, msg }]));
    const again = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments/${assessment._id}`,
      token: lucia,
    });
    expect(again.json().assessment.clinicianLevel).toBeNull();
  });

  it('is recorded by the assessment’s author only', async () => {
    const { studentId, assessment } = await newAssessment();
    const stranger = await record(martin, assessment._id, { level: 'ALTO', reason: REASON });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().msg).toBe(MSG.assessment.notFound);
    expect(
      (await record(admin, assessment._id, { level: 'ALTO', reason: REASON })).statusCode,
    ).toBe(403);
    const reassigned = await server.call({
      method: 'PUT',
      url: `/api/students/${studentId}/assignment`,
      token: admin,
      payload: { psychologistId: await userIdOf(server, 'psychologist2') },
    });
    expect(reassigned.statusCode).toBe(200);
    const notAuthor = await record(martin, assessment._id, { level: 'ALTO', reason: REASON });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().msg).toBe(CLINICIAN_LEVEL_MSG.onlyAuthor);
  });

  it('is audited, naming the assessment and never the reason', async () => {
    const { assessment } = await newAssessment();
    await record(lucia, assessment._id, { level: 'ALTO', reason: REASON });
    await record(lucia, assessment._id, { level: 'BAJO', reason: REASON });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'assessment.clinician_level'),
          eq(auditLog.recordId, assessment._id),
        ),
      );
    expect(rows.map((row) => row.outcome).sort()).toEqual(['invalid', 'success'].sort());
    expect(JSON.stringify(rows)).not.toContain('red de apoyo');
  });
});

describe('the database records the clinician’s level once (migration 0013)', () => {
  it('refuses a direct UPDATE of a recorded level, or of the engine’s level', async () => {
    const { assessment } = await newAssessment();
    const where = eq(suicideAssessments.id, assessment._id);
    // Before one is recorded, the engine's level and the answers are already fixed.
    expect(
      await refusal(() => db().update(suicideAssessments).set({ riskLevel: 'BAJO' }).where(where)),
    ).toMatch(/a saved assessment is not changed/);
    await record(lucia, assessment._id, { level: 'ALTO', reason: REASON });
    for (const attempt of [
      () => db().update(suicideAssessments).set({ clinicianLevel: 'BAJO' }).where(where),
      () =>
        db()
          .update(suicideAssessments)
          .set({ clinicianReason: 'Otro motivo cualquiera, reescrito.' })
          .where(where),
      () =>
        db()
          .update(suicideAssessments)
          .set({
            clinicianLevel: null,
            clinicianReason: null,
            clinicianLevelAt: null,
            clinicianLevelBy: null,
          })
          .where(where),
      () =>
        db().execute(
          sql`update suicide_assessments set answers = '{}'::jsonb where id = ${assessment._id}`,
        ),
    ]) {
      expect(await refusal(attempt)).toMatch(/recorded once|is not changed/);
    }
    const [row] = await db().select().from(suicideAssessments).where(where);
    expect(openedRow(server.app.ctx.texts, 'suicideAssessments', row!)).toMatchObject({
      riskLevel: 'MUY_ALTO',
      clinicianLevel: 'ALTO',
      clinicianReason: REASON,
    });
  });

  it('keeps the level, with no author, when the account is deleted', async () => {
    const colleague = await inviteAndSignIn(server, admin);
    const { assessment } = await newAssessment(colleague.token, calmAnswers());
    expect(
      (await record(colleague.token, assessment._id, { level: 'MODERADO', reason: REASON }))
        .statusCode,
    ).toBe(200);
    await db().delete(users).where(eq(users.id, colleague.user._id));
    const [row] = await db()
      .select()
      .from(suicideAssessments)
      .where(eq(suicideAssessments.id, assessment._id));
    expect(row).toMatchObject({
      authorId: null,
      clinicianLevelBy: null,
      clinicianLevel: 'MODERADO',
      riskLevel: 'BAJO',
    });
  });
});

describe('the statistics by level count the level in force', () => {
  it('counts the clinician’s level where there is one, the engine’s otherwise', async () => {
    const colleague = await inviteAndSignIn(server, admin);
    const byLevel = async () =>
      (
        (
          await server.call({ method: 'GET', url: '/api/statistics', token: colleague.token })
        ).json().statistics.byRiskLevel as Array<{ key: string; count: number }>
      ).filter((entry) => entry.count > 0);
    const { assessment } = await newAssessment(colleague.token);
    await newAssessment(colleague.token);
    expect(await byLevel()).toEqual([expect.objectContaining({ key: 'MUY_ALTO', count: 2 })]);
    await record(colleague.token, assessment._id, { level: 'MODERADO', reason: REASON });
    expect(await byLevel()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'MUY_ALTO', count: 1 }),
        expect.objectContaining({ key: 'MODERADO', count: 1 }),
      ]),
    );
  });
});

describe('the assessment PDF', () => {
  const pdfOf = async (id: string) => {
    const response = await server.call({
      method: 'GET',
      url: `/api/pdfassessement/${id}/report/pdfassessment`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };

  it('prints both levels, the reason, who and when', async () => {
    const { assessment } = await newAssessment();
    const saved = await record(lucia, assessment._id, { level: 'ALTO', reason: REASON });
    const at = (saved.json().assessment as SuicideAssessment).clinicianLevel!.at;
    const text = await pdfOf(assessment._id);
    expect(text).toContain(CLINICIAN_LEVEL_MSG.engineLevel);
    expect(text).toMatch(new RegExp(`${CLINICIAN_LEVEL_MSG.engineLevel}[:·\\s]+Muy alto`));
    expect(text).toMatch(new RegExp(`${CLINICIAN_LEVEL_MSG.clinicianLevel}[:·\\s]+Alto`));
    expect(text).toContain(REASON);
    expect(text).toMatch(
      new RegExp(
        `${CLINICIAN_LEVEL_MSG.recordedLabel}[:·\\s]+${formatDate(at, server.config.serviceTimeZone)} a las \\d\\d:\\d\\d · Lucía Fernández`,
      ),
    );
  });

  it('the student’s general report prints it under the scale’s level', async () => {
    const { studentId, assessment } = await newAssessment();
    await record(lucia, assessment._id, { level: 'ALTO', reason: REASON });
    const response = await server.call({
      method: 'GET',
      url: `/api/pdfreport/student/${studentId}`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(new RegExp(`${MSG.assessment.estimatedLevel}[:·\\s]+Muy alto`));
    expect(text).toMatch(new RegExp(`${CLINICIAN_LEVEL_MSG.clinicianLevel}[:·\\s]+Alto`));
  });

  it('says when none is recorded', async () => {
    const { assessment } = await newAssessment();
    expect(await pdfOf(assessment._id)).toContain(CLINICIAN_LEVEL_MSG.noneYet);
  });
});
