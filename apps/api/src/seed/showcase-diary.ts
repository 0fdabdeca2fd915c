import { APPOINTMENT_DEFAULT_MINUTES, type AppointmentCanceller } from '@psicocampus/shared/domain';
import type { appointments } from '../db/schema';
import type { Random } from './random';
import type { CivilDay, ServiceCalendar } from './service-calendar';
import { CANCEL_REASONS } from './showcase-vocabulary';

/**
 * A demo psychologist's diary for the showcase: when its sessions fall and
 * how each one ended. Every session starts on a working half hour of the
 * service's clock (Monday to Friday, 08:00 to 16:30, SERVICE_TIME_ZONE),
 * lasts the product's default 50 minutes, and never shares a minute with
 * another session of the same psychologist.
 */

export const WORKDAY_FIRST_MINUTE = 8 * 60;
export const WORKDAY_LAST_MINUTE = 16 * 60 + 30;
const SLOT_MINUTES = 30;
export const SESSION_MINUTES = APPOINTMENT_DEFAULT_MINUTES;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type AppointmentRow = typeof appointments.$inferInsert;
/** How an appointment ended: the status columns of its row. */
export type Outcome = Pick<
  AppointmentRow,
  'status' | 'statusChangedAt' | 'cancelledBy' | 'cancelReason' | 'version'
>;

export interface Diary {
  /** A free working slot starting in [from, to), booked; null when none was found. */
  pastSlot(from: number, to: number): Date | null;
  /** A free working slot of the next three weeks, booked; null when none was found. */
  futureSlot(): Date | null;
  /** Today's free working slots that start more than 15 minutes from now (none on a weekend). */
  freeToday(): Date[];
  /** Books `slot`; false when it would overlap a session already booked. */
  book(slot: Date): boolean;
}

export function createDiary(calendar: ServiceCalendar, random: Random, now: Date): Diary {
  const nowMs = now.getTime();
  const booked = new Set<number>();
  // A 50-minute session holds its half hour and the next one: another start
  // half an hour either side would overlap it.
  const clashes = (slot: Date) =>
    [-SLOT_MINUTES, 0, SLOT_MINUTES].some((offset) =>
      booked.has(slot.getTime() + offset * MINUTE_MS),
    );
  const book = (slot: Date) => {
    if (clashes(slot)) return false;
    booked.add(slot.getTime());
    return true;
  };
  const isWeekend = (day: CivilDay) => calendar.weekday(day) % 6 === 0;
  const toWeekday = (day: CivilDay, step: 1 | -1) => {
    let moved = day;
    while (isWeekend(moved)) moved = calendar.addDays(moved, step);
    return moved;
  };
  const randomMinute = () =>
    WORKDAY_FIRST_MINUTE +
    SLOT_MINUTES * random.int(0, (WORKDAY_LAST_MINUTE - WORKDAY_FIRST_MINUTE) / SLOT_MINUTES);

  return {
    book,
    pastSlot(from, to) {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const day = toWeekday(calendar.dayOf(from + random.next() * (to - from)), -1);
        const slot = calendar.at(day, randomMinute());
        if (slot.getTime() >= from && slot.getTime() < to && book(slot)) return slot;
      }
      return null;
    },
    futureSlot() {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const day = calendar.addDays(calendar.dayOf(now), random.int(1, 21));
        const slot = calendar.at(toWeekday(day, 1), randomMinute());
        if (slot.getTime() > nowMs && book(slot)) return slot;
      }
      return null;
    },
    freeToday() {
      const today = calendar.dayOf(now);
      if (isWeekend(today)) return [];
      const free: Date[] = [];
      for (
        let minute = WORKDAY_FIRST_MINUTE;
        minute <= WORKDAY_LAST_MINUTE;
        minute += SLOT_MINUTES
      ) {
        const slot = calendar.at(today, minute);
        if (slot.getTime() > nowMs + 15 * MINUTE_MS && !clashes(slot)) free.push(slot);
      }
      return free;
    },
  };
}

/** A closed appointment's version: scheduled at 1, raised once by its closing. */
const CLOSED_VERSION = 2;

/** A session that took place, recorded as attended within two hours of its end (never after `now`). */
export function attended(date: Date, now: Date, random: Random): Outcome {
  const end = date.getTime() + SESSION_MINUTES * MINUTE_MS;
  return {
    status: 'ATTENDED',
    statusChangedAt: new Date(Math.min(now.getTime(), end + random.int(5, 120) * MINUTE_MS)),
    cancelledBy: null,
    cancelReason: null,
    version: CLOSED_VERSION,
  };
}

/**
 * A past appointment that did not take place: a no-show recorded after its
 * hour, or a cancellation (mostly by the student) with its reason, made
 * between its booking (`createdAt`, at least an hour before it) and its hour.
 */
export function missed(date: Date, createdAt: Date, now: Date, random: Random): Outcome {
  if (random.chance(0.55)) {
    const end = date.getTime() + SESSION_MINUTES * MINUTE_MS;
    return {
      status: 'NO_SHOW',
      statusChangedAt: new Date(Math.min(now.getTime(), end + random.int(5, 60) * MINUTE_MS)),
      cancelledBy: null,
      cancelReason: null,
      version: CLOSED_VERSION,
    };
  }
  const by: AppointmentCanceller = random.chance(0.7) ? 'STUDENT' : 'SERVICE';
  const notice = (date.getTime() - createdAt.getTime()) * (0.5 + random.next() * 0.4);
  return {
    status: 'CANCELLED',
    statusChangedAt: new Date(Math.floor((createdAt.getTime() + notice) / MINUTE_MS) * MINUTE_MS),
    cancelledBy: by,
    cancelReason: random.pick(CANCEL_REASONS[by]),
    version: CLOSED_VERSION,
  };
}

/** When an appointment at `date` was booked: 1 to 14 days before, never before `earliest`. */
export function bookedAt(date: Date, earliest: number, random: Random): Date {
  return new Date(Math.max(earliest, date.getTime() - random.int(1, 14) * DAY_MS));
}
