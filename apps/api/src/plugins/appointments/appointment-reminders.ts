import { and, eq, inArray } from 'drizzle-orm';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { appointments, mailQueue, students } from '../../db/schema';
import { invitationCalendar, type CalendarMethod } from '../../mail/appointment-calendar';
import { appointmentMail, type AppointmentMailKind } from '../../mail/templates';
import type { AppointmentRow } from './appointment.queries';

/**
 * The student's side of an appointment's life (README,
 * "Appointment reminders"): mails of the one durable queue, tied to the
 * appointment, never a timer in a process.
 *
 * - Created: a reminder with a REQUEST invitation, due
 *   APPOINTMENT_REMINDER_HOURS before it starts; at once when it starts
 *   sooner than that. None when reminders are off.
 * - Moved: the reminder still queued is cancelled and a new one queued for
 *   the new time. If an invitation had already left (sent, or being sent),
 *   an updated REQUEST (higher SEQUENCE) goes at once so the student's
 *   calendar follows; the new reminder then goes only if its time is still ahead.
 * - Cancelled: the reminder still queued is cancelled; if an invitation had
 *   already left, a CANCEL goes at once. A student who was never sent one
 *   has nothing in their calendar to remove, and gets no mail.
 * - Closed as attended or no-show: the queued reminder (if any) is cancelled.
 * - The student's e-mail changed: each waiting reminder is queued again to
 *   the new address, for the same time.
 *
 * All of it is written in the request's transaction: kept if and only if
 * the appointment's change is.
 */

const T = SERVER_MSG.mail.appointment;
const HOUR_MS = 60 * 60_000;

const WHEN_FORMATS = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** 'viernes, 27 de noviembre de 2026, a las 10:00' as the service's clock in `timeZone` reads it. */
export function whenInWords(instant: Date, timeZone: string): string {
  let formats = WHEN_FORMATS.get(timeZone);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat('es', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      }),
      time: new Intl.DateTimeFormat('es', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
    };
    WHEN_FORMATS.set(timeZone, formats);
  }
  return `${formats.date.format(instant)}, a las ${formats.time.format(instant)}`;
}

/** Marks the appointment's mail that has not left 'cancelled': it will never be sent. */
async function cancelWaiting(db: Database, appointmentId: string): Promise<void> {
  // Before the check of what left: a sender that took a mail first has it
  // 'sending' once this update (which waits for its row lock) looks again.
  await db
    .update(mailQueue)
    .set({ status: 'cancelled', text: null, html: null, calendar: null, leaseUntil: null })
    .where(
      and(
        eq(mailQueue.appointmentId, appointmentId),
        inArray(mailQueue.status, ['queued', 'failed']),
      ),
    );
}

/** Whether the student has (or is being sent) an invitation for the appointment. */
async function invitationLeft(db: Database, appointmentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.appointmentId, appointmentId),
        inArray(mailQueue.status, ['sent', 'sending']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function studentOf(db: Database, studentId: string) {
  const [student] = await db
    .select({ email: students.email, firstName: students.firstName })
    .from(students)
    .where(eq(students.id, studentId));
  return student ?? null;
}

async function queueMail(
  ctx: AppContext,
  appointment: AppointmentRow,
  kind: AppointmentMailKind,
  notBefore?: Date,
): Promise<void> {
  const student = await studentOf(ctx.db, appointment.studentId);
  if (!student) return;
  const method: CalendarMethod = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const place = ctx.config.appointmentPlace;
  const content = invitationCalendar(
    method,
    {
      appointmentId: appointment.id,
      version: appointment.version,
      start: appointment.date,
      durationMinutes: appointment.durationMinutes,
      summary: T.eventTitle,
      location: place,
      organizer: ctx.config.mailFrom,
      attendee: student.email,
      timeZone: ctx.config.serviceTimeZone,
    },
    ctx.now(),
  );
  const message = appointmentMail(student.email, kind, {
    firstName: student.firstName,
    when: whenInWords(appointment.date, ctx.config.serviceTimeZone),
    durationMinutes: appointment.durationMinutes,
    place,
    calendar: { method, content },
  });
  await ctx.mail.enqueue(message, {
    kind: kind === 'reminder' ? 'reminder' : 'notice',
    appointmentId: appointment.id,
    ...(notBefore ? { notBefore } : {}),
  });
}

/** When the reminder of an appointment starting at `start` is due; null when reminders are off. */
export function reminderTime(ctx: AppContext, start: Date): Date | null {
  if (!ctx.config.appointmentReminders) return null;
  return new Date(start.getTime() - ctx.config.appointmentReminderHours * HOUR_MS);
}

/** A new appointment's reminder: due its hours before, or at once when it starts sooner. */
export async function remindOfNewAppointment(
  ctx: AppContext,
  appointment: AppointmentRow,
): Promise<void> {
  const due = reminderTime(ctx, appointment.date);
  if (!due || appointment.date.getTime() <= ctx.now().getTime()) return;
  await queueMail(ctx, appointment, 'reminder', due);
}

/** A move (new date or duration): the student's calendar and reminder follow. */
export async function followMovedAppointment(
  ctx: AppContext,
  appointment: AppointmentRow,
): Promise<void> {
  await cancelWaiting(ctx.db, appointment.id);
  const now = ctx.now();
  if (await invitationLeft(ctx.db, appointment.id)) {
    await queueMail(ctx, appointment, 'updated');
    const due = reminderTime(ctx, appointment.date);
    // The update just sent says it all when the reminder's time has come already.
    if (due && due.getTime() > now.getTime()) await queueMail(ctx, appointment, 'reminder', due);
    return;
  }
  await remindOfNewAppointment(ctx, appointment);
}

/** Closed (attended, no-show, cancelled): nothing more to remind; a cancellation if one was sent. */
export async function followClosedAppointment(
  ctx: AppContext,
  appointment: AppointmentRow,
): Promise<void> {
  await cancelWaiting(ctx.db, appointment.id);
  if (appointment.status !== 'CANCELLED') return;
  if (await invitationLeft(ctx.db, appointment.id)) {
    await queueMail(ctx, appointment, 'cancelled');
  }
}

/**
 * A student's new e-mail: the reminders still waiting for their scheduled
 * appointments are queued again, to the new address (what left for the old
 * one stays there).
 */
export async function followStudentEmailChange(ctx: AppContext, studentId: string): Promise<void> {
  const waiting = await ctx.db
    .selectDistinct({ appointment: appointments })
    .from(mailQueue)
    .innerJoin(appointments, eq(appointments.id, mailQueue.appointmentId))
    .where(
      and(
        eq(appointments.studentId, studentId),
        eq(appointments.status, 'SCHEDULED'),
        eq(mailQueue.kind, 'reminder'),
        inArray(mailQueue.status, ['queued', 'failed']),
      ),
    );
  for (const { appointment } of waiting) {
    await cancelWaiting(ctx.db, appointment.id);
    await remindOfNewAppointment(ctx, appointment);
  }
}

/**
 * An archived student (docs/data-model.md#archived-students) is followed by
 * nobody: what still waits to be sent to them about an appointment is
 * cancelled, as for an appointment closed. The appointments themselves stay
 * as they were.
 */
export async function forgetArchivedStudentMail(db: Database, studentId: string): Promise<void> {
  const waiting = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.studentId, studentId));
  for (const { id } of waiting) await cancelWaiting(db, id);
}
