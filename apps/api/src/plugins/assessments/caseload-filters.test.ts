import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { createStudent } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { serviceDay } from '../../lib/service-clock';

/**
 * 'Evaluaciones' asks GET /api/suicide-assessments?riskLevel=&from=&to=
 * (docs/api.md#assessments): the level it filters by is the one each row
 * reads first, the level in force (docs/columbia-assessment.md#clinicians-level),
 * and its days are the service's (docs/decisions.md#one-clock).
 */

const MACHINE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** UTC+14 all year, unless this machine is there: then UTC−11. */
const SERVICE_ZONE =
  MACHINE_ZONE === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

/** The next whole hour at which the service's day is neither the machine's nor UTC's. */
function nextHourOfAnotherDay(from: Date): Date {
  const hour = 3_600_000;
  let at = Math.ceil(from.getTime() / hour) * hour + hour;
  for (let i = 0; i < 48; i += 1, at += hour) {
    const day = serviceDay(new Date(at), SERVICE_ZONE);
    if (day !== serviceDay(new Date(at), MACHINE_ZONE) && day !== serviceDay(new Date(at), 'UTC')) {
      return new Date(at);
    }
  }
  throw new Error('no such hour within two days');
}

let server: TestServer;
let lucia: string;
let assessmentId: string;

beforeAll(async () => {
  server = await startTestServer({ serviceTimeZone: SERVICE_ZONE });
  server.advanceClock(nextHourOfAnotherDay(server.now()).getTime() - server.now().getTime());
  lucia = await server.login('psychologist');
  const student = await createStudent(server, lucia, { firstName: 'Olga', lastName: 'Quispe' });
  // The scale says MUY_ALTO; the psychologist records ALTO.
  assessmentId = (await saveAssessment(server, lucia, student._id, severeAnswers()))._id;
  const recorded = await server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessmentId}/clinician-level`,
    token: lucia,
    payload: { level: 'ALTO', reason: 'Red de apoyo sólida; acordamos cita en 48 horas.' },
  });
  expect(recorded.statusCode).toBe(200);
});
afterAll(() => server.close());

async function listed(query: string): Promise<string[]> {
  const response = await server.call({
    method: 'GET',
    url: `/api/suicide-assessments?${query}`,
    token: lucia,
  });
  expect(response.statusCode).toBe(200);
  return response.json().assessments.map((assessment: { _id: string }) => assessment._id);
}

describe("the caseload's assessments, filtered", () => {
  it('by the level in force: the clinician’s where recorded, not the scale’s under it', async () => {
    expect(await listed('riskLevel=ALTO')).toContain(assessmentId);
    expect(await listed('riskLevel=MUY_ALTO')).not.toContain(assessmentId);
  });

  it("by the service's days, both included", async () => {
    const today = serviceDay(server.now(), SERVICE_ZONE);
    expect(await listed(`from=${today}&to=${today}`)).toContain(assessmentId);
    const machineDay = serviceDay(server.now(), MACHINE_ZONE);
    expect(await listed(`from=${machineDay}&to=${machineDay}`)).not.toContain(assessmentId);
  });
});

describe("the caseload's assessments, one page at a time (docs/api.md#paged-lists)", () => {
  async function page(query: string) {
    const response = await server.call({
      method: 'GET',
      url: `/api/suicide-assessments?${query}`,
      token: lucia,
    });
    return response;
  }

  it('answers the page asked for with the total of every match, each row on one page only', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Pía', lastName: 'Salas' });
    for (let i = 0; i < 4; i += 1) await saveAssessment(server, lucia, student._id);
    const all = (await page('pageSize=200')).json();
    expect(all.total).toBe(all.assessments.length);
    expect(all.total).toBeGreaterThanOrEqual(5);

    const first = (await page('pageSize=2')).json();
    expect(first).toMatchObject({ total: all.total, page: 1, pageSize: 2 });
    expect(first.assessments).toHaveLength(2);
    const ids: string[] = [];
    for (let n = 1; n <= Math.ceil(all.total / 2); n += 1) {
      const answer = (await page(`pageSize=2&page=${n}`)).json();
      ids.push(...answer.assessments.map((assessment: { _id: string }) => assessment._id));
    }
    expect(ids).toEqual(all.assessments.map((assessment: { _id: string }) => assessment._id));

    const past = (await page(`pageSize=2&page=${all.total}`)).json();
    expect(past).toMatchObject({ assessments: [], total: all.total });
  });

  it('counts only what the filters match', async () => {
    const answer = (await page('riskLevel=ALTO&pageSize=1')).json();
    expect(answer.total).toBe(1);
    expect(answer.assessments.map((assessment: { _id: string }) => assessment._id)).toEqual([
      assessmentId,
    ]);
  });

  it('refuses a page size over the limit, and names every wrong parameter at once', async () => {
    const response = await page('pageSize=201&riskLevel=ALTISIMO&from=2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Los filtros de la consulta no son válidos.');
    expect(
      response
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['from', 'pageSize', 'riskLevel']);
  });
});
