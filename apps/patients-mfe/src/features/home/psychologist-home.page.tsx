import { Link } from 'react-router-dom';
import { MSG, selectSessionUser, useAppSelector } from '@psicocampus/shared';
import { buttonClassName, PageHeader } from '@psicocampus/shared/ui';
import { useServiceTimeZone } from '../../lib/service-clock';
import { UnrecordedAttendance } from './unrecorded-attendance.component';
import { FollowUp } from './follow-up.component';
import { HomeAppointments } from './home-appointments.component';
import { PendingSignature } from './pending-signature.component';
import { RecentNotes } from './recent-notes.component';
import styles from './psychologist-home.module.css';

/**
 * The psychologist's home ('' of the dashboard, docs/screens-and-routes.md#psychologist-home): counts and the
 * first rows of each list, the rest a link away, so that it fits one screen
 * and shows no note's text. Each list is a card of its own that asks for
 * its own data: a new one is one more line here.
 */
export default function PsychologistHomePage() {
  const user = useAppSelector(selectSessionUser);
  const { zone } = useServiceTimeZone();
  return (
    <div className={styles.page}>
      <PageHeader
        title={MSG.home.greeting(user?.firstName ?? '')}
        actions={
          <>
            <UnrecordedAttendance />
            <Link className={buttonClassName()} to="patients">
              {MSG.home.goToPatients}
            </Link>
          </>
        }
      />
      <FollowUp timeZone={zone} />
      <div className={styles.cards}>
        <HomeAppointments />
        <PendingSignature timeZone={zone} />
        <RecentNotes timeZone={zone} />
      </div>
    </div>
  );
}
