/**
 * The service's calendar for the showcase: days, weekdays and hours as the
 * clock of SERVICE_TIME_ZONE reads them, never the machine's. The showcase
 * books "Monday to Friday, 08:00–16:30" on that clock, so that a server
 * whose machine runs on UTC (or in Tokyo) seeds the same working hours as
 * one in the service's own city (docs/screens-and-routes.md#agenda).
 * Built on Intl only: no Date getter or setter that reads the machine's zone.
 */

/** A calendar date of the service's zone; `month` from 1 to 12. */
export interface CivilDay {
  year: number;
  month: number;
  day: number;
}

export interface ServiceCalendar {
  readonly zone: string;
  /** The day the zone's clock shows at `instant`. */
  dayOf(instant: Date | number): CivilDay;
  /** Minutes since that day's midnight on the zone's clock (0–1439). */
  minuteOf(instant: Date | number): number;
  /** 0 for Sunday to 6 for Saturday. */
  weekday(day: CivilDay): number;
  addDays(day: CivilDay, days: number): CivilDay;
  /** The instant the zone's clock reads `minute` minutes past the midnight of `day`. */
  at(day: CivilDay, minute: number): Date;
}

const MINUTE_MS = 60_000;

interface WallClock extends CivilDay {
  minute: number;
}

function wallClockReader(zone: string): (instant: number) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (instant) => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      minute: parts.hour! * 60 + parts.minute!,
    };
  };
}

/** The calendar of `zone` (an IANA name, as SERVICE_TIME_ZONE is checked to be). */
export function serviceCalendar(zone: string): ServiceCalendar {
  const read = wallClockReader(zone);
  /** How far ahead of UTC the zone's clock is at `instant`, in ms (whole minutes). */
  const offsetAt = (instant: number) => {
    const wall = read(instant);
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minute);
    return asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  };
  return {
    zone,
    dayOf(instant) {
      const { year, month, day } = read(+instant);
      return { year, month, day };
    },
    minuteOf: (instant) => read(+instant).minute,
    weekday: ({ year, month, day }) => new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    addDays({ year, month, day }, days) {
      const moved = new Date(Date.UTC(year, month - 1, day + days));
      return {
        year: moved.getUTCFullYear(),
        month: moved.getUTCMonth() + 1,
        day: moved.getUTCDate(),
      };
    },
    at({ year, month, day }, minute) {
      const asUtc = Date.UTC(year, month - 1, day, 0, minute);
      // The offset of the guess, then of the answer: two reads settle a
      // change of the clock between the two (summer time).
      const first = asUtc - offsetAt(asUtc);
      const second = asUtc - offsetAt(first);
      return new Date(second);
    },
  };
}
