import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { MSG, STUDENT_ASSESSMENTS_PAGE_SIZE } from '@psicocampus/shared/domain';
import type { SuicideAssessment } from '@psicocampus/shared/columbia';
import { suicideAssessments } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/**
 * A student assessed for years ('Historial de evaluaciones',
 * docs/api.md#assessments): asked by page, GET /api/suicide-assessments?studentId=
 * answers the newest first with the total, from which the screen numbers
 * each 'Evaluación N'; asked without a page it keeps its whole answer,
 * the oldest first, for the clients written against it.
 */
let server: TestServer;
let lucia: string;
let martin: string;
let studentId: string;
/** Every assessment of the student, oldest first: 'Evaluación N' is the Nth. */
let oldestFirst: string[];

const ASSESSMENTS = 45;
const WEEK = 7 * 24 * 60 * 60_000;

beforeAll(async () => {
  ({ server, lucia, martin } = await serverWithDemoSessions());
  studentId = (await createStudent(server, lucia))._id;
  const authorId = await userIdOf(server, 'psychologist');
  const start = Date.parse('2023-03-01T14:00:00.000Z');
  // Years of assessments, written before this server ran; the 11th and 12th
  // share their instant, so that only the id tells them apart.
  const rows = Array.from({ length: ASSESSMENTS }, (_, index) => ({
    studentId,
    authorId,
    answers: calmAnswers(),
    riskLevel: 'BAJO',
    createdAt: new Date(start + (index === 11 ? 10 : index) * WEEK),
  }));
  await server.server.database.db.insert(suicideAssessments).values(rows);
  oldestFirst = (
    await server.server.database.db
      .select({ id: suicideAssessments.id })
      .from(suicideAssessments)
      .where(eq(suicideAssessments.studentId, studentId))
      .orderBy(asc(suicideAssessments.createdAt), asc(suicideAssessments.id))
  ).map((row) => row.id);
});
afterAll(() => server.close());

const listUrl = (id: string, query = '') => `/api/suicide-assessments?studentId=${id}${query}`;
const get = (url: string, token = lucia) => server.call({ method: 'GET', url, token });
const ids = (assessments: SuicideAssessment[]) => assessments.map((a) => a._id);

describe("a student's assessments asked by page", () => {
  it('answers the newest first, each page with the total, the pages together the whole list reversed', async () => {
    expect(STUDENT_ASSESSMENTS_PAGE_SIZE).toBe(20);
    const first = await get(listUrl(studentId, '&page=1'));
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage).toMatchObject({ ok: true, total: ASSESSMENTS, page: 1, pageSize: 20 });
    const second = (await get(listUrl(studentId, '&page=2'))).json();
    const third = (await get(listUrl(studentId, '&page=3&pageSize=20'))).json();
    expect(second).toMatchObject({ total: ASSESSMENTS, page: 2, pageSize: 20 });
    expect(third.assessments).toHaveLength(5);
    const newestFirst = [...oldestFirst].reverse();
    expect(
      [...firstPage.assessments, ...second.assessments, ...third.assessments].map(
        (a: SuicideAssessment) => a._id,
      ),
    ).toEqual(newestFirst);
    // Each whole, as the whole list has it: answers, levels, remarks.
    expect(third.assessments[4]).toMatchObject({
      _id: oldestFirst[0],
      studentId,
      riskLevel: 'BAJO',
      clinicianLevel: null,
      remarks: [],
    });
  });

  it("numbers right from the total and the place: the item at index i of page p is 'Evaluación total − (p−1)·size − i'", async () => {
    const page = (await get(listUrl(studentId, '&page=2&pageSize=7'))).json();
    ids(page.assessments).forEach((id, index) => {
      const number = page.total - (page.page - 1) * page.pageSize - index;
      expect(oldestFirst[number - 1]).toBe(id);
    });
  });

  it('answers a page past the last with no assessments and the same total', async () => {
    const past = (await get(listUrl(studentId, '&page=9'))).json();
    expect(past).toEqual({ ok: true, assessments: [], total: ASSESSMENTS, page: 9, pageSize: 20 });
    const fresh = await createStudent(server, lucia);
    expect((await get(listUrl(fresh._id, '&page=1'))).json()).toEqual({
      ok: true,
      assessments: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  it('keeps the whole answer, the oldest first and without a total, when no page is asked', async () => {
    const whole = await get(listUrl(studentId));
    expect(whole.statusCode).toBe(200);
    expect(Object.keys(whole.json()).sort()).toEqual(['assessments', 'ok']);
    expect(ids(whole.json().assessments)).toEqual(oldestFirst);
  });

  it("answers another caseload's student exactly as an unknown id, reading none of its assessments", async () => {
    const foreign = await createStudent(server, martin);
    await saveAssessment(server, martin, foreign._id, severeAnswers());
    let ofAnother: Awaited<ReturnType<typeof get>> | undefined;
    const read = await whatTheServerRead(server, async () => {
      ofAnother = await get(listUrl(foreign._id, '&page=1'));
    });
    const unknown = await get(listUrl(randomUUID(), '&page=1'));
    expect(ofAnother!.statusCode).toBe(404);
    expect(ofAnother!.json().msg).toBe(MSG.students.notFound);
    expect(unknown.rawPayload.equals(ofAnother!.rawPayload)).toBe(true);
    expect(read.includes('Ingirió pastillas')).toBe(false);
    // Its own psychologist reads it.
    expect((await get(listUrl(foreign._id, '&page=1'), martin)).json().total).toBe(1);
  });

  it("writes the list's audit row naming the student: 'denied' for another's, 'missing' for none", async () => {
    const foreign = await createStudent(server, martin);
    const nobody = randomUUID();
    const before = (await auditRowsOf(server, 'assessment.list')).length;
    await get(listUrl(studentId, '&page=2'));
    await get(listUrl(foreign._id, '&page=1'));
    await get(listUrl(nobody, '&page=1'));
    const rows = (await auditRowsOf(server, 'assessment.list')).slice(before);
    expect(rows.map((row) => [row.recordType, row.recordId, row.outcome])).toEqual([
      ['student', studentId, 'success'],
      ['student', foreign._id, 'denied'],
      ['student', nobody, 'missing'],
    ]);
  });

  it('puts a new assessment first on the first page, the total grown', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    const first = (await get(listUrl(studentId, '&page=1'))).json();
    expect(first.total).toBe(ASSESSMENTS + 1);
    expect(first.assessments[0]._id).toBe(saved._id);
    const whole = (await get(listUrl(studentId))).json();
    expect(ids(whole.assessments).at(-1)).toBe(saved._id);
  });
});
