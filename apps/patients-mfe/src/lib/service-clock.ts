import { TZDate, tz } from '@date-fns/tz';
import { format, isSameDay } from 'date-fns';
import { validateYupSchema, yupToFormErrors, type FormikErrors } from '@psicocampus/shared/forms';

/*
 * The service's clock is the shared library's (docs/decisions.md#one-clock),
 * the same in every remote; these names stay for the screens that import
 * them from here.
 */
export { BROWSER_TIME_ZONE } from '@psicocampus/shared/domain';
export { useServiceTimeZone } from '@psicocampus/shared';

/** `date` as a clock in `zone` reads it: its getters (getHours, getDate…) are that zone's. */
export function inZone(date: Date | number | string, zone: string): TZDate {
  return new TZDate(new Date(date).getTime(), zone);
}

/** The value a `datetime-local` input holds for `date` in `zone` ('2026-11-21T10:30'). */
export function toZonedInputValue(date: Date | number, zone: string): string {
  return format(inZone(date, zone), "yyyy-MM-dd'T'HH:mm");
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** The instant a `datetime-local` value names in `zone`; an invalid date for anything else. */
export function fromZonedInputValue(value: string, zone: string): Date {
  const parts = INPUT_VALUE.exec(value);
  if (!parts) return new Date(Number.NaN);
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(new TZDate(year, month - 1, day, hour, minute, zone).getTime());
}

/** Whether two instants fall on the same calendar day of `zone`. */
export function isSameDayIn(a: Date | number, b: Date | number, zone: string): boolean {
  return isSameDay(a, b, { in: tz(zone) });
}

/** A datetime-local value as the ISO instant it names in `zone`, or as typed when it names none. */
export function zonedInputToIso(value: string, zone: string): string {
  const at = fromZonedInputValue(value, zone);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** A yup schema (one of libs/shared's), as Formik's `validationSchema` takes it. */
type Schema = Parameters<typeof validateYupSchema>[1];

/**
 * Formik's `validate` for a form whose `date` is a datetime-local value in
 * `zone`: the shared schema sees the instant it names, so "not in the past"
 * is measured as the server will measure it, whatever the browser's zone.
 */
export function validateInZone<Values extends { date: string }>(schema: Schema, zone: string) {
  return (values: Values): Promise<FormikErrors<Values>> =>
    validateYupSchema({ ...values, date: zonedInputToIso(values.date, zone) }, schema).then(
      () => ({}),
      (error: unknown) => yupToFormErrors<Values>(error),
    );
}
