import type { Appointment } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AppointmentRecord } from './appointment.queries';

export function toAppointment({
  appointment,
  student,
  psychologist,
}: AppointmentRecord): Appointment {
  return {
    _id: appointment.id,
    studentId: appointment.studentId,
    student: { _id: student.id, firstName: student.firstName, lastName: student.lastName },
    date: appointment.date.toISOString(),
    reason: appointment.reason,
    notes: appointment.notes,
    createdBy: toStaffRef(psychologist),
    createdAt: appointment.createdAt.toISOString(),
  };
}
