import { Link } from 'react-router-dom';
import { useUnrecordedAppointmentsQuery } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { UNRECORDED_AGENDA_LINK } from '../../lib/agenda-address';
import styles from './unrecorded-attendance.module.css';

/**
 * The dashboard home's line on the appointments that ended still
 * 'Programada': how many, and the way to the agenda's list of them
 * (docs/screens-and-routes.md#psychologist-home). Nothing while there are
 * none, or while they load. A line beside the header's button rather than
 * a notice of its own: the home fits 1366 × 900 with it.
 */
export function UnrecordedAttendance() {
  // Asked again on every visit: an appointment joins them when its hour passes.
  const unrecorded = useUnrecordedAppointmentsQuery(
    { page: 1 },
    { refetchOnMountOrArgChange: true },
  );
  if (unrecorded.isError) {
    return (
      <p className={`${styles.unrecordedLine} ${styles.unrecordedError}`} role="alert">
        {AGENDA_MSG.unrecordedLoadError}
      </p>
    );
  }
  const total = unrecorded.data?.total ?? 0;
  if (!total) return null;
  return (
    <p className={styles.unrecordedLine}>
      <strong>{AGENDA_MSG.unrecordedCount(total)}</strong>
      <Link to={UNRECORDED_AGENDA_LINK}>{AGENDA_MSG.unrecordedOpen}</Link>
    </p>
  );
}
