import { useState } from 'react';
import { useAppointmentPageQuery } from '@psicocampus/shared';
import { listState } from '../../lib/list-state';
import { useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';

/** Appointments each section of 'Historial' shows per page. */
export const HISTORY_PAGE_SIZE = 10;

/** One section of 'Historial': its page (kept in the address as `param`) of the caseload's list. */
function useHistorySection(param: string, period: { after: string } | { before: string }) {
  const [page, setPage] = usePageParam(param);
  const query = useAppointmentPageQuery({ ...period, page, pageSize: HISTORY_PAGE_SIZE });
  // While the next page loads, this one stays, and so does the focus on 'Siguiente'.
  const answer = query.data;
  useLastPageWhenPast(page, setPage, answer);
  return {
    appointments: answer?.appointments ?? [],
    page: answer,
    setPage,
    state: listState({ isError: query.isError, data: answer }, answer?.appointments.length ?? 0),
  };
}

/**
 * 'Historial' (docs/screens-and-routes.md#history): the caseload's appointments from now on, soonest first,
 * and before now, the latest first, each by page with its total. "Now" is
 * when the screen opened, so that paging does not shift the two lists.
 */
export function useAppointmentHistory() {
  const [now] = useState(() => new Date().toISOString());
  return {
    upcoming: useHistorySection('upcoming', { after: now }),
    past: useHistorySection('past', { before: now }),
  };
}
