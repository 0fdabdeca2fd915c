import { useMemo } from 'react';
import { useAppointmentsQuery } from '@psicocampus/shared';
import { splitAppointments } from '../../components/appointment-list/appointment-timeline';
import { useNow } from '../../lib/use-now';

/** All the psychologist's appointments: upcoming soonest first, then past most recent first. */
export function useAppointmentHistory() {
  const { data, isLoading, isError } = useAppointmentsQuery();
  const now = useNow();
  const timeline = useMemo(() => splitAppointments(data?.appointments ?? [], now), [data, now]);
  return { ...timeline, isLoading, loadFailed: isError };
}
