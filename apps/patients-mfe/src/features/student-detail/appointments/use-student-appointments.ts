import { useState } from 'react';
import { useAppointmentPageQuery } from '@psicocampus/shared';
import { useLastPageWhenPast } from '@psicocampus/shared/ui';
import { listState } from '../../../lib/list-state';

/** Appointments each list of the student's detail shows per page. */
export const STUDENT_APPOINTMENTS_PAGE_SIZE = 10;

/** One of the two lists: its page of the student's appointments before or from an instant. */
function useStudentAppointmentList(
  studentId: string,
  period: { after: string } | { before: string },
) {
  const [page, setPage] = useState(1);
  const query = useAppointmentPageQuery({
    studentId,
    ...period,
    page,
    pageSize: STUDENT_APPOINTMENTS_PAGE_SIZE,
  });
  // While the next page loads, this one stays, and so does the focus on 'Siguiente'.
  const answer = query.data;
  // A cancelled or moved appointment can empty the last page.
  useLastPageWhenPast(page, setPage, answer);
  return {
    appointments: answer?.appointments ?? [],
    page: answer,
    setPage,
    state: listState({ isError: query.isError, data: answer }, answer?.appointments.length ?? 0),
  };
}

export type StudentAppointmentList = ReturnType<typeof useStudentAppointmentList>;

/**
 * The student's appointments (docs/screens-and-routes.md#student-detail): from
 * now on, soonest first, and before now, the latest first, each by page
 * with its total (docs/api.md#appointments). "Now" is when the section
 * opened, so that paging one list does not shift the other.
 */
export function useStudentAppointments(studentId: string) {
  const [now] = useState(() => new Date().toISOString());
  const upcoming = useStudentAppointmentList(studentId, { after: now });
  const past = useStudentAppointmentList(studentId, { before: now });
  const states = [upcoming.state, past.state];
  return {
    upcoming,
    past,
    isLoading: states.includes('loading') && !states.includes('error'),
    loadFailed: states.includes('error'),
    /** Neither list has any: the one line the section says for a student without appointments. */
    none: upcoming.state === 'empty' && past.state === 'empty',
  };
}
