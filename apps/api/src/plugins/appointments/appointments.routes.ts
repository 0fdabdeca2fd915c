import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_GRACE_MS, appointmentSchema, MSG } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import {
  insertAppointment,
  listCaseloadAppointments,
  listStudentAppointments,
} from './appointment.queries';
import { toAppointment } from './appointment.view';

type ListQuery = { Querystring: { studentId?: unknown } };

/** Appointments of the psychologist's students (docs/rules-and-messages.md#appointment-form and docs/api.md#appointments). */
export async function appointmentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get<ListQuery>(
    '/api/appointments',
    { ...psychologistOnly, config: { audit: { action: 'appointment.list', record: 'student' } } },
    async (request) => {
      const { user } = signedIn(request);
      const { studentId } = request.query;
      if (studentId === undefined || studentId === '') {
        const records = await listCaseloadAppointments(db, user.id);
        return { ok: true, appointments: records.map(toAppointment) };
      }
      if (typeof studentId === 'string') request.auditRecordId = studentId;
      const { student } = await ownStudentOr404(db, user.id, studentId);
      const records = await listStudentAppointments(db, student.id);
      return { ok: true, appointments: records.map(toAppointment) };
    },
  );

  app.post(
    '/api/appointments',
    {
      ...psychologistOnly,
      config: { audit: { action: 'appointment.create', record: 'appointment' } },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const body = await validateBody(appointmentSchema, request.body);
      const { student } = await ownStudentOr404(db, user.id, body.studentId);
      const date = new Date(body.date);
      // The schema judges "past" by the machine's clock; the server's clock decides.
      const now = ctx.now();
      if (date.getTime() < now.getTime() - APPOINTMENT_GRACE_MS) {
        throw new HttpError(400, MSG.appointments.datePast, [
          { field: 'date', msg: MSG.appointments.datePast },
        ]);
      }
      const appointment = await insertAppointment(db, {
        studentId: student.id,
        psychologistId: user.id,
        date,
        reason: body.reason,
        notes: body.notes,
        now,
      });
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
    },
  );
}
