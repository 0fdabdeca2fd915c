import type { Statistics, StatisticsCount } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';
import type { RiskLevel } from '@psicocampus/shared/columbia';
import { slantedLabelsDepth } from './chart-layout';
import { RISK_LEVEL_MARKS } from '@psicocampus/shared/ui';

/**
 * What the statistics screens draw (docs/screens-and-routes.md#statistics), worked out from one
 * `Statistics` answer: a chart and its table per count, with the labels,
 * colours and marks they share. Plain data, so the table alternative needs
 * no chart library and the chart (nivo, loaded apart) draws exactly what
 * the table lists.
 */

export type StatisticsChartKind = 'pie' | 'bar' | 'horizontal-bar';

export interface StatisticsChartRow {
  key: string;
  label: string;
  count: number;
  /** Fill of the bar or slice. */
  color: string;
  /** A shape beside the label, so a level never reads by colour alone (WCAG 1.4.1). */
  mark?: string;
}

export interface StatisticsChartSpec {
  id: 'gender' | 'risk-level' | 'career' | 'semester' | 'per-month';
  /** The section's heading and the table's caption. */
  title: string;
  kind: StatisticsChartKind;
  /** Header of the table's first column. */
  categoryHeader: string;
  /** Header of the table's count column. */
  countHeader: string;
  /** Every category, zeros included, as the table lists them. */
  rows: StatisticsChartRow[];
  /** What the chart draws: no empty slices, the smallest careers grouped. */
  chartRows: StatisticsChartRow[];
  total: number;
  /** Height of the chart's box, in pixels (responsive charts need a fixed one). */
  height: number;
}

/** The product's primary colour, for charts of a single series. */
export const CHART_PRIMARY = '#1f5f8b';

/**
 * The risk badge's colours (risk-level-badge.module.css), each with a
 * contrast of at least 3:1 on white (WCAG 1.4.11); the marks are the badge's.
 */
export const RISK_LEVEL_CHART_COLORS: Record<RiskLevel | 'SIN_EVALUACION', string> = {
  MUY_ALTO: '#8c1d17',
  ALTO: '#b3261e',
  MODERADO: '#b26a00',
  BAJO: '#2e7d32',
  INDETERMINADO: '#5f6b76',
  NO_APLICA: '#3a4450',
  SIN_EVALUACION: '#8a96a3',
};

const NO_ASSESSMENT_MARK = '○';

/** Distinct hues with no risk meaning (no red, no amber), each 3:1 or more on white. */
const GENDER_COLORS: Record<string, string> = {
  MASCULINO: '#1f5f8b',
  FEMENINO: '#8e3b74',
  OTRO: '#0f7b7b',
};

/**
 * Careers the chart names one by one, as the server does (it sends at most
 * ten and sums the rest as 'Otras carreras'); more, from a server that sent
 * them all, are summed the same way.
 */
export const MAX_CHART_CAREERS = 10;

/** The server's key for 'Otras carreras' (career keys are lower case, so it meets none). */
const OTHER_CAREERS_KEY = 'OTRAS';

const isOtherCareers = (row: { key: string; label: string }) =>
  row.key === OTHER_CAREERS_KEY || row.label === MSG.statistics.otherCareers;

const BAR_HEIGHT = 320;
const ROW_HEIGHT = 34;

/** A vertical bar chart: a plot of about 236 px over its labels. */
const barHeight = (rows: readonly StatisticsChartRow[]) =>
  BAR_HEIGHT - 84 + slantedLabelsDepth(rows);

function total(counts: readonly { count: number }[]): number {
  return counts.reduce((sum, row) => sum + row.count, 0);
}

function plainRows(counts: readonly StatisticsCount[], color = CHART_PRIMARY) {
  return counts.map(({ key, label, count }) => ({ key, label, count, color }));
}

/** From the most to the least severe, then the records that are not estimates, then no assessment. */
const RISK_ORDER: readonly string[] = [
  'MUY_ALTO',
  'ALTO',
  'MODERADO',
  'BAJO',
  'INDETERMINADO',
  'NO_APLICA',
  'SIN_EVALUACION',
];

