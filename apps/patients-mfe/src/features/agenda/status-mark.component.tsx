import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@psicocampus/shared';
import styles from './agenda.module.css';

/**
 * The status in words, with a symbol drawn by the style sheet before it
 * (○ ✓ ! ✕), so that it never rests on colour alone and the symbol is not
 * part of the text a button's name is compared with.
 */
export function StatusMark({ status }: { status: AppointmentStatus }) {
  return (
    <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>
      {APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}
