import { randomUUID } from 'node:crypto';
import { MSG } from '@psicocampus/shared/domain';
import {
  SAFETY_PLAN_REVISIONS_PAGE_SIZE,
  type SafetyPlanRevision,
} from '@psicocampus/shared/safety-plan';
import { safetyPlanRevisions } from '../../db/schema';
import { keepGivenTimes } from '../../db/given-times';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { sealedRows } from '../../../test/helpers/sealed-rows';

/**
 * A plan revised for years (docs/api.md#safety-plan): the plan's answer
 * carries the newest page of its revisions and how many there are, and
 * GET /api/students/:id/safety-plan/revisions answers the rest a page at a
 * time, in the same order, with the same 404 as the plan for anyone else's student.
 */
let server: TestServer;
let lucia: string;
let martin: string;
let studentId: string;

const REVISIONS = 45;
const WEEK = 7 * 24 * 60 * 60_000;

/** `count` revisions of the student's plan, version 1 the oldest, written before this server ran. */
async function revisionsOf(student: string, count: number, authorId: string, text: string) {
  const start = Date.parse('2023-03-01T14:00:00.000Z');
  const rows = Array.from({ length: count }, (_, index) => ({
    studentId: student,
    version: index + 1,
    status: index % 3 ? 'draft' : 'complete',
    warningSigns: `${text} ${index + 1}`,
    authorId,
    createdAt: new Date(start + index * WEEK),
  }));
  // Back-dated, which only the tables' owner may ask (PGlite's one role here;
  // docs/data-model.md#times-set-by-the-database).
  await server.server.database.db.transaction(async (tx) => {
    await keepGivenTimes(tx);
    await tx
      .insert(safetyPlanRevisions)
      .values(sealedRows(server.app.ctx.texts, 'safetyPlanRevisions', rows));
  });
}

beforeAll(async () => {
  ({ server, lucia, martin } = await serverWithDemoSessions());
  studentId = (await createStudent(server, lucia))._id;
  await revisionsOf(studentId, REVISIONS, await userIdOf(server, 'psychologist'), 'Señal');
});
afterAll(() => server.close());

const planUrl = (id: string, query = '') => `/api/students/${id}/safety-plan${query}`;
const revisionsUrl = (id: string, query = '') =>
  `/api/students/${id}/safety-plan/revisions${query}`;
const get = (url: string, token = lucia) => server.call({ method: 'GET', url, token });
const versions = (revisions: SafetyPlanRevision[]) => revisions.map((r) => r.version);
/** Versions `from` down to `to`, as the pages list them. */
const newestFirst = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe("a safety plan's revisions", () => {
  it('come with the plan only as their newest page, and how many there are in all', async () => {
    expect(SAFETY_PLAN_REVISIONS_PAGE_SIZE).toBe(20);
    const plan = (await get(planUrl(studentId))).json();
    expect(plan.safetyPlan.version).toBe(REVISIONS);
    expect(plan.revisionsTotal).toBe(REVISIONS);
    expect(versions(plan.revisions)).toEqual(newestFirst(45, 26));
    // An earlier revision comes with the same newest page.
    const earlier = (await get(planUrl(studentId, '?version=3'))).json();
    expect(earlier.safetyPlan.version).toBe(3);
    expect(versions(earlier.revisions)).toEqual(versions(plan.revisions));
  });

  it('are answered a page at a time in the same order, each page with the total', async () => {
    const first = await get(revisionsUrl(studentId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, total: REVISIONS, page: 1, pageSize: 20 });
    expect(first.json().revisions).toEqual((await get(planUrl(studentId))).json().revisions);
    const second = (await get(revisionsUrl(studentId, '?page=2'))).json();
    const third = (await get(revisionsUrl(studentId, '?page=3&pageSize=20'))).json();
    expect(versions(second.revisions)).toEqual(newestFirst(25, 6));
    expect(versions(third.revisions)).toEqual(newestFirst(5, 1));
    // Without their text: what the list shows.
    expect(third.revisions[4]).toEqual({
      version: 1,
      status: 'complete',
      createdAt: '2023-03-01T14:00:00.000Z',
      createdBy: expect.objectContaining({ firstName: 'Lucía' }),
    });
    expect(JSON.stringify(third)).not.toContain('Señal');
  });

  it('answer another page size, and a page past the last with none and the same total', async () => {
    const small = (await get(revisionsUrl(studentId, '?page=4&pageSize=7'))).json();
    expect(small).toMatchObject({ total: REVISIONS, page: 4, pageSize: 7 });
    expect(versions(small.revisions)).toEqual(newestFirst(24, 18));
    const past = (await get(revisionsUrl(studentId, '?page=9'))).json();
    expect(past).toEqual({ ok: true, revisions: [], total: REVISIONS, page: 9, pageSize: 20 });
    const fresh = await createStudent(server, lucia);
    expect((await get(revisionsUrl(fresh._id))).json()).toMatchObject({ revisions: [], total: 0 });
    expect((await get(planUrl(fresh._id))).json()).toMatchObject({ revisionsTotal: 0 });
  });

  it("answer another caseload's student exactly as an unknown id, reading none of its revisions", async () => {
    const foreign = await createStudent(server, martin);
    await revisionsOf(foreign._id, 3, await userIdOf(server, 'psychologist2'), 'Secreto');
    let ofAnother: Awaited<ReturnType<typeof get>> | undefined;
    const read = await whatTheServerRead(server, async () => {
      ofAnother = await get(revisionsUrl(foreign._id, '?page=1'));
    });
    const unknown = await get(revisionsUrl(randomUUID(), '?page=1'));
    expect(ofAnother!.statusCode).toBe(404);
    expect(ofAnother!.json().msg).toBe(MSG.students.notFound);
    expect(unknown.rawPayload.equals(ofAnother!.rawPayload)).toBe(true);
    expect(read.includes('Secreto')).toBe(false);
    expect(read.includes('2023-03-15')).toBe(false);
    // Its own psychologist reads them.
    expect((await get(revisionsUrl(foreign._id), martin)).json().total).toBe(3);
  });

  it("write the plan's read audit row naming the student: 'denied' for another's, 'missing' for none", async () => {
    const foreign = await createStudent(server, martin);
    const nobody = randomUUID();
    const before = (await auditRowsOf(server, 'safety_plan.read')).length;
    await get(revisionsUrl(studentId, '?page=2'));
    await get(revisionsUrl(foreign._id));
    await get(revisionsUrl(nobody));
    const rows = (await auditRowsOf(server, 'safety_plan.read')).slice(before);
    expect(rows.map((row) => [row.recordType, row.recordId, row.outcome, row.detail])).toEqual([
      ['student', studentId, 'success', { revisionsPage: 2 }],
      ['student', foreign._id, 'denied', null],
      ['student', nobody, 'missing', null],
    ]);
  });

  it('put a new save first, the total grown, on the plan and on the first page', async () => {
    const saved = await server.call({
      method: 'PUT',
      url: planUrl(studentId),
      token: lucia,
      payload: { warningSigns: 'Dejo de dormir.', status: 'draft', version: REVISIONS },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ revisionsTotal: REVISIONS + 1 });
    expect(versions(saved.json().revisions)).toEqual(newestFirst(46, 27));
    const third = (await get(revisionsUrl(studentId, '?page=3'))).json();
    expect(third).toMatchObject({ total: REVISIONS + 1 });
    expect(versions(third.revisions)).toEqual(newestFirst(6, 1));
  });
});