const riskRank = (key: string) => {
  const rank = RISK_ORDER.indexOf(key);
  return rank === -1 ? RISK_ORDER.length : rank;
};

function riskRows(counts: Statistics['byRiskLevel']): StatisticsChartRow[] {
  const ordered = [...counts].sort((a, b) => riskRank(a.key) - riskRank(b.key));
  return ordered.map(({ key, label, count }) => ({
    key,
    label,
    count,
    color: RISK_LEVEL_CHART_COLORS[key] ?? RISK_LEVEL_CHART_COLORS.SIN_EVALUACION,
    // The marks' own keys, not the engine's list: this entry loads on every
    // page, the Columbia entry only where an assessment is shown.
    mark: Object.hasOwn(RISK_LEVEL_MARKS, key)
      ? RISK_LEVEL_MARKS[key as RiskLevel]
      : NO_ASSESSMENT_MARK,
  }));
}

/** The largest careers one by one, most students first, then 'Otras carreras' (always last). */
function careerChartRows(rows: StatisticsChartRow[]): StatisticsChartRow[] {
  const named = rows
    .filter((row) => !isOtherCareers(row) && row.count > 0)
    .sort((a, b) => b.count - a.count);
  const rest =
    total(named.slice(MAX_CHART_CAREERS)) + total(rows.filter((row) => isOtherCareers(row)));
  const shown = named.slice(0, MAX_CHART_CAREERS);
  if (rest === 0) return shown;
  return [
    ...shown,
    { key: OTHER_CAREERS_KEY, label: MSG.statistics.otherCareers, count: rest, color: '#5f6b76' },
  ];
}

/** The five charts of a statistics screen, in the order they are shown. */
export function statisticsChartSpecs(statistics: Statistics): StatisticsChartSpec[] {
  const S = MSG.statistics;
  const gender = statistics.byGender.map(({ key, label, count }) => ({
    key,
    label,
    count,
    color: GENDER_COLORS[key] ?? CHART_PRIMARY,
  }));
  const risk = riskRows(statistics.byRiskLevel);
  const careers = plainRows(statistics.byCareer);
  const careerChart = careerChartRows(careers);
  const semesters = plainRows(statistics.bySemester);
  const months = plainRows(statistics.assessmentsPerMonth);

  return [
    {
      id: 'gender',
      title: S.byGender,
      kind: 'pie',
      categoryHeader: MSG.students.labels.gender,
      countHeader: S.columnStudents,
      rows: gender,
      chartRows: gender.filter((row) => row.count > 0),
      total: total(gender),
      height: BAR_HEIGHT,
    },
    {
      id: 'risk-level',
      title: S.byRiskLevel,
      kind: 'bar',
      categoryHeader: MSG.assessment.filterLevel,
      countHeader: S.columnStudents,
      rows: risk,
      chartRows: risk,
      total: total(risk),
      height: barHeight(risk),
    },
    {
      id: 'career',
      title: S.byCareer,
      kind: 'horizontal-bar',
      categoryHeader: MSG.students.labels.career,
      countHeader: S.columnStudents,
      rows: careers,
      chartRows: careerChart,
      total: total(careers),
      height: Math.max(160, careerChart.length * ROW_HEIGHT + 60),
    },
    {
      id: 'semester',
      title: S.bySemester,
      kind: 'bar',
      categoryHeader: MSG.students.labels.careerLevel,
      countHeader: S.columnStudents,
      rows: semesters,
      chartRows: semesters,
      total: total(semesters),
      height: barHeight(semesters),
    },
    {
      id: 'per-month',
      title: S.perMonth,
      kind: 'bar',
      categoryHeader: S.columnMonth,
      countHeader: S.columnAssessments,
      rows: months,
      chartRows: months,
      total: total(months),
      height: barHeight(months),
    },
  ];
}

/** Props of the chart component a screen passes to `StatisticsChartCards` (`@psicocampus/shared/charts`). */
export interface StatisticsChartProps {
  spec: StatisticsChartSpec;
}
