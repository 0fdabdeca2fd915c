import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { Button } from '@psicocampus/shared/ui';
import type { AgendaView, PeriodView } from './agenda-dates';
import styles from './agenda.module.css';

const VIEWS: ReadonlyArray<{ view: AgendaView; label: string }> = [
  { view: 'week', label: AGENDA_MSG.week },
  { view: 'day', label: AGENDA_MSG.day },
  { view: 'list', label: AGENDA_MSG.list },
  { view: 'unrecorded', label: AGENDA_MSG.unrecordedView },
];

interface Props {
  view: AgendaView;
  onView: (view: AgendaView) => void;
  /** The period's view, whose previous and next the arrows ask for. */
  periodView: PeriodView;
  onShift: (step: -1 | 1) => void;
  onToday: () => void;
  /** How many appointments wait to be recorded: shown on their view's button when some do. */
  unrecorded: number;
}

/** The period's arrows (not for the appointments still to record) and the views. */
export function AgendaToolbar({ view, onView, periodView, onShift, onToday, unrecorded }: Props) {
  const isDay = periodView === 'day';
  return (
    <div className={styles.toolbar}>
      {view !== 'unrecorded' && (
        <div className={styles.nav}>
          <Button variant="secondary" onClick={() => onShift(-1)}>
            <span aria-hidden="true">‹</span>{' '}
            {isDay ? AGENDA_MSG.previousDay : AGENDA_MSG.previousWeek}
          </Button>
          <Button variant="secondary" onClick={onToday}>
            {AGENDA_MSG.today}
          </Button>
          <Button variant="secondary" onClick={() => onShift(1)}>
            {isDay ? AGENDA_MSG.nextDay : AGENDA_MSG.nextWeek} <span aria-hidden="true">›</span>
          </Button>
        </div>
      )}
      <div className={styles.views} role="group" aria-label={AGENDA_MSG.views}>
        {VIEWS.map((item) => (
          <Button
            key={item.view}
            variant={view === item.view ? 'primary' : 'secondary'}
            aria-pressed={view === item.view}
            onClick={() => onView(item.view)}
          >
            {item.label}
            {item.view === 'unrecorded' && unrecorded > 0 && (
              <span className={styles.viewCount}> ({unrecorded})</span>
            )}
          </Button>
        ))}
      </div>
    </div>
  );
}
