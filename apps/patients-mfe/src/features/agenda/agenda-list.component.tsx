import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { isSameDayIn } from '../../lib/service-clock';
import { byDay, dayName } from './agenda-dates';
import { agendaStatusOf } from './agenda-status';
import { AppointmentSummary, appointmentLabel } from './appointment-summary.component';
import styles from './agenda.module.css';

interface Props {
  days: Date[];
  /** Sorted by start. */
  appointments: Appointment[];
  now: number;
  /** The service's zone, the days' (lib/service-clock). */
  zone: string;
  onOpen: (appointment: Appointment) => void;
}

/** The period's appointments day by day, in order: the small screens' view and the reading order. */
export function AgendaList({ days, appointments, now, zone, onOpen }: Props) {
  const perDay = byDay(days, appointments);
  const groups = days
    .map((day, index) => ({ day, items: perDay[index] ?? [] }))
    .filter((group) => group.items.length > 0);
  if (!groups.length) return <p className={styles.empty}>{AGENDA_MSG.empty}</p>;
  return (
    <div className={styles.list}>
      {groups.map(({ day, items }) => (
        <section key={day.toISOString()} aria-label={dayName(day)}>
          <h3 className={styles.listDay}>
            {dayName(day)}
            {isSameDayIn(day, now, zone) && ` (${AGENDA_MSG.todayMark})`}
          </h3>
          <ul className={styles.listItems}>
            {items.map((appointment) => (
              <li key={appointment._id}>
                <button
                  type="button"
                  className={`${styles.listItem} ${styles[`event_${agendaStatusOf(appointment, now)}`] ?? ''}`}
                  aria-label={appointmentLabel(appointment, zone, now)}
                  onClick={() => onOpen(appointment)}
                >
                  <AppointmentSummary appointment={appointment} zone={zone} now={now} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
