import { APPOINTMENT_STATUS_LABELS, type Appointment } from '@psicocampus/shared';
import { timeRange } from './agenda-dates';

export const studentName = (appointment: Appointment) =>
  `${appointment.student.firstName} ${appointment.student.lastName}`;

/** '10:00–10:50, Paula Vinueza, Control, Programada': what a screen reader hears of one. */
export function appointmentLabel(appointment: Appointment): string {
  return [
    timeRange(new Date(appointment.date), appointment.durationMinutes),
    studentName(appointment),
    appointment.reason,
    APPOINTMENT_STATUS_LABELS[appointment.status],
  ].join(', ');
}
