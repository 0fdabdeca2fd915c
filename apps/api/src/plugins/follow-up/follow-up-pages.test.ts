import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import type { FollowUpEntry } from '@psicocampus/shared/follow-up';
import { suicideAssessments } from '../../db/schema';
import { severeAnswers } from '../../../test/helpers/assessments';
import { createStudent, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { pagingMessage } from '../../../test/helpers/paged-calls';

/**
 * "Seguimiento prioritario" by page (docs/api.md#follow-up): the home shows
 * its first rows and the total, the list screen one page at a time; the
 * order is the list's own (MUY_ALTO first, then whoever has waited longest).
 */
let server: TestServer;
let lucia: string;
/** Lucía's students on the list, in the list's order. */
const waiting: string[] = [];

const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions());
  const authorId = await userIdOf(server, 'psychologist');
  for (const firstName of ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena']) {
    const index = waiting.length;
    const student = await createStudent(server, lucia, { firstName });
    await server.server.database.db.insert(suicideAssessments).values({
      studentId: student._id,
      authorId,
      answers: severeAnswers(),
      riskLevel: 'MUY_ALTO',
      createdAt: new Date(server.now().getTime() - (10 - index) * DAY_MS),
    });
    waiting.push(student._id);
  }
});
afterAll(() => server.close());

const followUp = (query: string) =>
  server.call({ method: 'GET', url: `/api/follow-up${query}`, token: lucia });
const idsOf = (entries: FollowUpEntry[]) => entries.map((entry) => entry.student._id);

describe('GET /api/follow-up, by page', () => {
  it('answers one page in the list’s order, with the total and the periods', async () => {
    const first = await followUp('?pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      days: 7,
      reassessDays: 30,
      total: 5,
      page: 1,
      pageSize: 2,
    });
    expect(idsOf(first.json().entries)).toEqual(waiting.slice(0, 2));
    const last = (await followUp('?page=3&pageSize=2')).json();
    expect(last).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(idsOf(last.entries)).toEqual([waiting[4]]);
  });

  it('answers the first page of the default size without a page', async () => {
    const body = (await followUp('')).json();
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: LIST_PAGE_SIZE });
    expect(idsOf(body.entries)).toEqual(waiting);
  });

  it('refuses a page size out of bounds with 400', async () => {
    const response = await followUp(`?pageSize=${LIST_MAX_PAGE_SIZE + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [{ field: 'pageSize', msg: pagingMessage('pageSize') }],
    });
  });
});
