import { useMemo } from 'react';
import { useAgendaQuery, useAppointmentPageQuery } from '@psicocampus/shared';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useNow } from '../../lib/use-now';
import { HOME_ROWS, serviceDay, todaysRows } from './home-appointments';
import { listState } from '../../lib/list-state';

/**
 * The home's appointments (docs/screens-and-routes.md#psychologist-home), each from a bounded call: today's from the
 * agenda's call for the service's day, and the first ones after today as
 * one page of the caseload's list with its total. Never every appointment.
 */
export function useHomeAppointments() {
  const { zone, ready } = useServiceTimeZone();
  const now = useNow();
  const { from, to } = serviceDay(now, zone);
  const day = useMemo(() => ({ from, to }), [from, to]);
  // The day is the service's: asked once its zone is known.
  const today = useAgendaQuery(day, { skip: !ready });
  const upcoming = useAppointmentPageQuery(
    { after: day.to, pageSize: HOME_ROWS },
    { skip: !ready },
  );
  const todays = today.data?.appointments ?? [];
  return {
    zone,
    today: {
      rows: todaysRows(todays, now),
      total: todays.length,
      state: listState(today, todays.length),
    },
    upcoming: {
      rows: upcoming.data?.appointments ?? [],
      total: upcoming.data?.total ?? 0,
      state: listState(upcoming, upcoming.data?.total ?? 0),
    },
  };
}
