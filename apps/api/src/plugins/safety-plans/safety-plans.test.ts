import { eq, sql } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlanAnswer,
} from '@psicocampus/shared/safety-plan';
import { safetyPlanRevisions } from '../../db/schema';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { auditRowsOf, createStudent } from '../../../test/helpers/patients';
import { pdfText } from '../../../test/helpers/pdf-text';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;

const SERVICE_PHONE = '(02) 299-1700';
const CRISIS_LINE = '171';

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions({
    servicePhone: SERVICE_PHONE,
    crisisLine: CRISIS_LINE,
  }));
});
afterAll(() => server.close());

const REASON = 'Ideación con plan y acceso a medios; sin red de apoyo cercana.';

const sections = (suffix = '') => ({
  warningSigns: `Dejo de dormir y me aíslo de mis amigas${suffix}.`,
  copingStrategies: 'Respirar despacio; salir a caminar por el parque.',
  socialDistractions: 'Ir a la biblioteca con Camila; el grupo de teatro.',
  helpContacts: 'Mi hermana Sofía, 099 123 4567.',
  professionalContacts: 'Mi psicóloga del servicio, la Dra. Fernández.',
  safeEnvironment: 'Mi madre guarda los medicamentos bajo llave.',
  reasonForLiving: 'Mi sobrina Ámbar y terminar la carrera.',
});

const put = (token: string, studentId: string, payload: Record<string, unknown>) =>
  server.call({ method: 'PUT', url: `/api/students/${studentId}/safety-plan`, token, payload });

const get = (token: string, studentId: string, query = '') =>
  server.call({ method: 'GET', url: `/api/students/${studentId}/safety-plan${query}`, token });

const pdf = (token: string, studentId: string, query = '') =>
  server.call({ method: 'GET', url: `/api/students/${studentId}/safety-plan/pdf${query}`, token });

async function newStudent() {
  return (await createStudent(server, lucia))._id;
}

