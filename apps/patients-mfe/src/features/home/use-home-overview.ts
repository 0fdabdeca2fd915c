import { useMemo } from 'react';
import {
  selectSessionUser,
  useAppointmentsQuery,
  useAppSelector,
  usePendingSignatureNotesQuery,
  useRecentNotesQuery,
} from '@psicocampus/shared';
import { todayAndLater } from '../../components/appointment-list/appointment-timeline';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useNow } from '../../lib/use-now';

/** How many upcoming appointments and recent notes the home shows. */
export const HOME_UPCOMING = 5;
export const HOME_RECENT_NOTES = 5;

/** The psychologist's home (docs/screens-and-routes.md#psychologist-home): who is signed in, today's and next appointments, notes pending signature, latest notes. */
export function useHomeOverview() {
  const user = useAppSelector(selectSessionUser);
  const appointments = useAppointmentsQuery();
  const notes = useRecentNotesQuery();
  const pending = usePendingSignatureNotesQuery();
  const now = useNow();
  const { zone } = useServiceTimeZone();

  const agenda = useMemo(() => {
    const { today, later } = todayAndLater(
      appointments.data?.appointments ?? [],
      new Date(now),
      zone,
    );
    return { today, upcoming: later.slice(0, HOME_UPCOMING) };
  }, [appointments.data, now, zone]);

  return {
    firstName: user?.firstName ?? '',
    agenda,
    appointmentsLoading: appointments.isLoading,
    appointmentsFailed: appointments.isError,
    recentNotes: (notes.data?.notes ?? []).slice(0, HOME_RECENT_NOTES),
    notesLoading: notes.isLoading,
    notesFailed: notes.isError,
    /** Own notes unsigned 24 hours after they were written (issue 19 §4), oldest first. */
    pendingSignature: pending.data?.notes ?? [],
    pendingFailed: pending.isError,
    zone,
  };
}
