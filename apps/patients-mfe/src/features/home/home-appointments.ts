import { addDays, format, startOfDay } from 'date-fns';
import type { Appointment } from '@psicocampus/shared';
import { inZone } from '../../lib/service-clock';

/** How many rows each list of the home shows; the rest are a link away. */
export const HOME_ROWS = 3;

/** The service's day around `now`, as the agenda call takes it: [its first instant, the next day's). */
export function serviceDay(now: number, zone: string): { from: string; to: string } {
  const start = startOfDay(inZone(now, zone));
  return {
    from: new Date(start.getTime()).toISOString(),
    to: new Date(addDays(start, 1).getTime()).toISOString(),
  };
}

const endOf = (appointment: Appointment) =>
  Date.parse(appointment.date) + appointment.durationMinutes * 60_000;

/**
 * Which of today's appointments (soonest first) the home shows: `rows` of
 * them, from the first that has not ended yet, earlier ones filling the
 * rows when fewer remain; the last ones once the day's are over.
 */
export function todaysRows(
  appointments: readonly Appointment[],
  now: number,
  rows: number = HOME_ROWS,
): Appointment[] {
  const firstOpen = appointments.findIndex((appointment) => endOf(appointment) > now);
  const lastStart = Math.max(0, appointments.length - rows);
  const start = firstOpen === -1 ? lastStart : Math.min(firstOpen, lastStart);
  return appointments.slice(start, start + rows);
}

/** '10:00': when an appointment of today starts, on the service's clock. */
export function timeOfDayIn(date: string, zone: string): string {
  return format(inZone(date, zone), 'HH:mm');
}
