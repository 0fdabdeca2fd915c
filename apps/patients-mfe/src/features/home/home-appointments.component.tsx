import { Link } from 'react-router-dom';
import {
  APPOINTMENT_STATUS_LABELS,
  formatShortDateTime,
  fullName,
  MSG,
  type Appointment,
} from '@psicocampus/shared';
import { HOME_ROWS, timeOfDayIn } from './home-appointments';
import { HomeCard } from './home-card.component';
import { useHomeAppointments } from './use-home-appointments';
import styles from './psychologist-home.module.css';

/** An appointment of the home: when, with whom (to the student's detail), and its status once closed. */
function AppointmentRow({ appointment, when }: { appointment: Appointment; when: string }) {
  return (
    <li className={styles.row} data-status={appointment.status}>
      <Link to={`patients/${encodeURIComponent(appointment.studentId)}`}>
        {fullName(appointment.student)}
      </Link>
      <span className={styles.rowMeta}>
        <time dateTime={appointment.date}>{when}</time>
        {appointment.status !== 'SCHEDULED' && (
          <span> · {APPOINTMENT_STATUS_LABELS[appointment.status]}</span>
        )}
      </span>
    </li>
  );
}

/**
 * 'Citas de hoy' and 'Próximas citas': how many, and the first rows (who and
 * when; the reason and notes are read in the student's detail).
 */
export function HomeAppointments() {
  const { zone, today, upcoming } = useHomeAppointments();
  return (
    <>
      <HomeCard
        title={MSG.home.today}
        state={today.state}
        errorText={MSG.appointments.loadError}
        emptyText={MSG.home.noneToday}
        summary={MSG.home.todayCount(today.total)}
        more={today.total > HOME_ROWS ? { to: 'agenda', label: MSG.home.viewAgenda } : undefined}
      >
        <ul className={styles.rows}>
          {today.rows.map((appointment) => (
            <AppointmentRow
              key={appointment._id}
              appointment={appointment}
              when={timeOfDayIn(appointment.date, zone)}
            />
          ))}
        </ul>
      </HomeCard>
      <HomeCard
        title={MSG.home.upcoming}
        state={upcoming.state}
        errorText={MSG.appointments.loadError}
        emptyText={MSG.appointments.noneUpcoming}
        summary={MSG.home.upcomingCount(upcoming.total)}
        more={{ to: 'history', label: MSG.home.viewHistory }}
      >
        <ul className={styles.rows}>
          {upcoming.rows.map((appointment) => (
            <AppointmentRow
              key={appointment._id}
              appointment={appointment}
              when={formatShortDateTime(appointment.date, zone)}
            />
          ))}
        </ul>
      </HomeCard>
    </>
  );
}
