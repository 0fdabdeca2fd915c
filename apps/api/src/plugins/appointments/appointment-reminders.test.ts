import { appointmentUid } from '../../mail/appointment-calendar';
import { asc, eq } from 'drizzle-orm';
import type { Appointment, StudentSummary } from '@psicocampus/shared/domain';
import { mailQueue } from '../../db/schema';
import { CLINICAL_WORDS, parseInvitation } from '../../../test/helpers/ics';
import { createStudent, studentBody } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/**
 * The student's reminders and invitations (README, "Appointment
 * reminders"): mails of the durable queue, tied to their appointment.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const REASON = 'Ansiedad ante exámenes, riesgo por revisar';
const NOTES = 'Nota clínica: antecedentes de depresión';

let server: TestServer;
let lucia: string;
beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions({ serviceTimeZone: 'America/Guayaquil' }));
});
afterAll(() => server.close());

/** The server's clock, which a test may move: appointments are booked relative to it. */
const serverNow = () => server.app.ctx.now();

/** Moves the server's clock, and signs in again: the session would have expired. */
async function advanceClock(ms: number): Promise<void> {
  server.advanceClock(ms);
  lucia = await server.login('psychologist');
}

/** A whole-minute instant `ms` after the server's now. */
function after(ms: number): string {
  const date = new Date(serverNow().getTime() + ms);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}

async function newStudent(): Promise<StudentSummary> {
  return createStudent(server, lucia);
}

async function book(studentId: string, date: string): Promise<Appointment> {
  const response = await server.call({
    method: 'POST',
    url: '/api/appointments',
    token: lucia,
    payload: { studentId, date, reason: REASON, notes: NOTES, confirmOverlap: true },
  });
  expect(response.statusCode).toBe(201);
  await server.app.ctx.mail.idle();
  return response.json().appointment;
}

async function move(appointment: Appointment, date: string): Promise<Appointment> {
  const response = await server.call({
    method: 'PUT',
    url: `/api/appointments/${appointment._id}`,
    token: lucia,
    payload: {
      date,
      durationMinutes: 60,
      reason: appointment.reason,
      notes: appointment.notes,
      version: appointment.version,
      confirmOverlap: true,
    },
  });
  expect(response.statusCode).toBe(200);
  await server.app.ctx.mail.idle();
  return response.json().appointment;
}

async function cancel(appointment: Appointment): Promise<Appointment> {
  const response = await server.call({
    method: 'POST',
    url: `/api/appointments/${appointment._id}/status`,
    token: lucia,
    payload: {
      status: 'CANCELLED',
      cancelledBy: 'STUDENT',
      reason: 'Viaje familiar',
      version: appointment.version,
    },
  });
  expect(response.statusCode).toBe(200);
  await server.app.ctx.mail.idle();
  return response.json().appointment;
}

/** The appointment's mails in the queue, oldest first. */
function mailsOf(appointmentId: string) {
  return server.server.database.db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.appointmentId, appointmentId))
    .orderBy(asc(mailQueue.createdAt), asc(mailQueue.nextAttemptAt));
}

/** An invitation as it is queued; a sent one's calendar is cleared with its body. */
function invitationOf(mail: { calendar: string | null }) {
  expect(mail.calendar).not.toBeNull();
  return parseInvitation(mail.calendar!);
}

