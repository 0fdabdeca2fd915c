import { tz } from '@date-fns/tz';
import { addDays, format, isSameMonth, isSameYear, startOfDay, startOfWeek } from 'date-fns';
import { es } from 'date-fns/locale';
import type { Appointment } from '@psicocampus/shared';

/**
 * The agenda's calendar arithmetic, in the service's zone (SERVICE_TIME_ZONE,
 * see lib/service-clock): its days start at that zone's midnight and its
 * hours are that zone's, whatever the browser's. The days a period holds
 * are TZDates, so their getters and `format` read that zone's clock.
 */

export type { AgendaView } from '../../lib/agenda-address';
/** The views that show a period (a week, or a day). */
export type PeriodView = 'week' | 'day';

/**
 * The working day the week and day grids show, 07:00 to 21:00, and where
 * they offer free slots; an appointment outside it grows the hours shown
 * (agenda-layout.ts).
 */
export const FIRST_HOUR = 7;
export const LAST_HOUR = 21;

/** A free slot of the grid: half an hour, the shortest step a session is booked at. */
export const SLOT_MINUTES = 30;
/** The free slots' starts, in minutes past midnight: every half hour of the working day. */
export const SLOT_STARTS = Array.from(
  { length: ((LAST_HOUR - FIRST_HOUR) * 60) / SLOT_MINUTES },
  (_, i) => FIRST_HOUR * 60 + i * SLOT_MINUTES,
);

/** The period a view shows around `anchor`: a week from Monday, or one day, in `zone`. */
export function periodOf(
  view: PeriodView,
  anchor: Date | number,
  zone: string,
): { start: Date; end: Date; days: Date[] } {
  const start =
    view === 'day'
      ? startOfDay(anchor, { in: tz(zone) })
      : startOfWeek(anchor, { weekStartsOn: 1, in: tz(zone) });
  const length = view === 'day' ? 1 : 7;
  const days = Array.from({ length }, (_, i) => addDays(start, i));
  return { start, end: addDays(start, length), days };
}

/** The anchor one period before (-1) or after (+1). */
export function shiftPeriod(view: PeriodView, anchor: Date, step: -1 | 1): Date {
  return addDays(anchor, step * (view === 'day' ? 1 : 7));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * '24 – 30 de noviembre de 2026', '30 de noviembre – 6 de diciembre de 2026',
 * or 'Martes, 24 de noviembre de 2026', for a `start` of `periodOf`.
 */
export function periodTitle(view: PeriodView, start: Date): string {
  if (view === 'day')
    return capitalize(format(start, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es }));
  const last = addDays(start, 6);
  const end = format(last, "d 'de' MMMM 'de' yyyy", { locale: es });
  if (isSameMonth(start, last)) return `${format(start, 'd')} – ${end}`;
  if (isSameYear(start, last)) return `${format(start, "d 'de' MMMM", { locale: es })} – ${end}`;
  return `${format(start, "d 'de' MMMM 'de' yyyy", { locale: es })} – ${end}`;
}

/** 'Lunes 24 de noviembre', for one of a period's days. */
export function dayName(day: Date): string {
  return capitalize(format(day, "EEEE d 'de' MMMM", { locale: es }));
}

/** 'Lun 24', for the narrow column headings (the full name is the accessible one). */
export function shortDayName(day: Date): string {
  return capitalize(format(day, 'EEE d', { locale: es }));
}

const CLOCKS = new Map<string, Intl.DateTimeFormat>();

/**
 * '10:00' in `zone`. One Intl formatter per zone, not a TZDate per call: a
 * week of a full caseload asks this a thousand times per change of week,
 * and a TZDate measures its zone's offset anew in each of its getters.
 */
export function clock(date: Date | number | string, zone: string): string {
  let format = CLOCKS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('es', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    CLOCKS.set(zone, format);
  }
  return format.format(new Date(date));
}

/** '10:00–10:50': an appointment's start and end in `zone`. */
export function timeRange(date: Date | string, durationMinutes: number, zone: string): string {
  const start = new Date(date).getTime();
  return `${clock(start, zone)}–${clock(start + durationMinutes * 60_000, zone)}`;
}

const RANGES = new WeakMap<Appointment, { zone: string; range: string }>();

/**
 * An appointment's `timeRange`, worked out once per appointment as the
 * agenda's cache holds it: a week seen again costs no formatting.
 */
export function appointmentTimeRange(appointment: Appointment, zone: string): string {
  const known = RANGES.get(appointment);
  if (known?.zone === zone) return known.range;
  const range = timeRange(appointment.date, appointment.durationMinutes, zone);
  RANGES.set(appointment, { zone, range });
  return range;
}

/**
 * The period's appointments by day: `days` are a period's (the starts of
 * its days in the zone), so each appointment falls in the day whose start
 * is the last one before it — seven instants compared, no zone arithmetic.
 */
export function byDay(days: Date[], appointments: Appointment[]): Appointment[][] {
  const starts = days.map((day) => day.getTime());
  const end = days.length ? addDays(days[days.length - 1]!, 1).getTime() : 0;
  const groups: Appointment[][] = days.map(() => []);
  for (const appointment of appointments) {
    const at = Date.parse(appointment.date);
    if (at < (starts[0] ?? 0) || at >= end) continue;
    let index = starts.length - 1;
    while (index > 0 && at < starts[index]!) index -= 1;
    groups[index]!.push(appointment);
  }
  return groups;
}

const WALL_CLOCKS = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes past midnight on `zone`'s clock at `date` (10:30 is 630): where
 * the grids draw it. One Intl formatter per zone, as `clock`.
 */
export function minuteOfDay(date: Date | number | string, zone: string): number {
  let format = WALL_CLOCKS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    WALL_CLOCKS.set(zone, format);
  }
  let minutes = 0;
  for (const part of format.formatToParts(new Date(date))) {
    if (part.type === 'hour') minutes += Number(part.value) * 60;
    if (part.type === 'minute') minutes += Number(part.value);
  }
  return minutes;
}

/**
 * The instant `zone`'s clock reads `minute` minutes past the midnight that
 * starts `day` (one of a period's days). Counted from that midnight, then
 * set right once by the clock's reading, for a day whose clock changes.
 */
export function instantAtMinute(day: Date, minute: number, zone: string): Date {
  const guess = day.getTime() + minute * 60_000;
  const drift = minute - minuteOfDay(guess, zone);
  return new Date(guess + drift * 60_000);
}
