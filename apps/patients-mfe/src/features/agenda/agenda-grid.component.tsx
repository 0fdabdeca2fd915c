import { useMemo, type CSSProperties } from 'react';
import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { VisuallyHidden } from '@psicocampus/shared/ui';
import { isSameDayIn } from '../../lib/service-clock';
import {
  byDay,
  clock,
  dayName,
  FIRST_HOUR,
  LAST_HOUR,
  shortDayName,
  SLOT_MINUTES,
} from './agenda-dates';
import {
  dayItems,
  gridHours,
  type AppointmentItem,
  type GridHours,
  type SlotItem,
} from './agenda-grid-items';
import { agendaStatusOf } from './agenda-status';
import { AppointmentSummary, appointmentLabel } from './appointment-summary.component';
import styles from './agenda.module.css';

interface Props {
  days: Date[];
  appointments: Appointment[];
  now: number;
  /** The service's zone, the days' and hours' (lib/service-clock). */
  zone: string;
  onOpen: (appointment: Appointment) => void;
  onSlot: (at: Date) => void;
}

/** A share of the hours shown, as a percentage of the column's height. */
const share = (minutes: number, hours: GridHours) =>
  `${(minutes / ((hours.last - hours.first) * 60)) * 100}%`;

/** Where a block sits: its true start and length, and its columns among those it overlaps. */
function blockPlace({ span, placement }: AppointmentItem, hours: GridHours): CSSProperties {
  const end = Math.min(span.end, hours.last * 60);
  return {
    '--top': share(span.start - hours.first * 60, hours),
    '--height': share(end - span.start, hours),
    '--left': `${(placement.column / placement.columns) * 100}%`,
    '--width': `${(placement.span / placement.columns) * 100}%`,
  } as CSSProperties;
}

/** The hours before and after the working day that the grid shows for appointments booked there. */
function OffHours({ hours }: { hours: GridHours }) {
  const bands = [
    { from: hours.first, to: FIRST_HOUR },
    { from: LAST_HOUR, to: hours.last },
  ].filter((band) => band.to > band.from);
  return bands.map((band) => (
    <div
      key={band.from}
      className={styles.offHours}
      style={{
        top: share((band.from - hours.first) * 60, hours),
        height: share((band.to - band.from) * 60, hours),
      }}
      aria-hidden="true"
    />
  ));
}

function AppointmentBlock(props: {
  item: AppointmentItem;
  hours: GridHours;
  zone: string;
  now: number;
  onOpen: (appointment: Appointment) => void;
}) {
  const { item, hours, zone, now, onOpen } = props;
  const { appointment } = item;
  const label = appointmentLabel(appointment, zone, now);
  return (
    <button
      type="button"
      className={`${styles.event} ${styles[`event_${agendaStatusOf(appointment, now)}`] ?? ''}`}
      style={blockPlace(item, hours)}
      aria-label={label}
      // Its whole text on hover when the block is too small to show it.
      title={label}
      onClick={() => onOpen(appointment)}
    >
      <AppointmentSummary appointment={appointment} zone={zone} now={now} />
    </button>
  );
}

function Slot(props: {
  item: SlotItem;
  hours: GridHours;
  dayLabel: string;
  zone: string;
  onSlot: (at: Date) => void;
}) {
  const { item, hours, dayLabel, zone, onSlot } = props;
  const place = {
    top: share(item.minute - hours.first * 60, hours),
    height: share(SLOT_MINUTES, hours),
  };
  if (!item.bookable) return <div className={styles.slotPast} style={place} />;
  return (
    <button
      type="button"
      className={styles.slot}
      style={place}
      aria-label={AGENDA_MSG.freeSlot(dayLabel, clock(item.at, zone))}
      onClick={() => onSlot(item.at)}
    >
      <span aria-hidden="true" className={styles.slotHint}>
        +
      </span>
    </button>
  );
}

function DayColumn(props: {
  day: Date;
  appointments: Appointment[];
  hours: GridHours;
  now: number;
  zone: string;
  onOpen: (appointment: Appointment) => void;
  onSlot: (at: Date) => void;
}) {
  const { day, appointments, hours, now, zone, onOpen, onSlot } = props;
  const isToday = isSameDayIn(day, now, zone);
  const name = dayName(day);
  const items = useMemo(
    () => dayItems(day, appointments, zone, now),
    [day, appointments, zone, now],
  );
  return (
    <section className={`${styles.column} ${isToday ? styles.today : ''}`} aria-label={name}>
      <h3 className={styles.columnHead}>
        <span aria-hidden="true">{shortDayName(day)}</span>
        <VisuallyHidden>{name}</VisuallyHidden>
        {isToday && <span className={styles.todayMark}> ({AGENDA_MSG.todayMark})</span>}
      </h3>
      <div className={styles.hours}>
        <OffHours hours={hours} />
        {items.map((item, position) =>
          item.kind === 'appointment' ? (
            <AppointmentBlock
              // By position, not by id: a change of week updates the buttons in
              // place instead of removing and creating a week of elements.
              key={`appointment-${position}`}
              item={item}
              hours={hours}
              zone={zone}
              now={now}
              onOpen={onOpen}
            />
          ) : (
            <Slot
              key={`slot-${item.minute}`}
              item={item}
              hours={hours}
              dayLabel={name}
              zone={zone}
              onSlot={onSlot}
            />
          ),
        )}
      </div>
    </section>
  );
}

/**
 * The week (7 columns) or day (1 column) grid. Every appointment is drawn
 * at its true start and length on the service's clock; the hours shown are
 * the working day, grown to hold the period's earliest and latest ones;
 * appointments that overlap stand side by side (agenda-layout.ts). In each
 * column the free half hours to come and the appointments are buttons, in
 * the order of time. On a narrow screen the week scrolls sideways within
 * its frame, the hours staying in sight (docs/screens-and-routes.md#agenda).
 */
export function AgendaGrid({ days, appointments, now, zone, onOpen, onSlot }: Props) {
  const perDay = useMemo(() => byDay(days, appointments), [days, appointments]);
  const hours = useMemo(() => gridHours(perDay, zone), [perDay, zone]);
  const hourLabels = Array.from({ length: hours.last - hours.first }, (_, i) => hours.first + i);
  return (
    <div className={styles.gridFrame}>
      <div
        className={`${styles.grid} ${days.length > 1 ? styles.week : ''}`}
        style={
          {
            gridTemplateColumns: `3rem repeat(${days.length}, minmax(0, 1fr))`,
            '--agenda-hours': hours.last - hours.first,
          } as CSSProperties
        }
      >
        <div className={styles.gutter} aria-hidden="true">
          <div className={styles.columnHead} />
          <div className={styles.hours}>
            {hourLabels.map((hour) => (
              <span
                key={hour}
                className={`${styles.hourLabel} ${hour < FIRST_HOUR || hour >= LAST_HOUR ? styles.hourLabelOff : ''}`}
              >
                {String(hour).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        {days.map((day, index) => (
          <DayColumn
            // By position, not by date: a change of week updates the columns in place.
            key={index}
            day={day}
            appointments={perDay[index] ?? []}
            hours={hours}
            now={now}
            zone={zone}
            onOpen={onOpen}
            onSlot={onSlot}
          />
        ))}
      </div>
    </div>
  );
}