describe('appointment reminders', () => {
  it('queues a reminder 24 hours before, with a REQUEST invitation at the same time and nothing clinical', async () => {
    const student = await newStudent();
    // 15:00 UTC, three days on: 10:00 in Guayaquil.
    const date = new Date(after(3 * DAY_MS));
    date.setUTCHours(15, 0, 0, 0);
    const appointment = await book(student._id, date.toISOString());
    const [reminder, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({
      kind: 'reminder',
      status: 'queued',
      recipient: student.email,
    });
    expect(reminder!.nextAttemptAt.getTime()).toBe(Date.parse(appointment.date) - DAY_MS);

    const invitation = invitationOf(reminder!);
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      uid: appointmentUid(appointment._id),
      sequence: 0,
      location: 'en línea',
      status: 'CONFIRMED',
    });
    expect(invitation.start.toISOString()).toBe(new Date(appointment.date).toISOString());
    expect(invitation.end.getTime() - invitation.start.getTime()).toBe(50 * 60_000);

    // The date as the service's clock says it (Guayaquil, UTC-5), in Spanish words.
    expect(reminder!.text).toMatch(
      /tu cita del (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, a las 10:00\./,
    );
    expect(reminder!.text).toContain('Lugar: en línea.');
    expect(reminder!.text).toMatch(/cancelarla/);
    for (const content of [
      reminder!.subject,
      reminder!.text!,
      reminder!.html!,
      reminder!.calendar!,
    ]) {
      const lower = content.toLowerCase();
      for (const word of CLINICAL_WORDS) expect(lower).not.toContain(word);
      expect(content).not.toContain('Viaje');
      expect(content).not.toContain(appointment._id);
    }
  });

  it('sends the reminder at once when the appointment starts sooner than the reminder hours', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * HOUR_MS));
    const [reminder] = await mailsOf(appointment._id);
    expect(reminder).toMatchObject({
      kind: 'reminder',
      status: 'sent',
      text: null,
      calendar: null,
    });
  });

  it('delivers a reminder when its time comes, once', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(2 * DAY_MS));
    await server.app.ctx.mail.deliverDue();
    expect((await mailsOf(appointment._id))[0]).toMatchObject({ status: 'queued' });
    await advanceClock(DAY_MS + 60_000);
    await server.app.ctx.mail.deliverDue();
    await server.app.ctx.mail.deliverDue();
    const [reminder, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('moves a reminder not sent yet: the old one cancelled, a new one at the new time, no mail now', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * DAY_MS));
    const moved = await move(appointment, after(5 * DAY_MS));
    const [old, fresh, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(old).toMatchObject({ status: 'cancelled', text: null, calendar: null });
    expect(fresh).toMatchObject({ kind: 'reminder', status: 'queued' });
    expect(fresh!.nextAttemptAt.getTime()).toBe(Date.parse(moved.date) - DAY_MS);
    const invitation = invitationOf(fresh!);
    expect(invitation).toMatchObject({ method: 'REQUEST', uid: appointmentUid(appointment._id) });
    expect(invitation.sequence).toBeGreaterThan(0);
    expect(invitation.start.toISOString()).toBe(new Date(moved.date).toISOString());
    expect(invitation.end.getTime() - invitation.start.getTime()).toBe(60 * 60_000);
  });

  it('sends an updated invitation at once when the student already had one, then reminds again', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * HOUR_MS));
    const moved = await move(appointment, after(4 * DAY_MS));
    const [sent, update, reminder, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(sent).toMatchObject({ kind: 'reminder', status: 'sent' });
    expect(update).toMatchObject({ kind: 'notice', status: 'sent', recipient: student.email });
    expect(reminder).toMatchObject({ kind: 'reminder', status: 'queued' });
    expect(reminder!.nextAttemptAt.getTime()).toBe(Date.parse(moved.date) - DAY_MS);
    const invitation = invitationOf(reminder!);
    expect(invitation.sequence).toBe(moved.version - 1);
    expect(invitation.sequence).toBeGreaterThan(0);
  });

  it('cancels a reminder not sent yet and sends nothing: the student has no event to remove', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * DAY_MS));
    await cancel(appointment);
    const mails = await mailsOf(appointment._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'cancelled' });
    await server.app.ctx.mail.deliverDue();
    expect((await mailsOf(appointment._id))[0]).toMatchObject({ status: 'cancelled', attempts: 0 });
  });

  it('sends a CANCEL at once when the student already had the invitation', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(2 * HOUR_MS));
    const cancelled = await cancel(appointment);
    const [reminder, cancellation, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ status: 'sent' });
    expect(cancellation).toMatchObject({
      kind: 'notice',
      status: 'sent',
      recipient: student.email,
    });
    expect(cancellation!.subject).toBe('Tu cita fue cancelada');
    expect(cancelled.status).toBe('CANCELLED');
  });

  it("sends a waiting reminder to the student's new address, for the same time", async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * DAY_MS));
    const changed = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}`,
      token: lucia,
      payload: { ...studentBody({ email: `nuevo.${student.email}` }), version: student.version },
    });
    expect(changed.statusCode).toBe(200);
    const [old, fresh, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(old).toMatchObject({ status: 'cancelled', recipient: student.email });
    expect(fresh).toMatchObject({ status: 'queued', recipient: `nuevo.${student.email}` });
    expect(fresh!.nextAttemptAt.getTime()).toBe(old!.nextAttemptAt.getTime());
  });

  it('cancels the waiting reminder of an appointment closed as attended', async () => {
    const student = await newStudent();
    const appointment = await book(student._id, after(3 * DAY_MS));
    await advanceClock(3 * DAY_MS + HOUR_MS);
    // The reminder's time has passed too; deliver nothing, as a stopped mail server would.
    const response = await server.call({
      method: 'POST',
      url: `/api/appointments/${appointment._id}/status`,
      token: lucia,
      payload: { status: 'ATTENDED', version: appointment.version },
    });
    expect(response.statusCode).toBe(200);
    await server.app.ctx.mail.deliverDue();
    const [reminder, ...others] = await mailsOf(appointment._id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ status: 'cancelled' });
  });
});

describe('appointment reminders turned off', () => {
  let quiet: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server: quiet, lucia: token } = await serverWithDemoSessions({
      appointmentReminders: false,
    }));
  });
  afterAll(() => quiet.close());

  it('queues no reminder, whether the appointment is near or far', async () => {
    const student = await createStudent(quiet, token);
    for (const ms of [2 * HOUR_MS, 3 * DAY_MS]) {
      const date = new Date(quiet.app.ctx.now().getTime() + ms);
      date.setUTCSeconds(0, 0);
      const response = await quiet.call({
        method: 'POST',
        url: '/api/appointments',
        token,
        payload: {
          studentId: student._id,
          date: date.toISOString(),
          reason: 'x',
          confirmOverlap: true,
        },
      });
      expect(response.statusCode).toBe(201);
    }
    await quiet.app.ctx.mail.idle();
    const rows = await quiet.server.database.db.select().from(mailQueue);
    expect(rows.filter((row) => row.appointmentId !== null)).toEqual([]);
  });
});
