import { isStorableText, MSG, type FieldError } from '@psicocampus/shared/domain';
import { HttpError } from './http-error';
import { isUuid } from './ids';
import { parseInstant } from './instant';
import { startOfDayIn, type CalendarDay } from './service-clock';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^\d{1,7}$/;

export type { CalendarDay };

/**
 * Midnight of a calendar day, `plusDays` later, on the service's clock
 * (`timeZone`, docs/decisions.md#one-clock): a day typed in a filter is the
 * day the screens show.
 */
export function startOfDay(day: CalendarDay, timeZone: string, plusDays = 0): Date {
  return startOfDayIn(day, timeZone, plusDays);
}

/**
 * Reads the filters of a list call (`?q=&role=...`) and gathers every
 * problem, so that one 400 names them all (`MSG.api.invalidQuery` with
 * `errors`, like a refused body). An empty value counts as absent: that is
 * what a select's "all" option sends. Parameters a call does not know are
 * ignored, as the other lists of the API do.
 */
export class QueryReader {
  private readonly params: Record<string, unknown>;
  private readonly problems: FieldError[] = [];

  constructor(query: unknown) {
    this.params =
      typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  }

  private refuse(field: string, msg: string = MSG.api.invalidQuery): undefined {
    this.problems.push({ field, msg });
    return undefined;
  }

  /** The raw value, or undefined when absent or empty; a repeated parameter is refused. */
  private value(field: string): string | undefined {
    const raw = this.params[field];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string') return this.refuse(field);
    return raw;
  }

  /** A search text; blank is none. */
  text(field: string, maxLength: number): string | undefined {
    const raw = this.value(field);
    if (raw === undefined) return undefined;
    if (raw.length > maxLength) return this.refuse(field);
    // The database would refuse a NUL in the search's parameter.
    if (!isStorableText(raw)) return this.refuse(field, MSG.validation.invalidCharacters);
    return raw.trim() || undefined;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[]): T | undefined {
    const raw = this.value(field);
    if (raw === undefined) return undefined;
    return (allowed as readonly string[]).includes(raw) ? (raw as T) : this.refuse(field);
  }

  uuid(field: string): string | undefined {
    const raw = this.value(field);
    if (raw === undefined) return undefined;
    return isUuid(raw) ? raw.toLowerCase() : this.refuse(field, MSG.api.invalidId);
  }

  /** An id, or one word standing for something else ('none': the unassigned). */
  uuidOr<W extends string>(field: string, word: W): string | W | undefined {
    return this.value(field) === word ? word : this.uuid(field);
  }

  /** A real calendar day ('2026-02-30' is refused). */
  day(field: string): CalendarDay | undefined {
    const raw = this.value(field);
    if (raw === undefined) return undefined;
    const match = DATE_ONLY.exec(raw);
    if (match) {
      const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
      const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
      if (date.getUTCMonth() === day.month - 1 && date.getUTCDate() === day.day) return day;
    }
    return this.refuse(field, MSG.appointments.dateInvalid);
  }

  /** An ISO 8601 instant with its offset ('2026-11-30T05:00:00Z'). */
  instant(field: string): Date | undefined {
    const raw = this.value(field);
    if (raw === undefined) return undefined;
    return parseInstant(raw) ?? this.refuse(field, MSG.appointments.dateInvalid);
  }

  /** A whole number from `min` to `max`; `msg` is the field's refusal (one that says the bounds). */
  integer(
    field: string,
    min: number,
    max: number,
    fallback: number,
    msg: string = MSG.api.invalidQuery,
  ): number {
    const raw = this.value(field);
    if (raw === undefined) return fallback;
    const value = INTEGER.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) {
      this.refuse(field, msg);
      return fallback;
    }
    return value;
  }

  /** Adds a problem found by comparing fields (a range that ends before it starts). */
  problem(field: string, msg: string = MSG.api.invalidQuery): void {
    this.refuse(field, msg);
  }

  /** Throws the 400 when anything was wrong. */
  done(): void {
    if (this.problems.length) throw new HttpError(400, MSG.api.invalidQuery, this.problems);
  }
}
