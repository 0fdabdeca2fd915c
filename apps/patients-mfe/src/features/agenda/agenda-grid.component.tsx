import type { CSSProperties } from 'react';
import type { Appointment } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { VisuallyHidden } from '@psicocampus/shared/ui';
import { isSameDayIn } from '../../lib/service-clock';
import {
  byDay,
  clock,
  dayName,
  FIRST_HOUR,
  HOURS,
  LAST_HOUR,
  shortDayName,
  SLOT_MINUTES,
  SLOT_OFFSETS,
  workingDayStart,
} from './agenda-dates';
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

const HOUR_MS = 3_600_000;
const SLOT_MS = SLOT_MINUTES * 60_000;
const SPAN_MS = (LAST_HOUR - FIRST_HOUR) * HOUR_MS;

/** Where an appointment sits in its day's column (from `dayStart`, its FIRST_HOUR), as percentages of the working day. */
function placement(dayStart: number, appointment: Appointment): CSSProperties {
  const start = new Date(appointment.date).getTime() - dayStart;
  const end = start + appointment.durationMinutes * 60_000;
  // One outside the working day is pinned to its edge rather than hidden.
  const top = Math.min(Math.max(start, 0), SPAN_MS - HOUR_MS / 2);
  const bottom = Math.min(Math.max(end, top + HOUR_MS / 2), SPAN_MS);
  return { top: `${(top / SPAN_MS) * 100}%`, height: `${((bottom - top) / SPAN_MS) * 100}%` };
}

/** Whether a half hour of a day is free: no appointment that still holds it overlaps it. */
function isFree(at: Date, appointments: Appointment[]): boolean {
  const from = at.getTime();
  const to = from + SLOT_MS;
  return !appointments.some((appointment) => {
    if (appointment.status === 'CANCELLED') return false;
    const start = new Date(appointment.date).getTime();
    return start < to && start + appointment.durationMinutes * 60_000 > from;
  });
}

/**
 * The week (7 columns) or day (1 column) grid of the working day. In each
 * column, the free half hours to come and the appointments are buttons, in the
 * order of time, so that the keyboard and a screen reader follow the day.
 */
export function AgendaGrid({ days, appointments, now, zone, onOpen, onSlot }: Props) {
  const perDay = byDay(days, appointments);
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `3rem repeat(${days.length}, minmax(0, 1fr))` }}
    >
      <div className={styles.gutter} aria-hidden="true">
        <div className={styles.columnHead} />
        <div className={styles.hours}>
          {HOURS.map((hour) => (
            <span key={hour} className={styles.hourLabel}>
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
      </div>
      {days.map((day, index) => {
        const isToday = isSameDayIn(day, now, zone);
        const ofDay = perDay[index] ?? [];
        const name = dayName(day);
        // The day's FIRST_HOUR in the zone; its slots follow by the minute
        // (no zone changes its clock during working hours).
        const firstHour = workingDayStart(day, zone).getTime();
        const items = [
          ...SLOT_OFFSETS.map((offset) => ({
            kind: 'slot' as const,
            at: new Date(firstHour + offset * 60_000),
            offset,
          })),
          ...ofDay.map((appointment, position) => ({
            kind: 'appointment' as const,
            position,
            at: new Date(appointment.date),
            appointment,
          })),
        ].sort((a, b) => a.at.getTime() - b.at.getTime());
        return (
          <section
            // By position, not by date or id: a change of week then updates the
            // columns' and the buttons' text in place instead of removing and
            // creating a full week of elements (they hold no state of their own).
            key={index}
            className={`${styles.column} ${isToday ? styles.today : ''}`}
            aria-label={name}
          >
            <h3 className={styles.columnHead}>
              <span aria-hidden="true">{shortDayName(day)}</span>
              <VisuallyHidden>{name}</VisuallyHidden>
              {isToday && <span className={styles.todayMark}> ({AGENDA_MSG.todayMark})</span>}
            </h3>
            <div className={styles.hours}>
              {items.map((item) => {
                if (item.kind === 'appointment') {
                  const { appointment } = item;
                  return (
                    <button
                      key={`appointment-${item.position}`}
                      type="button"
                      className={`${styles.event} ${styles[`event_${appointment.status}`] ?? ''}`}
                      style={placement(firstHour, appointment)}
                      aria-label={appointmentLabel(appointment, zone)}
                      onClick={() => onOpen(appointment)}
                    >
                      <AppointmentSummary appointment={appointment} zone={zone} />
                    </button>
                  );
                }
                const { offset } = item;
                const top = `${(offset / SLOT_OFFSETS.length / SLOT_MINUTES) * 100}%`;
                const height = `${100 / SLOT_OFFSETS.length}%`;
                if (item.at.getTime() < now || !isFree(item.at, ofDay)) {
                  return (
                    <div
                      key={`slot-${offset}`}
                      className={styles.slotPast}
                      style={{ top, height }}
                    />
                  );
                }
                return (
                  <button
                    key={`slot-${offset}`}
                    type="button"
                    className={styles.slot}
                    style={{ top, height }}
                    aria-label={AGENDA_MSG.freeSlot(name, clock(item.at, zone))}
                    onClick={() => onSlot(item.at)}
                  >
                    <span aria-hidden="true" className={styles.slotHint}>
                      +
                    </span>
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
