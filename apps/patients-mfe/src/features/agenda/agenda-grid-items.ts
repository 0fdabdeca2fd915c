import type { Appointment } from '@psicocampus/shared';
import { instantAtMinute, minuteOfDay, SLOT_MINUTES, SLOT_STARTS } from './agenda-dates';
import { layoutDay, visibleHours, type Placement, type Span } from './agenda-layout';

/**
 * What one column of the week or day grid holds, in the order of time (the
 * order the keyboard and a screen reader follow): the working day's half
 * hours, free ones to come offered for a new appointment, and the
 * appointments at their place (agenda-layout.ts).
 */

export interface GridHours {
  first: number;
  last: number;
}

export interface SlotItem {
  kind: 'slot';
  at: Date;
  /** Minutes past midnight on the service's clock. */
  minute: number;
  /** Still to come and held by no appointment that is not cancelled. */
  bookable: boolean;
}

export interface AppointmentItem {
  kind: 'appointment';
  appointment: Appointment;
  span: Span;
  placement: Placement;
}

export type GridItem = SlotItem | AppointmentItem;

const MINUTE_MS = 60_000;

/** An appointment's minutes on its own day's clock. */
export function spanOf(appointment: Appointment, zone: string): Span {
  const start = minuteOfDay(appointment.date, zone);
  return { start, end: start + appointment.durationMinutes };
}

/** The hours the grid shows for a period whose appointments are `perDay`. */
export function gridHours(perDay: Appointment[][], zone: string): GridHours {
  return visibleHours(perDay.flat().map((appointment) => spanOf(appointment, zone)));
}

/** Whether no appointment that still holds its time overlaps [from, from + SLOT_MINUTES). */
function isFree(from: number, appointments: Appointment[]): boolean {
  const to = from + SLOT_MINUTES * MINUTE_MS;
  return !appointments.some((appointment) => {
    if (appointment.status === 'CANCELLED') return false;
    const start = Date.parse(appointment.date);
    return start < to && start + appointment.durationMinutes * MINUTE_MS > from;
  });
}

/** One day's slots and appointments, by time (a slot before an appointment at the same minute). */
export function dayItems(
  day: Date,
  appointments: Appointment[],
  zone: string,
  now: number,
): GridItem[] {
  const spans = appointments.map((appointment) => spanOf(appointment, zone));
  const placements = layoutDay(spans);
  const slots: SlotItem[] = SLOT_STARTS.map((minute) => {
    const at = instantAtMinute(day, minute, zone);
    return {
      kind: 'slot',
      at,
      minute,
      bookable: at.getTime() >= now && isFree(at.getTime(), appointments),
    };
  });
  const blocks: AppointmentItem[] = appointments.map((appointment, index) => ({
    kind: 'appointment',
    appointment,
    span: spans[index]!,
    placement: placements[index]!,
  }));
  const minute = (item: GridItem) => (item.kind === 'slot' ? item.minute : item.span.start);
  return [...slots, ...blocks].sort(
    (a, b) => minute(a) - minute(b) || (a.kind === b.kind ? 0 : a.kind === 'slot' ? -1 : 1),
  );
}
