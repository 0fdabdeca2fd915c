import { ResponsiveBar } from '@nivo/bar';
import { slantedLabelsDepth } from '@psicocampus/shared/statistics';
import {
  APPOINTMENTS_LEGEND_HEIGHT,
  type AppointmentsChartProps,
  type AppointmentsChartRow,
  type ChartedStatus,
} from '@psicocampus/shared/statistics';
import { chartTheme, countTicks, prefersReducedMotion } from './chart-theme';
import { ChartTooltip } from './chart-tooltip.component';
import styles from './charts.module.css';

type MonthBar = { key: string; label: string } & Record<ChartedStatus, number>;

const toBar = ({ key, label, counts }: AppointmentsChartRow): MonthBar => ({
  key,
  label,
  ...counts,
});

/**
 * The appointments of each month as one bar, stacked by how they ended
 * (docs/screens-and-routes.md#statistics), each month's total written above its bar and the key above
 * the chart, in text: the table under it lists the same counts.
 */
export function AppointmentsPerMonthChart({ spec, width }: AppointmentsChartProps) {
  const data = spec.rows.map(toBar);
  const labels = new Map(data.map((row) => [row.key, row.label]));
  const series = new Map(spec.series.map((entry) => [entry.key, entry]));
  const highest = Math.max(
    0,
    ...spec.rows.map((row) => spec.series.reduce((sum, entry) => sum + row.counts[entry.key], 0)),
  );
  const ticks = countTicks(highest);
  const top = ticks[ticks.length - 1] ?? 0;

  return (
    <div style={{ width: '100%', height: spec.height }}>
      <ul className={styles.legend} style={{ minHeight: APPOINTMENTS_LEGEND_HEIGHT }}>
        {spec.series.map((entry) => (
          <li key={entry.key}>
            <span className={styles.swatch} style={{ background: entry.color }} />
            {entry.label}
          </li>
        ))}
      </ul>
      {width > 0 && (
        <div style={{ height: spec.height - APPOINTMENTS_LEGEND_HEIGHT }}>
          <ResponsiveBar<MonthBar>
            data={data}
            keys={spec.series.map((entry) => entry.key)}
            indexBy="key"
            groupMode="stacked"
            valueScale={{ type: 'linear', min: 0, max: Math.max(1, top) }}
            indexScale={{ type: 'band', round: true }}
            padding={0.3}
            margin={{
              top: 24,
              right: 16,
              bottom: slantedLabelsDepth(spec.rows),
              // The first month slants to the left, past the axis.
              left: Math.max(44, (data[0]?.label.length ?? 0) * 5),
            }}
            colors={(bar) => series.get(bar.id as ChartedStatus)?.color ?? '#5f6b76'}
            borderRadius={2}
            enableLabel={false}
            enableTotals
            totalsOffset={8}
            enableGridY
            gridYValues={ticks}
            axisBottom={{
              tickSize: 0,
              tickPadding: 8,
              tickRotation: -35,
              format: (key: string | number) => labels.get(String(key)) ?? String(key),
            }}
            axisLeft={{ tickSize: 4, tickValues: ticks, format: (value: number) => `${value}` }}
            theme={chartTheme}
            role="presentation"
            animate={!prefersReducedMotion()}
            tooltip={({ id, value, data: month }) => (
              <ChartTooltip
                label={`${month.label}, ${series.get(id as ChartedStatus)?.label ?? String(id)}`}
                count={Number(value)}
              />
            )}
          />
        </div>
      )}
    </div>
  );
}
