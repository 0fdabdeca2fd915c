import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  APPOINTMENT_GRACE_MS,
  APPOINTMENT_RANGE_MAX_DAYS,
  APPOINTMENT_STATUS_LABELS,
  appointmentSchema,
  appointmentStatusSchema,
  appointmentUpdateSchema,
  formatDateTimeIn,
  fullName,
  MSG,
  type AppointmentStatus,
  type AuditAction,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { parseInstant } from '../../lib/instant';
import { pageInfo } from '../../lib/page-params';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import {
  agendaQuery,
  closeAppointmentAtVersion,
  countCaseloadAppointments,
  countStudentAppointments,
  findCaseloadAppointment,
  findOverlaps,
  insertAppointment,
  listCaseloadAppointments,
  listStudentAppointmentPage,
  listStudentAppointments,
  lockAgendaOf,
  updateAppointmentAtVersion,
  type AppointmentRecord,
} from './appointment.queries';
import { asksForPeriodPage, parsePeriodPage } from './appointment-pages';
import { toAppointment, toOverlap } from './appointment.view';
import {
  followClosedAppointment,
  followMovedAppointment,
  remindOfNewAppointment,
} from './appointment-reminders';

type ListQuery = { Querystring: { studentId?: unknown; from?: unknown; to?: unknown } };
type AppointmentParams = { Params: { id: string } };

const S = SERVER_MSG.appointments;
const DAY_MS = 24 * 60 * 60_000;

/** `?from=&to=` of the agenda: two instants, in order, at most APPOINTMENT_RANGE_MAX_DAYS apart. */
function agendaRange(query: ListQuery['Querystring']): { from: Date; to: Date } {
  const from = parseInstant(query.from);
  const to = parseInstant(query.to);
  if (!from || !to) {
    throw new HttpError(400, S.rangeInvalid, [
      ...(from ? [] : [{ field: 'from', msg: S.rangeInvalid }]),
      ...(to ? [] : [{ field: 'to', msg: S.rangeInvalid }]),
    ]);
  }
  if (to.getTime() <= from.getTime()) {
    throw new HttpError(400, S.rangeOrder, [{ field: 'to', msg: S.rangeOrder }]);
  }
  if (to.getTime() - from.getTime() > APPOINTMENT_RANGE_MAX_DAYS * DAY_MS) {
    const msg = S.rangeTooLong(APPOINTMENT_RANGE_MAX_DAYS);
    throw new HttpError(400, msg, [{ field: 'to', msg }]);
  }
  return { from, to };
}

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'appointment' as const } },
});

/** The same 404 for anyone else's appointment, a deleted one and a malformed id. */
async function ownAppointmentOr404(
  db: Database,
  psychologistId: string,
  id: unknown,
): Promise<AppointmentRecord> {
  const record = isUuid(id) ? await findCaseloadAppointment(db, psychologistId, id) : null;
  if (!record) throw new HttpError(404, S.notFound);
  return record;
}

function refuseDateInPast(date: Date, now: Date): void {
  // The schema judges "past" by the machine's clock; the server's clock decides.
  if (date.getTime() < now.getTime() - APPOINTMENT_GRACE_MS) {
    throw new HttpError(400, MSG.appointments.datePast, [
      { field: 'date', msg: MSG.appointments.datePast },
    ]);
  }
}

/** The overlap question, with the appointments it is about; null when the slot is free. */
async function overlapAnswer(
  ctx: AppContext,
  psychologistId: string,
  slot: { start: Date; minutes: number; except?: string },
) {
  // Held until the write commits: a second booking of this agenda waits, then sees this one.
  await lockAgendaOf(ctx.db, psychologistId);
  const overlaps = await findOverlaps(ctx.db, psychologistId, slot);
  const first = overlaps[0];
  if (!first) return null;
  return {
    ok: false as const,
    code: 'APPOINTMENT_OVERLAP' as const,
    msg: S.overlap(
      first.appointment.reason,
      fullName(first.student),
      formatDateTimeIn(first.appointment.date, ctx.config.serviceTimeZone),
      overlaps.length - 1,
    ),
    overlaps: overlaps.map(toOverlap),
  };
}

/**
 * A 409 the handler answers itself, since it says more than a message (the
 * overlapping appointments). Nothing was written; the audit row says 'invalid'.
 */
function conflict<T>(reply: FastifyReply, body: T): T {
  void reply.status(409);
  return body;
}

/** 'Historial' and the home: one page of the caseload's, from an instant on or before it. */
async function caseloadPage(db: Database, psychologistId: string, rawQuery: unknown) {
  const query = parsePeriodPage(rawQuery);
  const [records, total] = await Promise.all([
    listCaseloadAppointments(db, psychologistId, query),
    countCaseloadAppointments(db, psychologistId, query),
  ]);
  return { ok: true, appointments: records.map(toAppointment), ...pageInfo(query, total) };
}

/**
 * A student's: by page when asked with a period or a page (their detail's
 * two lists), else every one of them, as the call first answered.
 */
async function studentAppointments(db: Database, studentId: string, rawQuery: unknown) {
  if (!asksForPeriodPage(rawQuery)) {
    const records = await listStudentAppointments(db, studentId);
    return { ok: true, appointments: records.map(toAppointment) };
  }
  const query = parsePeriodPage(rawQuery);
  const [records, total] = await Promise.all([
    listStudentAppointmentPage(db, studentId, query),
    countStudentAppointments(db, studentId, query),
  ]);
  return { ok: true, appointments: records.map(toAppointment), ...pageInfo(query, total) };
}

