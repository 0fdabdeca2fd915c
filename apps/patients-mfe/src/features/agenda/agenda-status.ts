import {
  APPOINTMENT_STATUS_LABELS,
  isUnrecorded,
  type Appointment,
  type AppointmentStatus,
} from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';

/**
 * The status the agenda shows: the appointment's own, except that one that
 * ended still 'Programada' shows as "Sin registrar asistencia", so that its
 * psychologist sees it wherever it is drawn (docs/screens-and-routes.md#agenda).
 */
export type AgendaStatus = AppointmentStatus | 'UNRECORDED';

export const AGENDA_STATUS_LABELS: Record<AgendaStatus, string> = {
  ...APPOINTMENT_STATUS_LABELS,
  UNRECORDED: AGENDA_MSG.unrecorded,
};

export function agendaStatusOf(appointment: Appointment, now: number): AgendaStatus {
  return isUnrecorded(appointment, now) ? 'UNRECORDED' : appointment.status;
}
