import {
  APPOINTMENT_STATUS_LABELS,
  MSG,
  type AppointmentsMonth,
  type AppointmentStatus,
} from '@psicocampus/shared/domain';
import { APPOINTMENT_STATISTICS_MSG } from '@psicocampus/shared/agenda';
import { slantedLabelsDepth } from './chart-layout';
import type { SeriesTableRow } from './series-table.component';

/** The ways an appointment ends, the series the section draws, in the agenda's order. */
export const CHARTED_STATUSES = [
  'ATTENDED',
  'NO_SHOW',
  'CANCELLED',
] as const satisfies readonly AppointmentStatus[];
export type ChartedStatus = (typeof CHARTED_STATUSES)[number];

/**
 * A colour each, 3:1 or more on white (WCAG 1.4.11), with no risk meaning
 * (no red, no amber: the levels' colours): the chart's key and the table
 * name them, so no bar reads by colour alone.
 */
export const APPOINTMENT_STATUS_CHART_COLORS: Record<ChartedStatus, string> = {
  ATTENDED: '#1f5f8b',
  NO_SHOW: '#8e3b74',
  CANCELLED: '#5f6b76',
};

export interface AppointmentsChartSeries {
  key: ChartedStatus;
  label: string;
  color: string;
}

export interface AppointmentsChartRow extends SeriesTableRow {
  counts: Record<ChartedStatus, number>;
}

/**
 * What the section draws (docs/screens-and-routes.md#statistics), worked out from one answer: the months
 * as rows, one series per way an appointment ended. Plain data, so the
 * table needs no chart library and the chart (nivo, loaded apart) draws
 * exactly what the table lists.
 */
export interface AppointmentsChartSpec {
  /** The section's heading and the table's caption. */
  title: string;
  categoryHeader: string;
  series: AppointmentsChartSeries[];
  /** Every month, oldest first, zeros included. */
  rows: AppointmentsChartRow[];
  /** Appointments closed in these months: none, and the section says so. */
  total: number;
  /** Height of the chart's box, in pixels (responsive charts need a fixed one). */
  height: number;
}

/** Props of the chart a screen passes to `AppointmentsPerMonthCard` (`@psicocampus/shared/charts`). */
export interface AppointmentsChartProps {
  spec: AppointmentsChartSpec;
  /** The card's measured width (0 until it is laid out). */
  width: number;
}

/** The key above the bars: a line, two on a narrow card. */
export const APPOINTMENTS_LEGEND_HEIGHT = 48;

export function appointmentsChartSpec(months: readonly AppointmentsMonth[]): AppointmentsChartSpec {
  const rows = months.map(({ key, label, counts }) => ({
    key,
    label,
    counts: {
      ATTENDED: counts.ATTENDED,
      NO_SHOW: counts.NO_SHOW,
      CANCELLED: counts.CANCELLED,
    },
  }));
  const total = rows.reduce(
    (sum, row) => sum + CHARTED_STATUSES.reduce((inMonth, key) => inMonth + row.counts[key], 0),
    0,
  );
  return {
    title: APPOINTMENT_STATISTICS_MSG.title,
    categoryHeader: MSG.statistics.columnMonth,
    series: CHARTED_STATUSES.map((key) => ({
      key,
      label: APPOINTMENT_STATUS_LABELS[key],
      color: APPOINTMENT_STATUS_CHART_COLORS[key],
    })),
    rows,
    total,
    // A plot of about 236 px over the slanted months, under the key.
    height: 236 + slantedLabelsDepth(rows) + APPOINTMENTS_LEGEND_HEIGHT,
  };
}