/**
 * Appointments of the psychologist's students and their life: scheduled,
 * moved while scheduled, closed once as attended, no-show or cancelled
 * (docs/api.md#appointments, docs/rules-and-messages.md#appointment-form).
 */
export async function appointmentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerListRoute(app, ctx);
  registerScheduleRoute(app, ctx);
  registerUpdateRoute(app, ctx);
  registerStatusRoute(app, ctx);
}

/** The agenda, the caseload's pages and a student's appointments. */
function registerListRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<ListQuery>(
    '/api/appointments',
    { ...psychologistOnly, config: { audit: { action: 'appointment.list', record: 'student' } } },
    async (request) => {
      const { user } = signedIn(request);
      const { studentId, from, to } = request.query;
      if (studentId === undefined || studentId === '') {
        if (from !== undefined || to !== undefined) {
          request.auditAction = 'appointment.agenda';
          const range = agendaRange(request.query);
          const records = await agendaQuery(db, user.id, range.from, range.to);
          return { ok: true, appointments: records.map(toAppointment) };
        }
        return caseloadPage(db, user.id, request.query);
      }
      if (typeof studentId === 'string') request.auditRecordId = studentId;
      const { student } = await ownStudentOr404(db, user.id, studentId);
      return studentAppointments(db, student.id, request.query);
    },
  );
}

/** Scheduling one, with the overlap question unless confirmed. */
function registerScheduleRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/appointments', audited('appointment.create'), async (request, reply) => {
    const { user } = signedIn(request);
    const body = await validateBody(appointmentSchema, request.body);
    const { student } = await ownStudentOr404(db, user.id, body.studentId);
    const date = new Date(body.date);
    const now = ctx.now();
    refuseDateInPast(date, now);
    if (!body.confirmOverlap) {
      const overlap = await overlapAnswer(ctx, user.id, {
        start: date,
        minutes: body.durationMinutes,
      });
      if (overlap) return conflict(reply, overlap);
    }
    const appointment = await insertAppointment(db, {
      studentId: student.id,
      psychologistId: user.id,
      date,
      durationMinutes: body.durationMinutes,
      reason: body.reason,
      notes: body.notes,
      now,
    });
    await remindOfNewAppointment(ctx, appointment);
    request.auditRecordId = appointment.id;
    void reply.status(201);
    return {
      ok: true,
      msg: MSG.appointments.scheduled,
      appointment: toAppointment({
        appointment,
        student: { id: student.id, firstName: student.firstName, lastName: student.lastName },
        psychologist: user,
      }),
    };
  });
}

/** Moving or editing one; only its notes once it is closed. */
function registerUpdateRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.put<AppointmentParams>(
    '/api/appointments/:id',
    audited('appointment.update'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const record = await ownAppointmentOr404(db, user.id, request.params.id);
      const body = await validateBody(appointmentUpdateSchema, request.body);
      const current = record.appointment;
      if (body.version !== current.version) throw new HttpError(409, MSG.api.conflict);
      const date = new Date(body.date);
      const moved =
        date.getTime() !== current.date.getTime() ||
        body.durationMinutes !== current.durationMinutes;
      if (current.status !== 'SCHEDULED' && (moved || body.reason !== current.reason)) {
        throw new HttpError(400, S.onlyNotesWhenClosed);
      }
      const now = ctx.now();
      if (date.getTime() !== current.date.getTime()) refuseDateInPast(date, now);
      if (moved && !body.confirmOverlap) {
        const overlap = await overlapAnswer(ctx, user.id, {
          start: date,
          minutes: body.durationMinutes,
          except: current.id,
        });
        if (overlap) return conflict(reply, overlap);
      }
      const appointment = await updateAppointmentAtVersion(db, current.id, body.version, {
        date,
        durationMinutes: body.durationMinutes,
        reason: body.reason,
        notes: body.notes,
        now,
      });
      if (!appointment) throw new HttpError(409, MSG.api.conflict);
      if (moved) await followMovedAppointment(ctx, appointment);
      return {
        ok: true,
        msg: MSG.appointments.updated,
        appointment: toAppointment({ ...record, appointment }),
      };
    },
  );
}

/** Closing one as attended, no-show or cancelled. */
function registerStatusRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post<AppointmentParams>(
    '/api/appointments/:id/status',
    audited('appointment.status'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await ownAppointmentOr404(db, user.id, request.params.id);
      const body = await validateBody(appointmentStatusSchema, request.body);
      const current = record.appointment;
      if (body.version !== current.version) throw new HttpError(409, MSG.api.conflict);
      if (current.status !== 'SCHEDULED') {
        throw new HttpError(
          400,
          current.status === 'ATTENDED' && body.status === 'CANCELLED'
            ? S.cannotCancelAttended
            : S.alreadyClosed(APPOINTMENT_STATUS_LABELS[current.status as AppointmentStatus]),
        );
      }
      const now = ctx.now();
      if (body.status !== 'CANCELLED' && current.date.getTime() > now.getTime()) {
        throw new HttpError(400, S.notStartedYet, [{ field: 'status', msg: S.notStartedYet }]);
      }
      const cancelled = body.status === 'CANCELLED';
      const appointment = await closeAppointmentAtVersion(db, current.id, body.version, {
        status: body.status,
        cancelledBy: cancelled ? (body.cancelledBy ?? null) : null,
        cancelReason: cancelled ? (body.reason ?? null) : null,
        now,
      });
      if (!appointment) throw new HttpError(409, MSG.api.conflict);
      await followClosedAppointment(ctx, appointment);
      return {
        ok: true,
        msg: MSG.appointments.statusChanged,
        appointment: toAppointment({ ...record, appointment }),
      };
    },
  );
}
