import { useState } from 'react';
import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { PageHeader } from '@psicocampus/shared/ui';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useNow } from '../../lib/use-now';
import { periodTitle, shiftPeriod } from './agenda-dates';
import { AgendaPeriod } from './agenda-period.component';
import { AgendaToolbar } from './agenda-toolbar.component';
import { AppointmentDialog } from './appointment-dialog.component';
import { CalendarFeedButton } from './calendar-feed/calendar-feed.component';
import { NewAppointmentDialog } from './new-appointment-dialog.component';
import { UnrecordedList } from './unrecorded-list.component';
import { useAgendaPeriod, useUnrecordedAppointments } from './use-agenda-data';
import { useAgendaView } from './use-agenda-view';
import styles from './agenda.module.css';

/**
 * 'agenda' (docs/screens-and-routes.md#agenda): the psychologist's
 * appointments by week, by day or as a list, and those still to record.
 */
export default function AgendaPage() {
  const now = useNow();
  const { zone, ready } = useServiceTimeZone();
  const [view, setView] = useAgendaView();
  const [anchor, setAnchor] = useState(() => new Date());
  const [openId, setOpenId] = useState<string | null>(null);
  const [newAt, setNewAt] = useState<Date | null>(null);
  const { periodView, period, agenda, appointments } = useAgendaPeriod(view, anchor, zone, ready);
  const unrecorded = useUnrecordedAppointments(view);
  const unrecordedShown = unrecorded.shown.data?.appointments;
  // Read from the lists on every render, so that the dialog shows what a reload brought.
  const open = openId
    ? [...appointments, ...(unrecordedShown ?? [])].find((a) => a._id === openId)
    : undefined;
  const onOpen = (appointment: Appointment) => setOpenId(appointment._id);
  const isPeriod = view !== 'unrecorded';

  return (
    <div className={styles.page}>
      <PageHeader title={AGENDA_MSG.title} actions={<CalendarFeedButton />} />
      <AgendaToolbar
        view={view}
        onView={setView}
        periodView={periodView}
        onShift={(step) => setAnchor(shiftPeriod(periodView, anchor, step))}
        onToday={() => setAnchor(new Date())}
        unrecorded={unrecorded.total}
      />
      <h2 className={styles.period} aria-live={isPeriod ? 'polite' : undefined}>
        {isPeriod ? periodTitle(periodView, period.start) : AGENDA_MSG.unrecordedTitle}
      </h2>
      {isPeriod && (
        <AgendaPeriod
          asList={view === 'list'}
          loading={!ready || agenda.isLoading}
          failed={agenda.isError}
          loaded={agenda.isSuccess}
          days={period.days}
          appointments={appointments}
          now={now}
          zone={zone}
          onOpen={onOpen}
          onSlot={setNewAt}
        />
      )}
      {!isPeriod && (
        <UnrecordedList
          appointments={unrecordedShown}
          total={unrecorded.shown.data?.total ?? 0}
          page={unrecorded.page}
          pageSize={unrecorded.shown.data?.pageSize ?? 1}
          failed={unrecorded.shown.isError}
          onPage={unrecorded.setPage}
          now={now}
          zone={zone}
          onOpen={onOpen}
        />
      )}
      {open && (
        <AppointmentDialog
          key={`${open._id}:${open.version}`}
          appointment={open}
          now={now}
          zone={zone}
          onClose={() => setOpenId(null)}
          reload={() => void (isPeriod ? agenda.refetch() : unrecorded.shown.refetch())}
        />
      )}
      {newAt && (
        <NewAppointmentDialog at={newAt} now={now} zone={zone} onClose={() => setNewAt(null)} />
      )}
    </div>
  );
}
