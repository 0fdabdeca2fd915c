import { isSameDay } from 'date-fns';
import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { dayName } from './agenda-dates';
import { AppointmentSummary, appointmentLabel } from './appointment-summary.component';
import styles from './agenda.module.css';

interface Props {
  days: Date[];
  /** Sorted by start. */
  appointments: Appointment[];
  now: number;
  onOpen: (appointment: Appointment) => void;
}

/** The period's appointments day by day, in order: the small screens' view and the reading order. */
export function AgendaList({ days, appointments, now, onOpen }: Props) {
  const groups = days
    .map((day) => ({ day, items: appointments.filter((a) => isSameDay(new Date(a.date), day)) }))
    .filter((group) => group.items.length > 0);
  if (!groups.length) return <p className={styles.empty}>{AGENDA_MSG.empty}</p>;
  return (
    <div className={styles.list}>
      {groups.map(({ day, items }) => (
        <section key={day.toISOString()} aria-label={dayName(day)}>
          <h3 className={styles.listDay}>
            {dayName(day)}
            {isSameDay(day, now) && ` (${AGENDA_MSG.todayMark})`}
          </h3>
          <ul className={styles.listItems}>
            {items.map((appointment) => (
              <li key={appointment._id}>
                <button
                  type="button"
                  className={`${styles.listItem} ${styles[`event_${appointment.status}`] ?? ''}`}
                  aria-label={appointmentLabel(appointment)}
                  onClick={() => onOpen(appointment)}
                >
                  <AppointmentSummary appointment={appointment} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