describe('a safety plan', () => {
  it('starts empty, is saved as a draft, then completed, each save a new version with who and when', async () => {
    const studentId = await newStudent();
    const empty = await get(lucia, studentId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ ok: true, safetyPlan: null, revisions: [], revisionsTotal: 0 });
    // Read (and kept by the caseload's revision) before any plan exists.
    const before = await server.call({ url: `/api/students/${studentId}`, token: lucia });
    expect(before.json().student.safetyPlan).toBeNull();

    const draft = await put(lucia, studentId, {
      warningSigns: '  Dejo de dormir.  ',
      status: 'draft',
      version: 0,
    });
    expect(draft.statusCode).toBe(200);
    const drafted = draft.json<SafetyPlanAnswer>();
    expect(drafted.msg).toBe(SAFETY_PLAN_MSG.savedDraft);
    expect(drafted.safetyPlan).toMatchObject({
      studentId,
      version: 1,
      status: 'draft',
      warningSigns: 'Dejo de dormir.',
      copingStrategies: '',
      assessmentId: null,
      createdBy: { firstName: 'Lucía', lastName: 'Fernández' },
    });
    expect(drafted.revisions).toHaveLength(1);

    const complete = await put(lucia, studentId, { ...sections(), status: 'complete', version: 1 });
    expect(complete.statusCode).toBe(200);
    expect(complete.json().msg).toBe(SAFETY_PLAN_MSG.savedComplete);
    const read = (await get(lucia, studentId)).json<SafetyPlanAnswer>();
    expect(read.safetyPlan).toMatchObject({ version: 2, status: 'complete', ...sections() });
    expect(read.revisions.map((revision) => [revision.version, revision.status])).toEqual([
      [2, 'complete'],
      [1, 'draft'],
    ]);
    expect(read.revisions[0]!.createdBy).toMatchObject({ firstName: 'Lucía' });
    expect(Date.parse(read.revisions[0]!.createdAt)).not.toBeNaN();

    // The student's detail carries a summary of the plan in force: a new revision is not hidden
    // behind the detail kept from before it.
    const detail = await server.call({ url: `/api/students/${studentId}`, token: lucia });
    expect(detail.json().student.safetyPlan).toEqual({
      version: 2,
      status: 'complete',
      updatedAt: read.safetyPlan!.createdAt,
    });
  });

  it('keeps every earlier revision readable as it was saved', async () => {
    const studentId = await newStudent();
    await put(lucia, studentId, { ...sections(' (1)'), status: 'draft', version: 0 });
    await put(lucia, studentId, { ...sections(' (2)'), status: 'complete', version: 1 });
    const first = await get(lucia, studentId, '?version=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().safetyPlan).toMatchObject({
      version: 1,
      status: 'draft',
      warningSigns: sections(' (1)').warningSigns,
    });
    expect(first.json().revisions).toHaveLength(2);
    const missing = await get(lucia, studentId, '?version=9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(SAFETY_PLAN_MSG.revisionNotFound);
    for (const bad of ['?version=0', '?version=uno', '?version=1.5', '?version=1&version=2']) {
      const refused = await get(lucia, studentId, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(SAFETY_PLAN_MSG.versionInvalid);
    }
    // The database keeps revisions unchanged whoever asks (migration 0015).
    await expect(
      server.server.database.db
        .update(safetyPlanRevisions)
        .set({ warningSigns: 'reescrito' })
        .where(eq(safetyPlanRevisions.studentId, studentId)),
    ).rejects.toThrow();
  });

  it('refuses a save from a stale version with a 409 in Spanish, keeping the newer one', async () => {
    const studentId = await newStudent();
    expect((await put(lucia, studentId, { status: 'draft', version: 0 })).statusCode).toBe(200);
    const stale = await put(lucia, studentId, { ...sections(), status: 'complete', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(SAFETY_PLAN_MSG.stale);
    const ahead = await put(lucia, studentId, { ...sections(), status: 'complete', version: 5 });
    expect(ahead.statusCode).toBe(409);
    const read = (await get(lucia, studentId)).json<SafetyPlanAnswer>();
    expect(read.safetyPlan).toMatchObject({ version: 1, status: 'draft', warningSigns: '' });
    expect(read.revisions).toHaveLength(1);
  });

  it('keeps one of two saves sent at once from the same version', async () => {
    const studentId = await newStudent();
    const answers = await Promise.all([
      put(lucia, studentId, { ...sections(' A'), status: 'draft', version: 0 }),
      put(lucia, studentId, { ...sections(' B'), status: 'draft', version: 0 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await server.server.database.db
      .select({ version: safetyPlanRevisions.version })
      .from(safetyPlanRevisions)
      .where(eq(safetyPlanRevisions.studentId, studentId));
    expect(rows).toEqual([{ version: 1 }]);
  });

  it('refuses a complete plan with an empty section (400, in Spanish), and saves nothing', async () => {
    const studentId = await newStudent();
    const refused = await put(lucia, studentId, {
      ...sections(),
      safeEnvironment: '   ',
      status: 'complete',
      version: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'safeEnvironment', msg: SAFETY_PLAN_SECTIONS.safeEnvironment.required },
    ]);
    const tooLong = await put(lucia, studentId, {
      warningSigns: 'a'.repeat(4001),
      status: 'draft',
      version: 0,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([
      { field: 'warningSigns', msg: SAFETY_PLAN_MSG.sectionTooLong },
    ]);
    expect((await get(lucia, studentId)).json().revisions).toEqual([]);
  });

  it('takes the assessment that asked for it only from the same student, and keeps it on later saves', async () => {
    const studentId = await newStudent();
    const other = await newStudent();
    const assessment = await saveAssessment(server, lucia, studentId, severeAnswers());
    const foreign = await saveAssessment(server, lucia, other, severeAnswers());
    const wrong = await put(lucia, studentId, {
      status: 'draft',
      version: 0,
      assessmentId: foreign._id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(SAFETY_PLAN_MSG.assessmentNotOfStudent);
    await put(lucia, studentId, { status: 'draft', version: 0, assessmentId: assessment._id });
    const later = await put(lucia, studentId, { ...sections(), status: 'complete', version: 1 });
    expect(later.json().safetyPlan.assessmentId).toBe(assessment._id);
  });
});

describe('who reaches a safety plan', () => {
  it('is the student’s psychologist only: another caseload gets 404, an admin 403, nobody 401', async () => {
    const studentId = await newStudent();
    await put(lucia, studentId, { ...sections(), status: 'complete', version: 0 });
    for (const call of [
      () => get(martin, studentId),
      () => put(martin, studentId, { status: 'draft', version: 1 }),
      () => pdf(martin, studentId),
    ]) {
      const answer = await call();
      expect(answer.statusCode).toBe(404);
      expect(answer.json().msg).toBe(MSG.students.notFound);
    }
    for (const call of [
      () => get(admin, studentId),
      () => put(admin, studentId, { status: 'draft', version: 1 }),
      () => pdf(admin, studentId),
    ]) {
      expect((await call()).statusCode).toBe(403);
    }
    expect((await get('', studentId)).statusCode).toBe(401);
    expect((await get(lucia, studentId)).json().revisions).toHaveLength(1);
  });

  it('audits every call, naming the student with the version and status, never the text', async () => {
    const studentId = await newStudent();
    await put(lucia, studentId, { ...sections(), status: 'complete', version: 0 });
    await get(lucia, studentId, '?version=1');
    await pdf(lucia, studentId);
    await get(martin, studentId);
    const ofStudent = async (action: string) =>
      (await auditRowsOf(server, action)).filter((row) => row.recordId === studentId);
    const [saved] = await ofStudent('safety_plan.save');
    expect(saved).toMatchObject({
      recordType: 'student',
      outcome: 'success',
      detail: { version: 1, status: 'complete' },
    });
    const reads = await ofStudent('safety_plan.read');
    expect(reads.map((row) => [row.outcome, row.detail])).toEqual([
      ['success', { version: 1 }],
      ['denied', null],
    ]);
    const [printed] = await ofStudent('report.safety_plan');
    expect(printed).toMatchObject({ outcome: 'success', detail: { version: 1 } });
    const everything = JSON.stringify(
      await server.server.database.db.execute(
        sql`select * from audit_log where record_id = ${studentId}`,
      ),
    );
    for (const text of Object.values(sections())) expect(everything).not.toContain(text);
  });
});

describe('the safety plan’s PDF', () => {
  it('prints the seven steps, the service’s phone and the crisis line, and the level that asked for it with its reason', async () => {
    const studentId = await newStudent();
    const assessment = await saveAssessment(server, lucia, studentId, severeAnswers());
    const level = await server.call({
      method: 'PUT',
      url: `/api/suicide-assessments/${assessment._id}/clinician-level`,
      token: lucia,
      payload: { level: 'ALTO', reason: REASON },
    });
    expect(level.statusCode).toBe(200);
    await put(lucia, studentId, {
      ...sections(),
      status: 'complete',
      version: 0,
      assessmentId: assessment._id,
    });

    const answer = await pdf(lucia, studentId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(/plan-de-seguridad_/);
    const text = pdfText(answer.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    SAFETY_PLAN_SECTION_KEYS.forEach((key, index) => {
      expect(flat).toContain(`${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`);
      expect(flat).toContain(sections()[key]);
    });
    expect(flat).toContain(`${SAFETY_PLAN_MSG.pdf.servicePhone}: ${SERVICE_PHONE}`);
    expect(flat).toContain(`${SAFETY_PLAN_MSG.pdf.crisisLine}: ${CRISIS_LINE}`);
    expect(flat).toContain(`${CLINICIAN_LEVEL_MSG.engineLevel}: ${MSG.assessment.levels.MUY_ALTO}`);
    expect(flat).toContain(`${CLINICIAN_LEVEL_MSG.clinicianLevel}: ${MSG.assessment.levels.ALTO}`);
    expect(flat).toContain(REASON);
  });

  it('prints an earlier revision as a draft, and answers 404 in Spanish when there is no plan', async () => {
    const studentId = await newStudent();
    const none = await pdf(lucia, studentId);
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe(SAFETY_PLAN_MSG.noPlan);
    await put(lucia, studentId, { warningSigns: 'Primera versión.', status: 'draft', version: 0 });
    await put(lucia, studentId, { ...sections(), status: 'complete', version: 1 });
    const first = pdfText((await pdf(lucia, studentId, '?version=1')).rawPayload).replace(
      /\s+/g,
      ' ',
    );
    expect(first).toContain('Primera versión.');
    expect(first).toContain(SAFETY_PLAN_MSG.pdf.draftNotice);
    expect(first).toContain(SAFETY_PLAN_MSG.pdf.empty);
    expect(first).not.toContain(CLINICIAN_LEVEL_MSG.reasonLabel);
  });
});
