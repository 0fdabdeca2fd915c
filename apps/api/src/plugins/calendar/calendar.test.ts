import { appointmentUid } from '../../mail/appointment-calendar';
import { and, eq } from 'drizzle-orm';
import {
  formatDateTimeIn,
  type Appointment,
  type StudentSummary,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { auditLog, calendarFeeds } from '../../db/schema';
import { parseCalendar } from '../../../test/helpers/ics';
import { createStudent, inDays } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { randomAddress, type TestServer } from '../../../test/helpers/test-server';

/** The psychologist's iCalendar feed (docs/api.md#calendar-feed). */

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let student: StudentSummary;
let scheduled: Appointment;
let cancelled: Appointment;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  student = await createStudent(server, lucia, { firstName: 'Valentina', lastName: 'Quispe' });
  const book = async (date: string) => {
    const response = await server.call({
      method: 'POST',
      url: '/api/appointments',
      token: lucia,
      payload: {
        studentId: student._id,
        date,
        reason: 'Duelo por pérdida familiar',
        notes: 'Antecedentes de autolesión',
        confirmOverlap: true,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().appointment as Appointment;
  };
  // Whole minutes, as the form books them: iCalendar times have no fractions of a second.
  const minute = (date: string) => new Date(Math.floor(Date.parse(date) / 60_000) * 60_000);
  scheduled = await book(minute(inDays(2)).toISOString());
  cancelled = await book(minute(inDays(3)).toISOString());
  const closing = await server.call({
    method: 'POST',
    url: `/api/appointments/${cancelled._id}/status`,
    token: lucia,
    payload: {
      status: 'CANCELLED',
      cancelledBy: 'SERVICE',
      reason: 'Feriado',
      version: cancelled.version,
    },
  });
  expect(closing.statusCode).toBe(200);
});
afterAll(() => server.close());

const feedCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, payload?: object) =>
  server.call({ method, url: '/api/calendar/feed', token, ...(payload ? { payload } : {}) });

/** The path of a feed URL, as the test server is called without its origin. */
const pathOf = (url: string) => new URL(url).pathname;

const fetchFeed = (url: string) =>
  server.call({ method: 'GET', url: pathOf(url), remoteAddress: randomAddress() });

async function createFeed(showNames?: boolean): Promise<string> {
  const response = await feedCall('POST', lucia, showNames === undefined ? {} : { showNames });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  expect(body.url).toMatch(
    new RegExp(`^${server.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
  );
  return body.url;
}

describe('the calendar feed', () => {
  it('says there is none until one is created, and then that names are hidden', async () => {
    await server.server.database.db.delete(calendarFeeds);
    expect((await feedCall('GET', lucia)).json()).toEqual({
      ok: true,
      feed: { exists: false, showNames: false },
    });
    await createFeed();
    expect((await feedCall('GET', lucia)).json().feed).toEqual({ exists: true, showNames: false });
  });

  it('serves the agenda to its URL, as iCalendar with no name, reason or note by default', async () => {
    const url = await createFeed();
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const calendar = parseCalendar(response.body);
    const byUid = new Map(calendar.events.map((event) => [event.uid, event]));
    const first = byUid.get(appointmentUid(scheduled._id));
    const second = byUid.get(appointmentUid(cancelled._id));
    expect(first).toMatchObject({ summary: 'Cita (Programada)', status: 'CONFIRMED' });
    expect(first!.start.toISOString()).toBe(new Date(scheduled.date).toISOString());
    expect(second).toMatchObject({ summary: 'Cita (Cancelada)', status: 'CANCELLED' });
    expect(second!.sequence).toBeGreaterThan(0);
    // The service's clock, said once for the calendar and in words in each event (docs/decisions.md#one-clock).
    const zone = server.config.serviceTimeZone;
    expect(calendar.timeZone).toBe(zone);
    expect(first!.description).toBe(
      `${formatDateTimeIn(scheduled.date, zone)} (hora del servicio, ${zone})`,
    );
    for (const secret of ['Valentina', 'Quispe', 'Duelo', 'autolesión', 'Feriado']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('shows the names once the psychologist turns them on, and hides them again', async () => {
    const url = await createFeed();
    const on = await feedCall('PUT', lucia, { showNames: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().feed).toEqual({ exists: true, showNames: true });
    const named = parseCalendar((await fetchFeed(url)).body);
    expect(named.events.map((event) => event.summary)).toContain(
      'Cita: Valentina Quispe (Programada)',
    );
    await feedCall('PUT', lucia, { showNames: false });
    expect((await fetchFeed(url)).body).not.toContain('Valentina');
  });

  it('answers 404 to a rotated-out token, a revoked one and a made-up one', async () => {
    const old = await createFeed();
    const current = await createFeed();
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(current)).statusCode).toBe(200);

    const revoked = await feedCall('DELETE', lucia);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().msg).toBe(SERVER_MSG.calendar.revoked);
    const gone = await fetchFeed(current);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(SERVER_MSG.calendar.feedNotFound);
    expect((await feedCall('GET', lucia)).json().feed.exists).toBe(false);
    expect((await feedCall('DELETE', lucia)).statusCode).toBe(404);
    expect((await feedCall('PUT', lucia, { showNames: true })).statusCode).toBe(404);

    for (const path of ['/api/calendar/abc.ics', `/api/calendar/${'A'.repeat(43)}.ics`]) {
      const response = await server.call({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
    }
  });

  it('keeps only a hash of the token', async () => {
    const url = await createFeed();
    const token = /\/([^/]+)\.ics$/.exec(url)![1]!;
    const [row] = await server.server.database.db.select().from(calendarFeeds);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is the psychologist's own: an admin gets 403, another psychologist sees only their own", async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await feedCall(method, admin, method === 'PUT' ? { showNames: true } : {});
      expect(response.statusCode).toBe(403);
    }
    const url = await createFeed();
    expect((await feedCall('GET', martin)).json().feed.exists).toBe(false);
    const martins = await feedCall('POST', martin, {});
    expect(martins.statusCode).toBe(201);
    const his = await fetchFeed(martins.json().url);
    expect(his.statusCode).toBe(200);
    expect(parseCalendar(his.body).events).toEqual([]);
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('limits the fetches of one address, as the other public calls are', async () => {
    const url = await createFeed();
    const remoteAddress = randomAddress();
    const fetchFrom = () => server.call({ method: 'GET', url: pathOf(url), remoteAddress });
    for (let call = 0; call < 120; call += 1) expect((await fetchFrom()).statusCode).toBe(200);
    const refused = await fetchFrom();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses a setting that is not a boolean', async () => {
    const response = await feedCall('POST', lucia, { showNames: 'sí' });
    expect(response.statusCode).toBe(400);
  });

  it('audits the fetches as the feed owner, never with the token', async () => {
    const url = await createFeed();
    await fetchFeed(url);
    const { db } = server.server.database;
    const [luciaRow] = await db
      .select({ userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar.feed_create'))
      .limit(1);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar.feed_fetch'), eq(auditLog.outcome, 'success')));
    expect(rows.length).toBeGreaterThan(0);
    // Each fetch names the feed's owner as who read, and as the record read.
    expect(rows.every((row) => row.userId !== null && row.userId === row.recordId)).toBe(true);
    expect(rows.map((row) => row.userId)).toContain(luciaRow!.userId);
    const token = /\/([^/]+)\.ics$/.exec(url)![1]!;
    const all = await db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain(token);
  });
});
