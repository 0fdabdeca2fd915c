import {
  GENDER_LABELS,
  GENDERS,
  MSG,
  SEMESTER_LABELS,
  SEMESTERS,
  type Gender,
  type Semester,
  type StatisticsCount,
} from '@psicocampus/shared/domain';
import { RISK_LEVELS, type RiskLevel } from '@psicocampus/shared/columbia';
import type { CareerCount, KeyCount, LevelCount } from './statistics.queries';

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

const MONTH_LABEL = new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric' });

export interface MonthSlot {
  /** 'YYYY-MM' */
  key: string;
  /** 'nov 2026', as Intl writes it in Spanish. */
  label: string;
}

/**
 * The last 12 calendar months including the current one, oldest first, in
 * the server's time zone, with their boundaries: 13 instants, the start of
 * each month and the end of the current one.
 */
export function lastTwelveMonths(now: Date): { months: MonthSlot[]; bounds: Date[] } {
  const year = now.getFullYear();
  const month = now.getMonth();
  // new Date(y, m, 1) counts in local time and carries over the year.
  const bounds = Array.from({ length: 13 }, (_, i) => new Date(year, month - 11 + i, 1));
  const months = bounds.slice(0, 12).map((start) => ({
    key: `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`,
    label: MONTH_LABEL.format(start),
  }));
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
