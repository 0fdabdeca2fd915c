import { useId, useState, type Ref } from 'react';
import { MSG } from '@psicocampus/shared';
import {
  EmptyState,
  LoadingMessage,
  Notice,
  SectionCard,
  useLeaveGuard,
} from '@psicocampus/shared/ui';
import { AppointmentForm } from '../../../components/appointment-form/appointment-form.component';
import { AppointmentList } from '../../../components/appointment-list/appointment-list.component';
import { PagedList } from '../../../components/paged-list/paged-list.component';
import { APPOINTMENTS_ANCHOR } from '../../../lib/anchors';
import { useStudentAppointments, type StudentAppointmentList } from './use-student-appointments';
import lists from './student-appointments.module.css';
import styles from '../student-detail.module.css';

/** 'Próximas citas' or 'Citas pasadas': a page of them, 'Anterior' / 'Página X de Y · N citas' / 'Siguiente'. */
function AppointmentsPage({
  title,
  list,
  empty,
  label,
}: {
  title: string;
  list: StudentAppointmentList;
  empty: string;
  label: string;
}) {
  const headingId = useId();
  return (
    <section className={lists.list} aria-labelledby={headingId}>
      <h3 id={headingId} className={lists.heading}>
        {title}
      </h3>
      <PagedList
        state={list.state}
        loadingText={MSG.common.loading}
        errorText={MSG.appointments.loadError}
        emptyText={empty}
        page={list.page}
        onPageChange={list.setPage}
        label={label}
        totalText={MSG.appointments.total}
      >
        <AppointmentList appointments={list.appointments} empty={empty} />
      </PagedList>
    </section>
  );
}

/** The student's appointments, upcoming then past, each by page; one line when there are none. */
function StudentAppointmentLists({ studentId }: { studentId: string }) {
  const { upcoming, past, isLoading, loadFailed, none } = useStudentAppointments(studentId);
  if (loadFailed) return <Notice tone="error">{MSG.appointments.loadError}</Notice>;
  if (isLoading) return <LoadingMessage text={MSG.common.loading} />;
  if (none) return <EmptyState text={MSG.appointments.empty} />;
  return (
    <>
      <AppointmentsPage
        title={MSG.appointments.upcoming}
        list={upcoming}
        empty={MSG.appointments.noneUpcomingForStudent}
        label={MSG.appointments.upcomingPages}
      />
      <AppointmentsPage
        title={MSG.appointments.past}
        list={past}
        empty={MSG.appointments.nonePast}
        label={MSG.appointments.pastPages}
      />
    </>
  );
}

/** The student's appointments and the embedded form to schedule one (docs/screens-and-routes.md#appointment-form and docs/rules-and-messages.md#appointment-form). */
export function StudentAppointments({
  studentId,
  headingRef,
}: {
  studentId: string;
  /** The heading `#citas` moves focus to ("Agendar cita" of "Seguimiento prioritario"). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  // An appointment being typed: leaving the screen asks first; its draft
  // survives a reload (docs/screens-and-routes.md#leaving-a-form).
  const [typing, setTyping] = useState(false);
  useLeaveGuard(typing, { keptAcrossReload: true });
  return (
    <SectionCard id={APPOINTMENTS_ANCHOR} title={MSG.appointments.title} headingRef={headingRef}>
      {/* Another student's detail starts again from the first pages. */}
      <StudentAppointmentLists key={studentId} studentId={studentId} />
      <div className={styles.formBlock}>
        <h3 className={styles.subheading}>{MSG.appointments.formTitle}</h3>
        <AppointmentForm studentId={studentId} onChangedChange={setTyping} />
      </div>
    </SectionCard>
  );
}
