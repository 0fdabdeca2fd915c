import { MSG } from '@psicocampus/shared/domain';
import {
  createStudent,
  inDays,
  scheduleAppointment,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

// These tests book many appointments around the same hours: the overlap question is
// appointment-life.test.ts's, so they answer it beforehand.
const schedule = (token: string, payload: object) =>
  server.call({
    method: 'POST',
    url: '/api/appointments',
    token,
    payload: { confirmOverlap: true, ...payload },
  });
const listFor = (token: string, studentId?: string) =>
  server.call({
    method: 'GET',
    url: studentId === undefined ? '/api/appointments' : `/api/appointments?studentId=${studentId}`,
    token,
  });
const dates = (appointments: Array<{ date: string }>) => appointments.map((a) => a.date);

describe('POST /api/appointments', () => {
  it('schedules an appointment for one of the caller’s students', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Paula', lastName: 'Vinueza' });
    const date = inDays(3);
    const response = await schedule(lucia, {
      studentId: student._id,
      date,
      reason: '  Seguimiento de ansiedad ',
      notes: 'Traer el registro de sueño',
    });
    expect(response.statusCode).toBe(201);
    const lucy = demoAccount('psychologist');
    expect(response.json()).toEqual({
      ok: true,
      msg: MSG.appointments.scheduled,
      appointment: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        studentId: student._id,
        student: { _id: student._id, firstName: 'Paula', lastName: 'Vinueza' },
        date,
        durationMinutes: 50,
        status: 'SCHEDULED',
        cancelledBy: null,
        cancelReason: null,
        reason: 'Seguimiento de ansiedad',
        notes: 'Traer el registro de sueño',
        version: 1,
        updatedAt: expect.any(String),
        createdBy: {
          _id: await userIdOf(server, 'psychologist'),
          firstName: lucy.firstName,
          lastName: lucy.lastName,
          email: lucy.email,
        },
        createdAt: expect.any(String),
      },
    });
  });

  it('takes the notes as optional', async () => {
    const student = await createStudent(server, lucia);
    const response = await schedule(lucia, {
      studentId: student._id,
      date: inDays(1),
      reason: 'Primera cita',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().appointment.notes).toBe('');
  });

  it('refuses a date in the past, with five minutes of grace for slow typing', async () => {
    const student = await createStudent(server, lucia);
    const past = await schedule(lucia, {
      studentId: student._id,
      date: new Date(Date.now() - 10 * 60_000).toISOString(),
      reason: 'Tarde',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      ok: false,
      msg: MSG.appointments.datePast,
      errors: [{ field: 'date', msg: MSG.appointments.datePast }],
    });
    const justNow = await schedule(lucia, {
      studentId: student._id,
      date: new Date(Date.now() - 2 * 60_000).toISOString(),
      reason: 'Ahora mismo',
    });
    expect(justNow.statusCode).toBe(201);
  });

  it('says what is missing or wrong in Spanish', async () => {
    const student = await createStudent(server, lucia);
    const empty = await schedule(lucia, { studentId: student._id, date: '', reason: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'date', msg: MSG.appointments.dateRequired },
        { field: 'reason', msg: MSG.appointments.reasonRequired },
      ]),
    );
    const invalid = await schedule(lucia, { studentId: student._id, date: 'mañana', reason: 'x' });
    expect(invalid.json().msg).toBe(MSG.appointments.dateInvalid);
    const malformed = await schedule(lucia, { studentId: 'abc', date: inDays(1), reason: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toContainEqual({ field: 'studentId', msg: MSG.api.invalidId });
    const extra = await schedule(lucia, {
      studentId: student._id,
      date: inDays(1),
      reason: 'x',
      room: 3,
    });
    expect(extra.json().msg).toBe(MSG.api.unknownField('room'));
  });

  it('answers 404 for a student that is not the caller’s', async () => {
    const others = await createStudent(server, martin);
    for (const studentId of [others._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await schedule(lucia, { studentId, date: inDays(1), reason: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.students.notFound });
    }
    expect((await listFor(martin, others._id)).json().appointments).toEqual([]);
  });

  it('is refused to an admin', async () => {
    const student = await createStudent(server, lucia);
    const response = await schedule(admin, {
      studentId: student._id,
      date: inDays(1),
      reason: 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
  });
});

describe('GET /api/appointments', () => {
  it('lists one student’s appointments, earliest first', async () => {
    const student = await createStudent(server, lucia);
    const [nine, one, four] = [inDays(9), inDays(1), inDays(4)];
    await scheduleAppointment(server, lucia, student._id, nine);
    await scheduleAppointment(server, lucia, student._id, one);
    await scheduleAppointment(server, lucia, student._id, four);
    const response = await listFor(lucia, student._id);
    expect(response.statusCode).toBe(200);
    expect(dates(response.json().appointments)).toEqual([one, four, nine]);
  });

  it('lists, without a student, every appointment of the caller’s students by date', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('psychologist');
      const colleague = await fresh.login('psychologist2');
      const a = await createStudent(fresh, token);
      const b = await createStudent(fresh, token);
      const c = await createStudent(fresh, colleague);
      const [five, two] = [inDays(5), inDays(2)];
      await scheduleAppointment(fresh, token, a._id, five);
      await scheduleAppointment(fresh, token, b._id, two);
      await scheduleAppointment(fresh, colleague, c._id, inDays(3));
      const response = await fresh.call({ method: 'GET', url: '/api/appointments', token });
      expect(response.statusCode).toBe(200);
      const { appointments } = response.json();
      expect(appointments.map((x: { studentId: string }) => x.studentId)).toEqual([b._id, a._id]);
      expect(dates(appointments)).toEqual([two, five]);
    } finally {
      await fresh.close();
    }
  });

  it('answers 404 for another psychologist’s student and a malformed id', async () => {
    const others = await createStudent(server, martin);
    await scheduleAppointment(server, martin, others._id);
    for (const id of [others._id, 'abc', '00000000-0000-4000-8000-000000000000']) {
      const response = await listFor(lucia, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.students.notFound });
    }
  });

  it('is refused to an admin', async () => {
    expect((await listFor(admin)).statusCode).toBe(403);
  });
});

describe('the server’s clock', () => {
  // Last in the file: it moves the clock for good.
  it('decides what "past" means', async () => {
    const student = await createStudent(server, lucia);
    server.advanceClock(2 * 24 * 60 * 60_000);
    const token = await server.login('psychologist'); // the old session has expired
    const response = await schedule(token, {
      studentId: student._id,
      date: inDays(1),
      reason: 'Ayer',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.appointments.datePast);
  });
});
