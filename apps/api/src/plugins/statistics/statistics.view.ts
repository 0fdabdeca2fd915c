import {
  GENDER_LABELS,
  GENDERS,
  MSG,
  SEMESTER_LABELS,
  SEMESTERS,
  APPOINTMENT_STATUSES,
  type AppointmentsMonth,
  type AppointmentStatus,
  type Gender,
  type Semester,
  type StatisticsCount,
} from '@psicocampus/shared/domain';
import { RISK_LEVELS, type RiskLevel } from '@psicocampus/shared/columbia';
import { startOfDayIn } from '../../lib/service-clock';
import type { CareerCount, KeyCount, LevelCount, MonthStatusCount } from './statistics.queries';

/**
 * Shapes the database's counts into the charts' series (docs/screens-and-routes.md#statistics): every
 * category of an enumeration in its own order, zeros included, each with the
 * Spanish label the screens show. Pure functions.
 */

/** At most this many careers are named; the rest are summed as 'Otras carreras'. */
export const TOP_CAREERS = 10;
/** The key of 'Otras carreras'. Career keys are folded to lower case, so it meets none. */
export const OTHER_CAREERS_KEY = 'OTRAS';
export const NO_ASSESSMENT_KEY = 'SIN_EVALUACION';

function countOf(rows: Array<KeyCount | LevelCount>, key: string | null): number {
  return rows.find((row) => row.key === key)?.count ?? 0;
}

export function toByGender(rows: KeyCount[]): Array<StatisticsCount<Gender>> {
  return GENDERS.map((key) => ({ key, label: GENDER_LABELS[key], count: countOf(rows, key) }));
}

export function toBySemester(rows: KeyCount[]): Array<StatisticsCount<Semester>> {
  return SEMESTERS.map((key) => ({ key, label: SEMESTER_LABELS[key], count: countOf(rows, key) }));
}

/** Every level in RISK_LEVELS order, then the students never assessed (key null in `rows`). */
export function toByRiskLevel(
  rows: LevelCount[],
): Array<StatisticsCount<RiskLevel | typeof NO_ASSESSMENT_KEY>> {
  return [
    ...RISK_LEVELS.map((key) => ({
      key,
      label: MSG.assessment.levels[key],
      count: countOf(rows, key),
    })),
    { key: NO_ASSESSMENT_KEY, label: MSG.statistics.noAssessment, count: countOf(rows, null) },
  ];
}

/** Students whose latest assessment is ALTO or MUY_ALTO. */
export function highRiskOf(rows: LevelCount[]): number {
  return countOf(rows, 'ALTO') + countOf(rows, 'MUY_ALTO');
}

/** `rows` come most frequent first, then by name (the query orders them). */
export function toByCareer(rows: CareerCount[]): StatisticsCount[] {
  const named = rows.slice(0, TOP_CAREERS).map(({ key, label, count }) => ({ key, label, count }));
  if (rows.length <= TOP_CAREERS) return named;
  const rest = rows.slice(TOP_CAREERS).reduce((sum, row) => sum + row.count, 0);
  return [...named, { key: OTHER_CAREERS_KEY, label: MSG.statistics.otherCareers, count: rest }];
}

export interface MonthSlot {
  /** 'YYYY-MM' */
  key: string;
  /** 'nov 2026', as Intl writes it in Spanish. */
  label: string;
}

/**
 * The last 12 calendar months including the current one, oldest first, on
 * the service's clock (`timeZone`, docs/decisions.md#one-clock), with their
 * boundaries: 13 instants, the start of each month and the end of the
 * current one.
 */
export function lastTwelveMonths(
  now: Date,
  timeZone: string,
): { months: MonthSlot[]; bounds: Date[] } {
  const { months, first } = monthsUpTo(now, timeZone, 12);
  const [year, month] = first.split('-').map(Number) as [number, number];
  const bounds = Array.from({ length: 13 }, (_, i) =>
    startOfDayIn({ year, month: month + i, day: 1 }, timeZone),
  );
  return { months, bounds };
}

/** The count of each month; bucket i + 1 is months[i]. */
export function toPerMonth(
  months: MonthSlot[],
  buckets: Array<{ bucket: number; count: number }>,
): StatisticsCount[] {
  return months.map((month, index) => ({
    ...month,
    count: buckets.find((row) => row.bucket === index + 1)?.count ?? 0,
  }));
}

/** How many months back the appointments' statistics reach at most, and by default. */
export const APPOINTMENT_MONTHS_MAX = 36;
export const APPOINTMENT_MONTHS_DEFAULT = 12;

// Each month is written from its first day at noon UTC: the same calendar month in any zone.
const UTC_MONTH_LABEL = new Intl.DateTimeFormat('es', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The `count` calendar months up to the current one in `timeZone`, oldest
 * first ('YYYY-MM' and their label), and the first day of the oldest and of
 * the month after the current one ('YYYY-MM-01'), the wall-clock range the
 * database counts in.
 */
export function monthsUpTo(
  now: Date,
  timeZone: string,
  count: number,
): { months: MonthSlot[]; first: string; end: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')!.value);
  const month = Number(parts.find((part) => part.type === 'month')!.value);
  const slots = Array.from({ length: count + 1 }, (_, index) => {
    // Date.UTC carries a month below 1 or above 12 into the year.
    const start = new Date(Date.UTC(year, month - count + index, 1, 12));
    return {
      key: monthKey(start.getUTCFullYear(), start.getUTCMonth() + 1),
      label: UTC_MONTH_LABEL.format(start),
    };
  });
  return {
    months: slots.slice(0, count),
    first: `${slots[0]!.key}-01`,
    end: `${slots.at(-1)!.key}-01`,
  };
}

const isStatus = (status: string): status is AppointmentStatus =>
  (APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** Every month of `months`, zeros included, with the count of each status. */
export function toAppointmentsPerMonth(
  months: MonthSlot[],
  rows: MonthStatusCount[],
): AppointmentsMonth[] {
  return months.map((slot) => {
    const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as Record<
      AppointmentStatus,
      number
    >;
    for (const row of rows) {
      if (row.month === slot.key && isStatus(row.status)) counts[row.status] += row.count;
    }
    return { ...slot, counts };
  });
}
