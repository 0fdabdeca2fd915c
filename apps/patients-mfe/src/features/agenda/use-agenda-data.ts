import { useMemo, useState } from 'react';
import {
  UNRECORDED_PAGE_SIZE,
  useAgendaQuery,
  useUnrecordedAppointmentsQuery,
} from '@psicocampus/shared';
import { pageCount } from '@psicocampus/shared/ui';
import { periodOf, type AgendaView, type PeriodView } from './agenda-dates';

/**
 * The period a view of the agenda shows and its appointments, by start. The
 * list shows the week, so that switching to it keeps the period. Asked once
 * the service's zone is known (`ready`): its week is the one to fetch.
 */
export function useAgendaPeriod(view: AgendaView, anchor: Date, zone: string, ready: boolean) {
  const periodView: PeriodView = view === 'day' ? 'day' : 'week';
  const period = useMemo(() => periodOf(periodView, anchor, zone), [periodView, anchor, zone]);
  const agenda = useAgendaQuery(
    // As UTC instants ('…Z'): a TZDate would write the zone's offset instead.
    { from: new Date(+period.start).toISOString(), to: new Date(+period.end).toISOString() },
    // A week seen before shows at once from the cache and is asked again behind it:
    // another device, or a colleague's reassignment, may have changed it.
    { skip: !ready || view === 'unrecorded', refetchOnMountOrArgChange: true },
  );
  const appointments = useMemo(
    () =>
      [...(agenda.data?.appointments ?? [])].sort(
        (a, b) => Date.parse(a.date) - Date.parse(b.date),
      ),
    [agenda.data],
  );
  return { periodView, period, agenda, appointments };
}

/**
 * The appointments still to record (GET /api/appointments/unrecorded): how
 * many there are, always (their view's button says it), and the page the
 * "Sin registrar" view shows. Asked again each time the agenda opens: an
 * appointment joins them when its hour passes, with no change to tell.
 */
export function useUnrecordedAppointments(view: AgendaView) {
  const [page, setPage] = useState(1);
  const first = useUnrecordedAppointmentsQuery({ page: 1 }, { refetchOnMountOrArgChange: true });
  // Recording the last one of the last page leaves that page empty: the one before shows.
  const current = Math.min(page, pageCount(first.data?.total ?? 0, UNRECORDED_PAGE_SIZE));
  const shown = useUnrecordedAppointmentsQuery({ page: current }, { skip: view !== 'unrecorded' });
  const total = shown.data?.total ?? first.data?.total ?? 0;
  return { total, page: current, setPage, shown };
}
