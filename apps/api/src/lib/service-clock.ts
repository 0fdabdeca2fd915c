/**
 * The server's side of the one clock (docs/decisions.md#one-clock): every
 * date and time it writes for a person is on `config.serviceTimeZone`,
 * never on the clock of the machine it runs on. Text goes through the
 * shared formatters with that zone passed (`formatDateTimeIn`, lint holds
 * it); days and their boundaries through these.
 */

/** A calendar day, as typed: 'YYYY-MM-DD' read into numbers (month 1 to 12). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DAY_PARTS = new Map<string, Intl.DateTimeFormat>();

function dayPartsIn(timeZone: string): Intl.DateTimeFormat {
  let format = DAY_PARTS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    DAY_PARTS.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant`, as numbers. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    dayPartsIn(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD': the day `instant` falls on, on the clock of `timeZone`. */
export function serviceDay(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant` (ms; negative west of Greenwich). */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a calendar day (`plusDays` later) starts on the clock of
 * `timeZone`: its midnight, or its first minute where a change of hour
 * skips midnight.
 */
export function startOfDayIn(day: CalendarDay, timeZone: string, plusDays = 0): Date {
  // Date.UTC carries a day past a month's end into the next month and year.
  const midnight = Date.UTC(day.year, day.month - 1, day.day + plusDays);
  // The zone's offset near that midnight, then at the instant it gives: twice
  // is enough across one change of hour.
  let instant = midnight - offsetAt(new Date(midnight), timeZone);
  instant = midnight - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}
