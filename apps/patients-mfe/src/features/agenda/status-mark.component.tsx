import { AGENDA_STATUS_LABELS, type AgendaStatus } from './agenda-status';
import styles from './agenda.module.css';

/**
 * The status in words, with a symbol drawn by the style sheet before it
 * (○ ✓ ! ✕, ⚠ for one without its attendance recorded), so that it never
 * rests on colour alone and the symbol is not part of the text a button's
 * name is compared with.
 */
export function StatusMark({ status }: { status: AgendaStatus }) {
  return (
    <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>
      {AGENDA_STATUS_LABELS[status]}
    </span>
  );
}
