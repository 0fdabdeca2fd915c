import { randomUUID } from 'node:crypto';
import { formatDateTimeIn } from '@psicocampus/shared/domain';
import { keepGivenTimes } from '../db/given-times';
import { auditLog } from '../db/schema';
import { createStudent, userIdOf } from '../../test/helpers/patients';
import { saveAssessment } from '../../test/helpers/assessments';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { serviceDay, startOfDayIn } from './service-clock';

/**
 * One clock (docs/decisions.md#one-clock): every date and time the server
 * writes for a person (mails, file names, the months of the statistics) is
 * on SERVICE_TIME_ZONE, never on the clock of the machine it runs on.
 */

/** This machine's zone: what a date written without a zone would be on. */
const MACHINE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** UTC+14 all year, unless this machine is there: then UTC−11. Never the machine's day. */
const SERVICE_ZONE =
  MACHINE_ZONE === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

const monthOf = (instant: Date, zone: string) => serviceDay(instant, zone).slice(0, 7);

/**
 * The next whole hour at which the service's month is neither the
 * machine's nor UTC's: the last day of a month, late, on those clocks.
 */
function nextHourOfAnotherMonth(from: Date): Date {
  const hour = 3_600_000;
  let at = Math.ceil(from.getTime() / hour) * hour + hour;
  for (let i = 0; i < 24 * 40; i += 1, at += hour) {
    const instant = new Date(at);
    const service = monthOf(instant, SERVICE_ZONE);
    if (service !== monthOf(instant, MACHINE_ZONE) && service !== monthOf(instant, 'UTC')) {
      return instant;
    }
  }
  throw new Error('no such hour within 40 days');
}

describe("the server's day on a zone's clock", () => {
  it('names the day an instant falls on there', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(serviceDay(instant, 'UTC')).toBe('2026-12-31');
    expect(serviceDay(instant, 'Europe/Madrid')).toBe('2027-01-01');
    expect(serviceDay(instant, 'America/Guayaquil')).toBe('2026-12-31');
  });

  it("finds a day's midnight there, across a change of hour", () => {
    expect(
      startOfDayIn({ year: 2026, month: 11, day: 27 }, 'America/Guayaquil').toISOString(),
    ).toBe('2026-11-27T05:00:00.000Z');
    // Madrid moves to summer time on 29 March 2026: the 29th starts at UTC+1, the 30th at UTC+2.
    expect(startOfDayIn({ year: 2026, month: 3, day: 29 }, 'Europe/Madrid').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfDayIn({ year: 2026, month: 3, day: 29 }, 'Europe/Madrid', 1).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // Carries over the end of a month and of a year.
    expect(startOfDayIn({ year: 2026, month: 12, day: 31 }, 'UTC', 1).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe(`a service on ${SERVICE_ZONE}, on a machine on ${MACHINE_ZONE}`, () => {
  let server: TestServer;
  let lucia: string;
  let admin: string;
  /** When the test's actions happen, on the server's clock. */
  let at: Date;

  beforeAll(async () => {
    server = await startTestServer({ serviceTimeZone: SERVICE_ZONE });
    at = nextHourOfAnotherMonth(server.now());
    server.advanceClock(at.getTime() - server.now().getTime());
    [lucia, admin] = await Promise.all([server.login('psychologist'), server.login('admin')]);
  });
  afterAll(() => server.close());

  it('says when a student was reassigned on the service’s clock, in the mail to the psychologist who lost them', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Olga', lastName: 'Quispe' });
    const martinId = await userIdOf(server, 'psychologist2');
    const before = server.now();
    const response = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/assignment`,
      token: admin,
      payload: { psychologistId: martinId },
    });
    expect(response.statusCode).toBe(200);
    const after = server.now();

    const mail = (await server.outbox())
      .filter((sent) => sent.subject === 'Un estudiante de tu lista fue reasignado en PsicoCampus')
      .at(-1)!;
    // The minute may turn during the call: either side of it is right.
    const onService = [before, after].map((instant) => formatDateTimeIn(instant, SERVICE_ZONE));
    expect(onService.some((when) => mail.body.includes(when))).toBe(true);
    for (const instant of [before, after]) {
      expect(mail.body).not.toContain(formatDateTimeIn(instant, MACHINE_ZONE));
    }
  });

  it("finds the day's entries of the audit log by the service's day", async () => {
    // The database dates the rows the server writes by its own clock
    // (docs/data-model.md#times-set-by-the-database): an entry at the
    // instant chosen above is written as the tables' owner may, keeping its time.
    const userId = randomUUID();
    await server.server.database.db.transaction(async (tx) => {
      await keepGivenTimes(tx);
      await tx.insert(auditLog).values({
        at: server.now(),
        userId,
        role: 'ADMIN',
        action: 'student.reassign',
        outcome: 'success',
      });
    });
    const entries = async (day: string) => {
      const response = await server.call({
        method: 'GET',
        url: `/api/audit?userId=${userId}&from=${day}&to=${day}`,
        token: admin,
      });
      expect(response.statusCode).toBe(200);
      return response.json().total as number;
    };
    expect(await entries(serviceDay(server.now(), SERVICE_ZONE))).toBe(1);
    expect(await entries(serviceDay(server.now(), MACHINE_ZONE))).toBe(0);
  });

  it("names a PDF after the service's day", async () => {
    const student = await createStudent(server, lucia, { firstName: 'Rosa', lastName: 'Chávez' });
    const response = await server.call({
      method: 'GET',
      url: `/api/pdfreport/student/${student._id}`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    const day = serviceDay(server.now(), SERVICE_ZONE);
    expect(day).not.toBe(server.now().toISOString().slice(0, 10));
    expect(response.headers['content-disposition']).toContain(
      `filename="reporte_rosa-chavez_${day}.pdf"`,
    );
  });

  it("counts the assessments of the service's month as this month's", async () => {
    const statistics = async () => {
      const response = await server.call({ method: 'GET', url: '/api/statistics', token: lucia });
      expect(response.statusCode).toBe(200);
      return response.json().statistics;
    };
    const student = await createStudent(server, lucia, { firstName: 'Inés', lastName: 'Mora' });
    const before = await statistics();
    await saveAssessment(server, lucia, student._id);
    const { totals, assessmentsPerMonth } = await statistics();
    expect(assessmentsPerMonth.at(-1)).toMatchObject({
      key: monthOf(server.now(), SERVICE_ZONE),
      count: before.assessmentsPerMonth.at(-1).count + 1,
    });
    expect(totals.assessmentsThisMonth).toBe(before.totals.assessmentsThisMonth + 1);
  });
});
