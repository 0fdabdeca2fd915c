import { useMemo, useState } from 'react';
import { useAgendaQuery, type Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { Button, LoadingMessage, Notice, PageHeader } from '@psicocampus/shared/ui';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useNow } from '../../lib/use-now';
import { periodOf, periodTitle, shiftPeriod, type AgendaView } from './agenda-dates';
import { AgendaGrid } from './agenda-grid.component';
import { AgendaList } from './agenda-list.component';
import { AppointmentDialog } from './appointment-dialog.component';
import { CalendarFeedButton } from './calendar-feed/calendar-feed.component';
import { NewAppointmentDialog } from './new-appointment-dialog.component';
import styles from './agenda.module.css';

/** Below this width the week does not fit: the list is the first view. */
const NARROW = '(max-width: 767px)';

const VIEWS: ReadonlyArray<{ view: AgendaView; label: string }> = [
  { view: 'week', label: AGENDA_MSG.week },
  { view: 'day', label: AGENDA_MSG.day },
  { view: 'list', label: AGENDA_MSG.list },
];

/** 'agenda' (issue 18): the psychologist's appointments by week, by day or as a list. */
export default function AgendaPage() {
  const now = useNow();
  const { zone, ready } = useServiceTimeZone();
  const [view, setView] = useState<AgendaView>(() =>
    window.matchMedia?.(NARROW).matches ? 'list' : 'week',
  );
  const [anchor, setAnchor] = useState(() => new Date());
  const [openId, setOpenId] = useState<string | null>(null);
  const [newAt, setNewAt] = useState<Date | null>(null);

  // The list shows the week, so that switching to it keeps the period.
  const periodView = view === 'day' ? 'day' : 'week';
  const period = useMemo(() => periodOf(periodView, anchor, zone), [periodView, anchor, zone]);
  // Asked once the service's zone is known: its week is the one to fetch.
  const agenda = useAgendaQuery(
    // As UTC instants ('…Z'): a TZDate would write the zone's offset instead.
    { from: new Date(+period.start).toISOString(), to: new Date(+period.end).toISOString() },
    // A week seen before shows at once from the cache and is asked again behind it:
    // another device, or a colleague's reassignment, may have changed it.
    { skip: !ready, refetchOnMountOrArgChange: true },
  );
  const appointments = useMemo(
    () =>
      [...(agenda.data?.appointments ?? [])].sort(
        (a, b) => Date.parse(a.date) - Date.parse(b.date),
      ),
    [agenda.data],
  );
  // Read from the agenda on every render, so that the dialog shows what a reload brought.
  const open = openId ? appointments.find((a) => a._id === openId) : undefined;
  const onOpen = (appointment: Appointment) => setOpenId(appointment._id);
  const isDay = view === 'day';

  return (
    <div className={styles.page}>
      <PageHeader title={AGENDA_MSG.title} actions={<CalendarFeedButton />} />
      <div className={styles.toolbar}>
        <div className={styles.nav}>
          <Button
            variant="secondary"
            onClick={() => setAnchor(shiftPeriod(periodView, anchor, -1))}
          >
            <span aria-hidden="true">‹</span>{' '}
            {isDay ? AGENDA_MSG.previousDay : AGENDA_MSG.previousWeek}
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(new Date())}>
            {AGENDA_MSG.today}
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(shiftPeriod(periodView, anchor, 1))}>
            {isDay ? AGENDA_MSG.nextDay : AGENDA_MSG.nextWeek} <span aria-hidden="true">›</span>
          </Button>
        </div>
        <div className={styles.views} role="group" aria-label={AGENDA_MSG.views}>
          {VIEWS.map((item) => (
            <Button
              key={item.view}
              variant={view === item.view ? 'primary' : 'secondary'}
              aria-pressed={view === item.view}
              onClick={() => setView(item.view)}
            >
              {item.label}
            </Button>
          ))}
        </div>
      </div>
      <h2 className={styles.period} aria-live="polite">
        {periodTitle(periodView, period.start)}
      </h2>
      {(!ready || agenda.isLoading) && <LoadingMessage text={AGENDA_MSG.loading} />}
      {agenda.isError && <Notice tone="error">{AGENDA_MSG.loadError}</Notice>}
      {agenda.isSuccess &&
        (view === 'list' ? (
          <AgendaList
            days={period.days}
            appointments={appointments}
            now={now}
            zone={zone}
            onOpen={onOpen}
          />
        ) : (
          <AgendaGrid
            days={period.days}
            appointments={appointments}
            now={now}
            zone={zone}
            onOpen={onOpen}
            onSlot={setNewAt}
          />
        ))}
      {open && (
        <AppointmentDialog
          key={`${open._id}:${open.version}`}
          appointment={open}
          now={now}
          zone={zone}
          onClose={() => setOpenId(null)}
          reload={() => void agenda.refetch()}
        />
      )}
      {newAt && (
        <NewAppointmentDialog at={newAt} now={now} zone={zone} onClose={() => setNewAt(null)} />
      )}
    </div>
  );
}
