import { MSG, type AppointmentStatus } from '@psicocampus/shared/domain';
import { appointments, students } from '../../db/schema';
import {
  auditRowsOf,
  createStudent,
  removeEveryStudent,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { computeAppointmentStatistics } from './statistics.routes';

/**
 * GET /api/statistics/appointments (docs/api.md#statistics): appointments per month of the
 * service's time zone (America/Guayaquil, UTC−5, the default) and status.
 * The demo students are removed first; then, counting months back from the
 * current one (0):
 *
 * | student | psychologist | month back | statuses                                      |
 * | L1      | Lucía        | 0          | ATTENDED ×2, NO_SHOW, SCHEDULED               |
 * | L1      | Lucía        | 1          | CANCELLED, and a NO_SHOW at 03:00 UTC on the  |
 * |         |              |            | 1st of month 0 (still month 1 in Guayaquil)   |
 * | L2      | Lucía        | 3          | ATTENDED                                      |
 * | L2      | Lucía        | 12         | ATTENDED (outside the default 12 months)      |
 * | M1      | Martín       | 0          | ATTENDED, CANCELLED                           |
 */

const ZONE = 'America/Guayaquil';

let server: TestServer;
let admin: string;
let lucia: string;
let martin: string;

/** The current year and month (1–12) in the service's time zone. */
function currentMonth(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month') };
}

/** The 15th at noon in Guayaquil (17:00 UTC), `back` months before the current one. */
function midMonth(back: number): Date {
  const { year, month } = currentMonth();
  return new Date(Date.UTC(year, month - 1 - back, 15, 17));
}

/** 'YYYY-MM' of the month `back` months before the current one. */
function keyOf(back: number): string {
  const { year, month } = currentMonth();
  const start = new Date(Date.UTC(year, month - 1 - back, 1));
  return `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

const counts = (values: Partial<Record<AppointmentStatus, number>> = {}) => ({
  SCHEDULED: 0,
  ATTENDED: 0,
  NO_SHOW: 0,
  CANCELLED: 0,
  ...values,
});

/** The counts of the last `length` months, oldest first, from those given by months back. */
function series(length: number, byMonthsBack: Record<number, ReturnType<typeof counts>>) {
  return Array.from({ length }, (_, index) => {
    const back = length - 1 - index;
    return { key: keyOf(back), counts: byMonthsBack[back] ?? counts() };
  });
}

async function insertAppointment(studentId: string, date: Date, status: AppointmentStatus) {
  const closed = status !== 'SCHEDULED';
  const cancelled = status === 'CANCELLED';
  await server.server.database.db.insert(appointments).values({
    studentId,
    date,
    status,
    reason: 'Seguimiento',
    statusChangedAt: closed ? date : null,
    cancelledBy: cancelled ? 'STUDENT' : null,
    cancelReason: cancelled ? 'Viaje' : null,
  });
}

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  expect(server.config.serviceTimeZone).toBe(ZONE);
  await removeEveryStudent(server.server.database.db);
  const l1 = (await createStudent(server, lucia))._id;
  const l2 = (await createStudent(server, lucia))._id;
  const m1 = (await createStudent(server, martin))._id;

  for (const status of ['ATTENDED', 'ATTENDED', 'NO_SHOW', 'SCHEDULED'] as const) {
    await insertAppointment(l1, midMonth(0), status);
  }
  await insertAppointment(l1, midMonth(1), 'CANCELLED');
  const { year, month } = currentMonth();
  await insertAppointment(l1, new Date(Date.UTC(year, month - 1, 1, 3)), 'NO_SHOW');
  await insertAppointment(l2, midMonth(3), 'ATTENDED');
  await insertAppointment(l2, midMonth(12), 'ATTENDED');
  await insertAppointment(m1, midMonth(0), 'ATTENDED');
  await insertAppointment(m1, midMonth(0), 'CANCELLED');
});
afterAll(() => server.close());

async function statisticsOf(token: string, query = '') {
  const response = await server.call({
    method: 'GET',
    url: `/api/statistics/appointments${query}`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const withoutLabels = (months: Array<{ key: string; counts: object }>) =>
  months.map(({ key, counts: monthCounts }) => ({ key, counts: monthCounts }));

describe('GET /api/statistics/appointments', () => {
  it("gives a psychologist their caseload's appointments of the last 12 months, every month present", async () => {
    const answer = await statisticsOf(lucia);
    expect(answer.ok).toBe(true);
    expect(answer.scope).toBe('CASELOAD');
    expect(withoutLabels(answer.months)).toEqual(
      series(12, {
        0: counts({ ATTENDED: 2, NO_SHOW: 1, SCHEDULED: 1 }),
        // 03:00 UTC on the 1st is still the evening before in Guayaquil.
        1: counts({ CANCELLED: 1, NO_SHOW: 1 }),
        3: counts({ ATTENDED: 1 }),
      }),
    );
    const label = new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric' });
    expect(answer.months.at(-1).label).toBe(label.format(midMonth(0)));

    const theirs = await statisticsOf(martin);
    expect(withoutLabels(theirs.months)).toEqual(
      series(12, { 0: counts({ ATTENDED: 1, CANCELLED: 1 }) }),
    );
  });

  it('gives an administrator the whole service, counts only', async () => {
    const answer = await statisticsOf(admin);
    expect(Object.keys(answer).sort()).toEqual(['months', 'ok', 'scope']);
    expect(answer.scope).toBe('SERVICE');
    expect(withoutLabels(answer.months)).toEqual(
      series(12, {
        0: counts({ ATTENDED: 3, NO_SHOW: 1, SCHEDULED: 1, CANCELLED: 1 }),
        1: counts({ CANCELLED: 1, NO_SHOW: 1 }),
        3: counts({ ATTENDED: 1 }),
      }),
    );
    for (const month of answer.months) {
      expect(Object.keys(month).sort()).toEqual(['counts', 'key', 'label']);
    }
  });

  it('reaches as many months back as asked', async () => {
    const answer = await statisticsOf(lucia, '?months=13');
    expect(answer.months).toHaveLength(13);
    expect(answer.months[0]).toMatchObject({ key: keyOf(12), counts: counts({ ATTENDED: 1 }) });
    const one = await statisticsOf(lucia, '?months=1');
    expect(withoutLabels(one.months)).toEqual([
      { key: keyOf(0), counts: counts({ ATTENDED: 2, NO_SHOW: 1, SCHEDULED: 1 }) },
    ]);
  });

  it.each(['0', '37', 'doce', '1.5', '-3'])('refuses months=%s in Spanish', async (months) => {
    const response = await server.call({
      method: 'GET',
      url: `/api/statistics/appointments?months=${months}`,
      token: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [{ field: 'months', msg: MSG.api.invalidQuery }],
    });
  });

  it('is recorded in the audit log like the other statistics, and needs a session', async () => {
    await statisticsOf(martin);
    expect((await auditRowsOf(server, 'statistics.read')).at(-1)).toMatchObject({
      userId: await userIdOf(server, 'psychologist2'),
      role: 'PSYCHOLOGIST',
      recordType: null,
      recordId: null,
      outcome: 'success',
    });
    const anonymous = await server.call({ method: 'GET', url: '/api/statistics/appointments' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the months of the service time zone', () => {
  it('counts 2026-12-01T03:00Z as November in America/Guayaquil, December in UTC', async () => {
    const { db } = server.server.database;
    const psychologistId = await userIdOf(server, 'psychologist');
    const [student] = await db.select({ id: students.id }).from(students).limit(1);
    await db.insert(appointments).values({
      studentId: student!.id,
      date: new Date('2026-12-01T03:00:00Z'),
      status: 'ATTENDED',
      statusChangedAt: new Date('2026-12-01T04:00:00Z'),
      reason: 'Frontera',
    });
    const scope = { kind: 'CASELOAD', psychologistId } as const;
    const now = new Date('2026-12-10T12:00:00Z');
    const inGuayaquil = await computeAppointmentStatistics(db, scope, {
      now,
      timeZone: ZONE,
      months: 2,
    });
    expect(inGuayaquil.months).toEqual([
      { key: '2026-11', label: expect.any(String), counts: expect.any(Object) },
      { key: '2026-12', label: expect.any(String), counts: expect.any(Object) },
    ]);
    const inUtc = await computeAppointmentStatistics(db, scope, {
      now,
      timeZone: 'UTC',
      months: 2,
    });
    // The same appointment moves from one month to the other; nothing else does.
    const attended = (answer: typeof inUtc) => answer.months.map((m) => m.counts.ATTENDED);
    const [novemberHere, decemberHere] = attended(inGuayaquil);
    const [novemberUtc, decemberUtc] = attended(inUtc);
    expect(novemberHere! - novemberUtc!).toBe(1);
    expect(decemberUtc! - decemberHere!).toBe(1);
  });

  it('counts a month that the current one is in another year of', async () => {
    const { db } = server.server.database;
    const answer = await computeAppointmentStatistics(
      db,
      { kind: 'SERVICE' },
      { now: new Date('2027-01-01T04:59:00Z'), timeZone: ZONE, months: 3 },
    );
    // 04:59 UTC on 1 January is still 31 December in Guayaquil.
    expect(answer.months.map((month) => month.key)).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(answer.months.map((month) => month.label)).toEqual(
      ['2026-10-15', '2026-11-15', '2026-12-15'].map((day) =>
        new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${day}T12:00:00Z`),
        ),
      ),
    );
  });
});
