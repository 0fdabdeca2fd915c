import { MSG } from '@psicocampus/shared';
import { LoadingMessage, Notice, PageHeader, SectionCard } from '@psicocampus/shared/ui';
import { AppointmentList } from '../../components/appointment-list/appointment-list.component';
import { useAppointmentHistory } from './use-appointment-history';
import styles from './history.module.css';

/** From `history`, a student's detail is `../patients/:id`. */
const studentLink = (studentId: string) => `../patients/${studentId}`;

/** 'history': every appointment of the psychologist, upcoming then past. */
export default function HistoryPage() {
  const { upcoming, past, isLoading, loadFailed } = useAppointmentHistory();
  return (
    <div className={styles.page}>
      <PageHeader title={MSG.appointments.historyTitle} />
      {isLoading && <LoadingMessage text={MSG.common.loading} />}
      {loadFailed && <Notice tone="error">{MSG.appointments.loadError}</Notice>}
      {!isLoading && !loadFailed && (
        <>
          <SectionCard title={MSG.appointments.upcoming}>
            <AppointmentList
              appointments={upcoming}
              empty={MSG.appointments.noneUpcoming}
              studentLink={studentLink}
            />
          </SectionCard>
          <SectionCard title={MSG.appointments.past}>
            <AppointmentList
              appointments={past}
              empty={MSG.appointments.nonePast}
              studentLink={studentLink}
            />
          </SectionCard>
        </>
      )}
    </div>
  );
}
