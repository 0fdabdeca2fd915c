import { Link } from 'react-router-dom';
import { MSG } from '@psicocampus/shared';
import {
  buttonClassName,
  LoadingMessage,
  Notice,
  PageHeader,
  SectionCard,
} from '@psicocampus/shared/ui';
import { AppointmentList } from '../../components/appointment-list/appointment-list.component';
import { FollowUp } from './follow-up.component';
import { PendingSignature } from './pending-signature.component';
import { RecentNotes } from './recent-notes.component';
import { useHomeOverview } from './use-home-overview';
import styles from './psychologist-home.module.css';

/** From the dashboard's home, a student's detail is `patients/:id`. */
const studentLink = (studentId: string) => `patients/${studentId}`;

/** The psychologist's home ('' of the dashboard). */
export default function PsychologistHomePage() {
  const home = useHomeOverview();
  return (
    <div className={styles.page}>
      <PageHeader
        title={MSG.home.greeting(home.firstName)}
        actions={
          <Link className={buttonClassName()} to="patients">
            {MSG.home.goToPatients}
          </Link>
        }
      />
      <FollowUp timeZone={home.zone} />
      <div className={styles.columns}>
        <SectionCard title={MSG.home.today}>
          {home.appointmentsLoading && <LoadingMessage text={MSG.common.loading} />}
          {home.appointmentsFailed && <Notice tone="error">{MSG.appointments.loadError}</Notice>}
          {!home.appointmentsLoading && !home.appointmentsFailed && (
            <AppointmentList
              appointments={home.agenda.today}
              empty={MSG.home.noneToday}
              studentLink={studentLink}
            />
          )}
        </SectionCard>
        <SectionCard
          title={MSG.home.upcoming}
          actions={<Link to="history">{MSG.home.viewHistory}</Link>}
        >
          {!home.appointmentsLoading && !home.appointmentsFailed && (
            <AppointmentList
              appointments={home.agenda.upcoming}
              empty={MSG.appointments.noneUpcoming}
              studentLink={studentLink}
            />
          )}
        </SectionCard>
      </div>
      <PendingSignature
        notes={home.pendingSignature}
        failed={home.pendingFailed}
        timeZone={home.zone}
      />
      <SectionCard title={MSG.home.recentNotes}>
        {home.notesLoading && <LoadingMessage text={MSG.common.loading} />}
        {home.notesFailed && <Notice tone="error">{MSG.home.loadNotesError}</Notice>}
        {!home.notesLoading && !home.notesFailed && <RecentNotes notes={home.recentNotes} />}
      </SectionCard>
    </div>
  );
}
