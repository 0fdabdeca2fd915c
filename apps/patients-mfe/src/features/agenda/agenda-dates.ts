import {
  addDays,
  addMinutes,
  format,
  isSameMonth,
  isSameYear,
  startOfDay,
  startOfWeek,
} from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * The agenda's calendar arithmetic. The front end does not know the service's
 * SERVICE_TIME_ZONE yet, so days and hours are the browser's, as everywhere
 * else on the psychologist's screens (the appointment form's datetime-local).
 */

export type AgendaView = 'week' | 'day' | 'list';

/** The working day the week and day grids show: 07:00 to 21:00. */
export const FIRST_HOUR = 7;
export const LAST_HOUR = 21;
export const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

/** The period a view shows around `anchor`: a week from Monday, or one day. */
export function periodOf(view: AgendaView, anchor: Date): { start: Date; end: Date; days: Date[] } {
  const start = view === 'day' ? startOfDay(anchor) : startOfWeek(anchor, { weekStartsOn: 1 });
  const length = view === 'day' ? 1 : 7;
  const days = Array.from({ length }, (_, i) => addDays(start, i));
  return { start, end: addDays(start, length), days };
}

/** The anchor one period before (-1) or after (+1). */
export function shiftPeriod(view: AgendaView, anchor: Date, step: -1 | 1): Date {
  return addDays(anchor, step * (view === 'day' ? 1 : 7));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '24 – 30 de noviembre de 2026', '30 de noviembre – 6 de diciembre de 2026', or 'Martes, 24 de noviembre de 2026'. */
export function periodTitle(view: AgendaView, start: Date): string {
  if (view === 'day')
    return capitalize(format(start, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es }));
  const last = addDays(start, 6);
  const end = format(last, "d 'de' MMMM 'de' yyyy", { locale: es });
  if (isSameMonth(start, last)) return `${format(start, 'd')} – ${end}`;
  if (isSameYear(start, last)) return `${format(start, "d 'de' MMMM", { locale: es })} – ${end}`;
  return `${format(start, "d 'de' MMMM 'de' yyyy", { locale: es })} – ${end}`;
}

/** 'Lunes 24 de noviembre'. */
export function dayName(day: Date): string {
  return capitalize(format(day, "EEEE d 'de' MMMM", { locale: es }));
}

/** 'Lun 24', for the narrow column headings (the full name is the accessible one). */
export function shortDayName(day: Date): string {
  return capitalize(format(day, 'EEE d', { locale: es }));
}

/** '10:00'. */
export function clock(date: Date): string {
  return format(date, 'HH:mm');
}

/** '10:00–10:50': an appointment's start and end. */
export function timeRange(date: Date, durationMinutes: number): string {
  return `${clock(date)}–${clock(addMinutes(date, durationMinutes))}`;
}

/** The instant `hour`:00 of `day`. */
export function atHour(day: Date, hour: number): Date {
  const at = new Date(day);
  at.setHours(hour, 0, 0, 0);
  return at;
}
