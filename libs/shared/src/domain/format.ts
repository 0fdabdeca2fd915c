import { serviceTimeZone } from './service-clock';

/**
 * Formatting the screens and the reports share (docs/limits-and-budgets.md#screen-constants: dates in Spanish
 * with year, long month, day, hour and minute), on one clock: the service's
 * (docs/decisions.md#one-clock). A browser formats on the zone
 * `GET /api/service` said (service-clock.ts); the server always passes
 * `config.serviceTimeZone`.
 */

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** '30 nov 2026, 10:30': for rows that must fit a narrow card (docs/limits-and-budgets.md#screen-constants). */
const SHORT_DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const OPTIONS = {
  dateTime: DATE_TIME_OPTIONS,
  date: DATE_OPTIONS,
  shortDateTime: SHORT_DATE_TIME_OPTIONS,
} as const;

/** Intl's formatters are costly to make: one per kind and zone, made once. */
const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatOn(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es', { ...OPTIONS[kind], timeZone });
    FORMATS.set(key, format);
  }
  return format;
}

const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/**
 * '21 de noviembre de 2026 a las 10:30' on the service's clock, or on the
 * clock of `timeZone` (an IANA name) when one is given.
 */
export function formatDateTime(value: string | Date, timeZone: string = serviceTimeZone()): string {
  return formatOn('dateTime', timeZone).format(asDate(value));
}

/** formatDateTime with its zone required: what the server's code calls. */
export function formatDateTimeIn(value: string | Date, timeZone: string): string {
  return formatDateTime(value, timeZone);
}

/**
 * '30 nov 2026, 10:30' on the service's clock (or `timeZone`'s): the short
 * form, only where a row must fit a narrow card (the psychologist's home);
 * full dates everywhere else.
 */
export function formatShortDateTime(
  value: string | Date,
  timeZone: string = serviceTimeZone(),
): string {
  return formatOn('shortDateTime', timeZone).format(asDate(value));
}

/** '21 de noviembre de 2026': the day an instant falls on, on the service's clock (or `timeZone`'s). */
export function formatDate(value: string | Date, timeZone: string = serviceTimeZone()): string {
  return formatOn('date', timeZone).format(asDate(value));
}

/**
 * A calendar day, as typed ('2026-03-05', no time and no zone): the same
 * '5 de marzo de 2026' on every clock.
 */
export function formatDay(day: string): string {
  const midnight = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(midnight.getTime()) ? day : formatOn('date', 'UTC').format(midnight);
}

/**
 * The locale money is shown in: the service's own (docs/decisions.md#money). A
 * service elsewhere changes this one constant; the currency stays USD.
 */
export const MONEY_LOCALE = 'es-EC';
export const MONEY_CURRENCY = 'USD';

const MONEY = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: MONEY_CURRENCY });

/** Any amount of money: '$600,00' in es-EC. */
export function formatMoney(value: number): string {
  return MONEY.format(value);
}

/** A student's income ('$450,00'), or null when there is none. */
export function formatIncome(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatMoney(value);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** 'MJ' for María José Castillo: first letter of the first name and of the last name. */
export function initials(person: { firstName: string; lastName: string }): string {
  const first = person.firstName.trim().charAt(0);
  const last = person.lastName.trim().charAt(0);
  return `${first}${last}`.toLocaleUpperCase('es');
}

/** Lower case without accents, for searching 'jose' and finding 'José' (docs/screens-and-routes.md#patients-list and docs/import-and-reports.md#import). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}
