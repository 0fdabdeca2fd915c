import { eq, sql } from 'drizzle-orm';
import type { Appointment } from '@psicocampus/shared/domain';
import { LIST_MAX_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import { appointments } from '../../db/schema';
import { auditRowsOf, createStudent, inDays, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { pagingMessage } from '../../../test/helpers/paged-calls';

/**
 * "Sin registrar asistencia" (docs/api.md#appointments): the caller's
 * appointments that ended while still 'Programada', oldest first, by page
 * with their total, so that the home counts them and the agenda lists them.
 */

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

interface Page {
  ok: true;
  appointments: Appointment[];
  total: number;
  page: number;
  pageSize: number;
}

const unrecorded = (token: string, query = '') =>
  server.call({ method: 'GET', url: `/api/appointments/unrecorded${query}`, token });

async function pageOf(token: string, query = ''): Promise<Page> {
  const response = await unrecorded(token, query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function book(token: string, studentId: string, reason: string, minutes = 50) {
  const response = await server.call({
    method: 'POST',
    url: '/api/appointments',
    token,
    payload: {
      studentId,
      date: inDays(3),
      durationMinutes: minutes,
      reason,
      notes: '',
      confirmOverlap: true,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().appointment as Appointment;
}

/** Moves an appointment's start `minutesAgo` minutes into the past, as if its hour had come. */
async function startedAgo(appointment: Appointment, minutesAgo: number): Promise<void> {
  await server.server.database.db
    .update(appointments)
    .set({ date: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(appointments.id, appointment._id));
}

const close = (token: string, appointment: Appointment, status: 'ATTENDED' | 'NO_SHOW') =>
  server.call({
    method: 'POST',
    url: `/api/appointments/${appointment._id}/status`,
    token,
    payload: { status, version: appointment.version },
  });

describe('the appointments still to record', () => {
  let yesterday: Appointment;
  let earlier: Appointment;
  let inProgress: Appointment;
  let recorded: Appointment;

  beforeAll(async () => {
    const student = await createStudent(server, lucia, { firstName: 'Paula' });
    yesterday = await book(lucia, student._id, 'Control de ayer');
    earlier = await book(lucia, student._id, 'Control de hace tres horas', 90);
    inProgress = await book(lucia, student._id, 'Sesión en curso');
    recorded = await book(lucia, student._id, 'Sesión ya registrada');
    const cancelled = await book(lucia, student._id, 'Sesión cancelada');
    await book(lucia, student._id, 'Sesión por venir');
    await startedAgo(yesterday, 24 * 60);
    // Began 3 hours ago and lasted 90 minutes: ended 90 minutes ago.
    await startedAgo(earlier, 3 * 60);
    // Began 10 minutes ago: its 50 minutes are not over.
    await startedAgo(inProgress, 10);
    await startedAgo(recorded, 5 * 60);
    expect((await close(lucia, recorded, 'ATTENDED')).statusCode).toBe(200);
    const cancelling = await server.call({
      method: 'POST',
      url: `/api/appointments/${cancelled._id}/status`,
      token: lucia,
      payload: {
        status: 'CANCELLED',
        cancelledBy: 'STUDENT',
        reason: 'Viaje',
        version: cancelled.version,
      },
    });
    expect(cancelling.statusCode).toBe(200);
    await startedAgo(cancelled, 6 * 60);
  });

  it("lists the caller's ended appointments still 'Programada', oldest first, with the total", async () => {
    const page = await pageOf(lucia);
    expect(page).toMatchObject({ ok: true, total: 2, page: 1, pageSize: 20 });
    expect(page.appointments.map((a) => a.reason)).toEqual([
      'Control de ayer',
      'Control de hace tres horas',
    ]);
    expect(page.appointments[0]).toMatchObject({
      _id: yesterday._id,
      status: 'SCHEDULED',
      student: { firstName: 'Paula' },
      durationMinutes: 50,
    });
  });

  it('answers one page at a time, the total on each', async () => {
    const second = await pageOf(lucia, '?page=2&pageSize=1');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.appointments.map((a) => a._id)).toEqual([earlier._id]);
    const beyond = await pageOf(lucia, '?page=3&pageSize=1');
    expect(beyond).toMatchObject({ total: 2, appointments: [] });
  });

  it('shows another psychologist none of them, and refuses administrators', async () => {
    expect(await pageOf(martin)).toMatchObject({ total: 0, appointments: [] });
    expect((await unrecorded(admin)).statusCode).toBe(403);
    const anonymous = await server.call({ method: 'GET', url: '/api/appointments/unrecorded' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a page out of range, naming the parameter, in Spanish', async () => {
    for (const query of [
      '?pageSize=0',
      `?pageSize=${LIST_MAX_PAGE_SIZE + 1}`,
      '?page=0',
      '?page=dos',
    ]) {
      const response = await unrecorded(lucia, query);
      expect(response.statusCode).toBe(400);
      const field = query.slice(1).split('=')[0] as 'page' | 'pageSize';
      expect(response.json()).toEqual({
        ok: false,
        msg: MSG.api.invalidQuery,
        errors: [{ field, msg: pagingMessage(field) }],
      });
    }
  });

  it('lets one go once its attendance is recorded', async () => {
    const response = await close(lucia, yesterday, 'NO_SHOW');
    expect(response.statusCode).toBe(200);
    const page = await pageOf(lucia);
    expect(page.total).toBe(1);
    expect(page.appointments.map((a) => a._id)).toEqual([earlier._id]);
  });

  it('writes who asked to the audit log, naming no appointment', async () => {
    const rows = await auditRowsOf(server, 'appointment.unrecorded');
    const luciaId = await userIdOf(server, 'psychologist');
    expect(rows.some((row) => row.userId === luciaId && row.outcome === 'success')).toBe(true);
    expect(rows.every((row) => row.recordId === null)).toBe(true);
  });
});
