import { and, eq } from 'drizzle-orm';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import type { AssessmentSavedAnswer, SuicideAssessment } from '@psicocampus/shared/columbia';
import { loadConfig } from '../../config';
import { auditLog } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';

/**
 * GET /api/suicide-assessments/:id, the saved-assessment screen's call
 * (docs/columbia-assessment.md#the-saved-assessment), and the
 * protocol the POST answer carries for a high level (docs/api.md#assessments).
 */

const PROTOCOL = 'Avisar a la coordinación y agendar seguimiento en 48 horas.';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let studentId: string;

beforeAll(async () => {
  let student: StudentSummary;
  ({ server, lucia, martin, admin, student } = await signedInPsychologistWithStudent(
    {},
    { highRiskProtocol: PROTOCOL },
  ));
  studentId = student._id;
});
afterAll(() => server.close());

const read = (token: string, id: string) =>
  server.call({ method: 'GET', url: `/api/suicide-assessments/${id}`, token });

const auditRows = (id: string) =>
  server.server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'assessment.read'), eq(auditLog.recordId, id)));

describe('GET /api/suicide-assessments/:id', () => {
  it('answers the author with the assessment in the shape of the list, remarks included', async () => {
    const saved = await saveAssessment(server, lucia, studentId, severeAnswers());
    await server.call({
      method: 'PUT',
      url: `/api/suicide-assessments/${saved._id}/final-remarks`,
      token: lucia,
      payload: { finalRemarks: 'Derivada a psiquiatría.' },
    });
    const response = await read(lucia, saved._id);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { ok: boolean; assessment: SuicideAssessment };
    expect(body.ok).toBe(true);
    const listed = (
      await server.call({
        method: 'GET',
        url: `/api/suicide-assessments?studentId=${studentId}`,
        token: lucia,
      })
    ).json().assessments as SuicideAssessment[];
    expect(body.assessment).toEqual(listed.find((item) => item._id === saved._id));
    expect(body.assessment).toMatchObject({
      riskLevel: 'MUY_ALTO',
      lethalityDegree: 3,
      actualAttempt: { present: true, totalAttempts: 1 },
      createdBy: { firstName: 'Lucía', lastName: 'Fernández' },
    });
    expect(body.assessment.remarks.map((entry) => entry.text)).toEqual(['Derivada a psiquiatría.']);
  });

  it('audits the read with the assessment as its record, and no clinical text', async () => {
    const saved = await saveAssessment(server, lucia, studentId, severeAnswers());
    expect((await read(lucia, saved._id)).statusCode).toBe(200);
    const rows = await auditRows(saved._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success', recordType: 'assessment' });
    expect(JSON.stringify(rows)).not.toMatch(/pastillas|hermana/);
  });

  it('answers another psychologist 404, as if it did not exist, and records the refusal', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    const foreign = await read(martin, saved._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(MSG.assessment.notFound);
    expect(foreign.body).not.toContain(saved._id);
    expect((await auditRows(saved._id)).map((row) => row.outcome)).toEqual(['denied']);
  });

  it('answers an administrator 403: admins do not read assessments', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    const response = await read(admin, saved._id);
    expect(response.statusCode).toBe(403);
    expect(response.json().ok).toBe(false);
  });

  it('answers 404 with the same message for an unknown id and a malformed one', async () => {
    for (const id of ['7d3f1c2a-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const response = await read(lucia, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe(MSG.assessment.notFound);
    }
  });

  it('refuses a call without a session', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    expect(
      (await server.call({ method: 'GET', url: `/api/suicide-assessments/${saved._id}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe("the protocol in POST /api/suicide-assessments' answer", () => {
  const post = (answers = calmAnswers()) =>
    server.call({
      method: 'POST',
      url: '/api/suicide-assessments',
      token: lucia,
      payload: { ...answers, student: studentId },
    });

  it('carries the configured protocol for MUY_ALTO and ALTO', async () => {
    const severe = (await post(severeAnswers())).json() as AssessmentSavedAnswer;
    expect(severe.assessment.riskLevel).toBe('MUY_ALTO');
    expect(severe.protocol).toBe(PROTOCOL);

    const preparatory = {
      ...calmAnswers(),
      preparatoryActs: { present: true, description: 'Reunió pastillas' },
    };
    const high = (await post(preparatory)).json() as AssessmentSavedAnswer;
    expect(high.assessment.riskLevel).toBe('ALTO');
    expect(high.protocol).toBe(PROTOCOL);
  });

  it('is null for the other levels', async () => {
    const calm = (await post()).json() as AssessmentSavedAnswer;
    expect(calm.assessment.riskLevel).toBe('BAJO');
    expect(calm.protocol).toBeNull();
  });
});

describe('HIGH_RISK_PROTOCOL', () => {
  it('has a Spanish default and takes the operator’s text', () => {
    expect(loadConfig({}).highRiskProtocol).toBe(MSG.savedAssessment.protocolDefault);
    expect(loadConfig({ HIGH_RISK_PROTOCOL: `  ${PROTOCOL} ` }).highRiskProtocol).toBe(PROTOCOL);
  });
});
