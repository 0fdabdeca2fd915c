import { Link } from 'react-router-dom';
import {
  APPOINTMENT_CANCELLER_LABELS,
  APPOINTMENT_STATUS_LABELS,
  formatDateTimeIn,
  fullName,
  isUnrecorded,
  MSG,
  type Appointment,
} from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { EmptyState } from '@psicocampus/shared/ui';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useNow } from '../../lib/use-now';
import styles from './appointment-list.module.css';

interface Props {
  appointments: readonly Appointment[];
  empty: string;
  /** Where a student's name links to (their detail); without it the name is not shown. */
  studentLink?: (studentId: string) => string;
}

/**
 * "Cancelada · El estudiante: <motivo>" for a cancelled appointment,
 * "Programada · Sin registrar asistencia" for one that ended still
 * scheduled (docs/screens-and-routes.md#agenda); its status alone otherwise.
 */
function statusText(appointment: Appointment, now: number): string {
  const status = APPOINTMENT_STATUS_LABELS[appointment.status];
  if (isUnrecorded(appointment, now)) return `${status} · ${AGENDA_MSG.unrecorded}`;
  if (appointment.status !== 'CANCELLED' || !appointment.cancelledBy) return status;
  return `${status} · ${APPOINTMENT_CANCELLER_LABELS[appointment.cancelledBy]}: ${appointment.cancelReason ?? ''}`;
}

/**
 * Appointments as a list: when (on the service's clock), its status, with
 * whom, why (and the notes, when there are some).
 */
export function AppointmentList({ appointments, empty, studentLink }: Props) {
  const { zone } = useServiceTimeZone();
  const now = useNow();
  if (!appointments.length) return <EmptyState text={empty} />;
  return (
    <ul className={styles.list}>
      {appointments.map((appointment) => (
        <li
          key={appointment._id}
          className={styles.item}
          data-status={isUnrecorded(appointment, now) ? 'UNRECORDED' : appointment.status}
        >
          <time className={styles.when} dateTime={appointment.date}>
            {formatDateTimeIn(appointment.date, zone)}
          </time>
          <span className={styles.status}>{statusText(appointment, now)}</span>
          {studentLink && (
            <span className={styles.student}>
              <span className={styles.label}>{MSG.appointments.student}: </span>
              <Link to={studentLink(appointment.studentId)} relative="path">
                {fullName(appointment.student)}
              </Link>
            </span>
          )}
          <span className={styles.reason}>
            <span className={styles.label}>{MSG.appointments.reason}: </span>
            {appointment.reason}
          </span>
          {appointment.notes && (
            <span className={styles.notes}>
              <span className={styles.label}>{MSG.appointments.notesLabel}: </span>
              {appointment.notes}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
