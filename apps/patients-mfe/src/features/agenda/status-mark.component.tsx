import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@psicocampus/shared';
import styles from './agenda.module.css';

// A symbol and the word besides the colour, so that the status never rests on colour alone.
const SYMBOLS: Record<AppointmentStatus, string> = {
  SCHEDULED: '○',
  ATTENDED: '✓',
  NO_SHOW: '!',
  CANCELLED: '✕',
};

export function StatusMark({ status }: { status: AppointmentStatus }) {
  return (
    <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>
      <span aria-hidden="true">{SYMBOLS[status]} </span>
      {APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}
