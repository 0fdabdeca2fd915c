import { useMemo } from 'react';
import { useAppointmentsQuery } from '@psicocampus/shared';
import { splitAppointments } from '../../../components/appointment-list/appointment-timeline';
import { useNow } from '../../../lib/use-now';

/** The student's appointments, upcoming (soonest first) then past (most recent first). */
export function useStudentAppointments(studentId: string) {
  const { data, isLoading, isError } = useAppointmentsQuery({ studentId });
  const now = useNow();
  const ordered = useMemo(() => {
    const { upcoming, past } = splitAppointments(data?.appointments ?? [], now);
    return [...upcoming, ...past];
  }, [data, now]);
  return { appointments: ordered, isLoading, loadFailed: isError };
}
