import type { Ref } from 'react';
import { MSG } from '@psicocampus/shared';
import { LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import { AppointmentForm } from '../../../components/appointment-form/appointment-form.component';
import { AppointmentList } from '../../../components/appointment-list/appointment-list.component';
import { APPOINTMENTS_ANCHOR } from '../../../lib/anchors';
import { useStudentAppointments } from './use-student-appointments';
import styles from '../student-detail.module.css';

/** The student's appointments and the embedded form to schedule one (docs/screens-and-routes.md#appointment-form and docs/rules-and-messages.md#appointment-form). */
export function StudentAppointments({
  studentId,
  headingRef,
}: {
  studentId: string;
  /** The heading `#citas` moves focus to ("Agendar cita" of "Seguimiento prioritario"). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { appointments, isLoading, loadFailed } = useStudentAppointments(studentId);
  return (
    <SectionCard id={APPOINTMENTS_ANCHOR} title={MSG.appointments.title} headingRef={headingRef}>
      {isLoading && <LoadingMessage text={MSG.common.loading} />}
      {loadFailed && <Notice tone="error">{MSG.appointments.loadError}</Notice>}
      {!isLoading && !loadFailed && (
        <AppointmentList appointments={appointments} empty={MSG.appointments.empty} />
      )}
      <div className={styles.formBlock}>
        <h3 className={styles.subheading}>{MSG.appointments.formTitle}</h3>
        <AppointmentForm studentId={studentId} />
      </div>
    </SectionCard>
  );
}
