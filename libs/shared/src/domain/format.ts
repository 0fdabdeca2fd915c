/**
 * Formatting the screens and the reports share (docs/limits-and-budgets.md#screen-constants: dates in Spanish
 * with year, long month, day, hour and minute).
 */

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

const DATE_TIME = new Intl.DateTimeFormat('es', DATE_TIME_OPTIONS);

const DATE = new Intl.DateTimeFormat('es', { year: 'numeric', month: 'long', day: 'numeric' });

/** '21 de noviembre de 2026, 10:30' */
export function formatDateTime(value: string | Date): string {
  return DATE_TIME.format(typeof value === 'string' ? new Date(value) : value);
}

const DATE_TIME_IN_ZONE = new Map<string, Intl.DateTimeFormat>();

/**
 * '21 de noviembre de 2026, 10:30' as a clock in `timeZone` (an IANA name)
 * reads it, whatever the machine's zone: what the server says about the
 * service's appointments.
 */
export function formatDateTimeIn(value: string | Date, timeZone: string): string {
  let format = DATE_TIME_IN_ZONE.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es', { ...DATE_TIME_OPTIONS, timeZone });
    DATE_TIME_IN_ZONE.set(timeZone, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/** '21 de noviembre de 2026' */
export function formatDate(value: string | Date): string {
  return DATE.format(typeof value === 'string' ? new Date(value) : value);
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
