import type {
  Appointment,
  AppointmentCanceller,
  AppointmentOverlap,
  AppointmentStatus,
} from '@psicocampus/shared/domain';
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
    durationMinutes: appointment.durationMinutes,
    // The table's CHECK constraints hold these to the shared lists.
    status: appointment.status as AppointmentStatus,
    cancelledBy: appointment.cancelledBy as AppointmentCanceller | null,
    cancelReason: appointment.cancelReason,
    reason: appointment.reason,
    notes: appointment.notes,
    createdBy: toStaffRef(psychologist),
    createdAt: appointment.createdAt.toISOString(),
    version: appointment.version,
    updatedAt: appointment.updatedAt.toISOString(),
  };
}

/** An appointment another one would overlap, as the 409 names it. */
export function toOverlap({ appointment, student }: AppointmentRecord): AppointmentOverlap {
  return {
    _id: appointment.id,
    date: appointment.date.toISOString(),
    durationMinutes: appointment.durationMinutes,
    reason: appointment.reason,
    student: { _id: student.id, firstName: student.firstName, lastName: student.lastName },
  };
}
