import type { Appointment } from '@psicocampus/shared';
import { appointmentTimeRange } from './agenda-dates';
import { AGENDA_STATUS_LABELS, agendaStatusOf } from './agenda-status';
import { StatusMark } from './status-mark.component';
import styles from './agenda.module.css';

export const studentName = (appointment: Appointment) =>
  `${appointment.student.firstName} ${appointment.student.lastName}`;

/**
 * '10:00–10:50, Paula Vinueza, Control, Programada': what a screen reader
 * hears of one ('…, Sin registrar asistencia' once it ended unrecorded).
 * The visible text is the same words (axe's label-content-name-mismatch),
 * only without the commas.
 */
export function appointmentLabel(appointment: Appointment, zone: string, now: number): string {
  return [
    appointmentTimeRange(appointment, zone),
    studentName(appointment),
    appointment.reason,
    AGENDA_STATUS_LABELS[agendaStatusOf(appointment, now)],
  ].join(', ');
}

/** An appointment's time, student, reason and status: the content of its button. */
export function AppointmentSummary({
  appointment,
  zone,
  now,
}: {
  appointment: Appointment;
  /** The service's zone (lib/service-clock). */
  zone: string;
  /** What "ended" is measured from. */
  now: number;
}) {
  return (
    <>
      <span className={styles.eventTime}>{appointmentTimeRange(appointment, zone)}</span>{' '}
      <span className={styles.eventName}>{studentName(appointment)}</span>{' '}
      <span className={styles.eventReason}>{appointment.reason}</span>{' '}
      <StatusMark status={agendaStatusOf(appointment, now)} />
    </>
  );
}
