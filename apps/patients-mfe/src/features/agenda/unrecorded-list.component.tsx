import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { EmptyState, LoadingMessage, Notice, Pagination } from '@psicocampus/shared/ui';
import { inZone } from '../../lib/service-clock';
import { dayName } from './agenda-dates';
import { AppointmentSummary, appointmentLabel } from './appointment-summary.component';
import styles from './agenda.module.css';

interface Props {
  /** One page of them, the longest waiting first, or undefined while it loads. */
  appointments: Appointment[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  failed: boolean;
  onPage: (page: number) => void;
  now: number;
  /** The service's zone (lib/service-clock). */
  zone: string;
  onOpen: (appointment: Appointment) => void;
}

/**
 * The agenda's "Sin registrar" view: every appointment that ended still
 * 'Programada', whatever its week, by page with their total
 * (docs/screens-and-routes.md#agenda). Each opens its details, where its
 * attendance is recorded.
 */
export function UnrecordedList(props: Props) {
  const { appointments, total, page, pageSize, failed, onPage, now, zone, onOpen } = props;
  if (failed) return <Notice tone="error">{AGENDA_MSG.unrecordedLoadError}</Notice>;
  if (!appointments) return <LoadingMessage text={AGENDA_MSG.unrecordedLoading} />;
  if (!total) return <EmptyState text={AGENDA_MSG.unrecordedEmpty} />;
  return (
    <div className={styles.list}>
      <p className={styles.intro}>{AGENDA_MSG.unrecordedIntro}</p>
      <ul className={styles.listItems}>
        {appointments.map((appointment) => {
          const day = dayName(inZone(appointment.date, zone));
          return (
            <li key={appointment._id}>
              <button
                type="button"
                className={`${styles.listItem} ${styles.event_UNRECORDED}`}
                aria-label={`${day}, ${appointmentLabel(appointment, zone, now)}`}
                onClick={() => onOpen(appointment)}
              >
                <span className={styles.listItemDay}>{day}</span>{' '}
                <AppointmentSummary appointment={appointment} zone={zone} now={now} />
              </button>
            </li>
          );
        })}
      </ul>
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPage}
        label={AGENDA_MSG.unrecordedPages}
        totalText={AGENDA_MSG.unrecordedCount(total)}
      />
    </div>
  );
}
