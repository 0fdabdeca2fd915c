import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { LoadingMessage, Notice } from '@psicocampus/shared/ui';
import { AgendaGrid } from './agenda-grid.component';
import { AgendaList } from './agenda-list.component';

interface Props {
  /** The list view; otherwise the week's or day's grid. */
  asList: boolean;
  /** The service's zone is still unknown, or the period's appointments are loading. */
  loading: boolean;
  failed: boolean;
  loaded: boolean;
  days: Date[];
  appointments: Appointment[];
  now: number;
  /** The service's zone, the days' and hours' (lib/service-clock). */
  zone: string;
  onOpen: (appointment: Appointment) => void;
  onSlot: (at: Date) => void;
}

/** A week's or a day's appointments, as a grid or a list, or why they are not shown yet. */
export function AgendaPeriod({ asList, loading, failed, loaded, onSlot, ...shown }: Props) {
  return (
    <>
      {loading && <LoadingMessage text={AGENDA_MSG.loading} />}
      {failed && <Notice tone="error">{AGENDA_MSG.loadError}</Notice>}
      {loaded && asList && <AgendaList {...shown} />}
      {loaded && !asList && <AgendaGrid {...shown} onSlot={onSlot} />}
    </>
  );
}
