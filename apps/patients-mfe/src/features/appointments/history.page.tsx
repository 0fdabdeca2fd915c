import { MSG } from '@psicocampus/shared';
import { PageHeader, SectionCard } from '@psicocampus/shared/ui';
import { AppointmentList } from '../../components/appointment-list/appointment-list.component';
import { PagedList } from '../../components/paged-list/paged-list.component';
import { useAppointmentHistory } from './use-appointment-history';
import styles from './history.module.css';

/** From `history`, a student's detail is `../patients/:id`. */
const studentLink = (studentId: string) => `../patients/${studentId}`;

type Section = ReturnType<typeof useAppointmentHistory>['upcoming'];

function HistorySection({
  title,
  section,
  empty,
  label,
}: {
  title: string;
  section: Section;
  empty: string;
  label: string;
}) {
  return (
    <SectionCard title={title}>
      <PagedList
        state={section.state}
        loadingText={MSG.common.loading}
        errorText={MSG.appointments.loadError}
        emptyText={empty}
        page={section.page}
        onPageChange={section.setPage}
        label={label}
        totalText={MSG.appointments.total}
      >
        <AppointmentList
          appointments={section.appointments}
          empty={empty}
          studentLink={studentLink}
        />
      </PagedList>
    </SectionCard>
  );
}

/**
 * 'history' (docs/screens-and-routes.md#history): every appointment of the psychologist's students, upcoming
 * then past, each list by page with its total.
 */
export default function HistoryPage() {
  const { upcoming, past } = useAppointmentHistory();
  return (
    <div className={styles.page}>
      <PageHeader title={MSG.appointments.historyTitle} />
      <HistorySection
        title={MSG.appointments.upcoming}
        section={upcoming}
        empty={MSG.appointments.noneUpcoming}
        label={MSG.appointments.upcomingPages}
      />
      <HistorySection
        title={MSG.appointments.past}
        section={past}
        empty={MSG.appointments.nonePast}
        label={MSG.appointments.pastPages}
      />
    </div>
  );
}
