import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { HISTORY_PAGE_SIZE, type HistoryEvent } from '@psicocampus/shared/follow-up';
import { auditLog, users } from '../../db/schema';
import { keepGivenTimes } from '../../db/given-times';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/**
 * A student followed for years has a long 'Historial de cambios'
 * (docs/api.md#follow-up): GET /api/students/:id/history answers it a page
 * at a time, newest first, with the total, read and counted by the database.
 */
let server: TestServer;
let lucia: string;
let martin: string;
let studentId: string;
/** Every event of the student as the pages must order them: when, and by whom. */
let expectedOrder: string[];

const EVENTS = 45;
const DAY = 24 * 60 * 60_000;

/**
 * A safety-plan save's audit row at `at`, as the safety plan's route writes
 * it: back-dated, which only the tables' owner may ask (PGlite's one role
 * here; docs/data-model.md#times-set-by-the-database).
 */
function planSaved(student: string, userId: string, at: Date) {
  return server.server.database.db.transaction(async (tx) => {
    await keepGivenTimes(tx);
    await tx.insert(auditLog).values({
      at,
      userId,
      role: 'PSYCHOLOGIST',
      action: 'safety_plan.save',
      recordType: 'student',
      recordId: student,
      clientAddress: null,
      outcome: 'success',
      requestId: null,
      detail: null,
    });
  });
}

/** An event as the test tells it apart: when, and who. */
const said = (event: { at: string; by: { firstName: string } | null }) =>
  `${event.at} ${event.by?.firstName ?? '-'}`;

beforeAll(async () => {
  ({ server, lucia, martin } = await serverWithDemoSessions());
  studentId = (await createStudent(server, lucia))._id;
  const luciaId = await userIdOf(server, 'psychologist');
  const martinId = await userIdOf(server, 'psychologist2');
  const start = Date.parse('2023-03-01T14:00:00.000Z');
  // Years of saves; the 11th and 12th share their instant, told apart only
  // by the row's id (and here by who saved each).
  for (let index = 0; index < EVENTS; index += 1) {
    const at = new Date(start + (index === 11 ? 10 : index) * 7 * DAY);
    await planSaved(studentId, index % 2 ? martinId : luciaId, at);
  }
  const rows = await server.server.database.db
    .select({ at: auditLog.at, firstName: users.firstName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.action, 'safety_plan.save'), eq(auditLog.recordId, studentId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  expectedOrder = rows.map((row) =>
    said({ at: row.at.toISOString(), by: row.firstName ? { firstName: row.firstName } : null }),
  );
});
afterAll(() => server.close());

const historyUrl = (id: string, query = '') => `/api/students/${id}/history${query}`;
const get = (url: string, token = lucia) => server.call({ method: 'GET', url, token });

describe('GET /api/students/:id/history, a page at a time', () => {
  it('answers the pages newest first, each with the total, together every event once', async () => {
    expect(HISTORY_PAGE_SIZE).toBe(20);
    const first = await get(historyUrl(studentId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, total: EVENTS, page: 1, pageSize: 20 });
    const second = (await get(historyUrl(studentId, '?page=2'))).json();
    const third = (await get(historyUrl(studentId, '?page=3&pageSize=20'))).json();
    expect(second).toMatchObject({ total: EVENTS, page: 2, pageSize: 20 });
    expect(third.events).toHaveLength(5);
    const events: HistoryEvent[] = [...first.json().events, ...second.events, ...third.events];
    expect(events.map(said)).toEqual(expectedOrder);
    expect(events[EVENTS - 1]).toEqual({
      action: 'safety_plan.save',
      label: expect.any(String),
      at: '2023-03-01T14:00:00.000Z',
      by: { firstName: 'Lucía', lastName: expect.any(String) },
    });
  });

  it('answers another page size, and a page past the last with no events and the same total', async () => {
    const small = (await get(historyUrl(studentId, '?page=4&pageSize=7'))).json();
    expect(small).toMatchObject({ total: EVENTS, page: 4, pageSize: 7 });
    expect(small.events.map(said)).toEqual(expectedOrder.slice(21, 28));
    const past = (await get(historyUrl(studentId, '?page=9'))).json();
    expect(past).toEqual({ ok: true, events: [], total: EVENTS, page: 9, pageSize: 20 });
  });

  it("answers another caseload's student exactly as an unknown id, reading none of its events", async () => {
    const foreign = await createStudent(server, martin);
    const martinId = await userIdOf(server, 'psychologist2');
    await planSaved(foreign._id, martinId, new Date('2011-11-11T11:11:11.111Z'));
    let ofAnother: Awaited<ReturnType<typeof get>> | undefined;
    const read = await whatTheServerRead(server, async () => {
      ofAnother = await get(historyUrl(foreign._id, '?page=1'));
    });
    const unknown = await get(historyUrl(randomUUID(), '?page=1'));
    expect(ofAnother!.statusCode).toBe(404);
    expect(ofAnother!.json().msg).toBe(MSG.students.notFound);
    expect(unknown.rawPayload.equals(ofAnother!.rawPayload)).toBe(true);
    expect(read.includes('2011-11-11')).toBe(false);
    // Its own psychologist reads it.
    expect((await get(historyUrl(foreign._id), martin)).json()).toMatchObject({
      total: 1,
      events: [{ at: '2011-11-11T11:11:11.111Z' }],
    });
  });

  it("writes its audit row naming the student: 'denied' for another's, 'missing' for none", async () => {
    const foreign = await createStudent(server, martin);
    const nobody = randomUUID();
    const before = (await auditRowsOf(server, 'student.history')).length;
    await get(historyUrl(studentId, '?page=2'));
    await get(historyUrl(foreign._id));
    await get(historyUrl(nobody));
    const rows = (await auditRowsOf(server, 'student.history')).slice(before);
    expect(rows.map((row) => [row.recordType, row.recordId, row.outcome])).toEqual([
      ['student', studentId, 'success'],
      ['student', foreign._id, 'denied'],
      ['student', nobody, 'missing'],
    ]);
  });
});
