import { ResponsiveBar } from '@nivo/bar';
import { slantedLabelsDepth } from '@psicocampus/shared/statistics';
import type { StatisticsChartRow, StatisticsChartSpec } from '@psicocampus/shared/statistics';
import { chartTheme, countTicks, prefersReducedMotion } from './chart-theme';
import { ChartTooltip } from './chart-tooltip.component';

type BarRow = { key: string; label: string; count: number; color: string };

/** Beside a horizontal bar, a long career name is cut (the table and the tooltip have it whole). */
const shorten = (label: string, max: number) =>
  label.length > max ? `${label.slice(0, max - 1)}…` : label;

const toBar = (row: StatisticsChartRow): BarRow => ({
  key: row.key,
  label: row.mark ? `${row.mark} ${row.label}` : row.label,
  count: row.count,
  color: row.color,
});

/**
 * Counts as bars, vertical or horizontal (a long label reads better beside
 * its bar). Each bar's count is written at its end, in the text colour, and
 * its category on the axis (with the level's mark): nothing reads by colour
 * alone.
 */
export function CountBarChart({ spec, width }: { spec: StatisticsChartSpec; width: number }) {
  const horizontal = spec.kind === 'horizontal-bar';
  const maxLabel = width < 480 ? 16 : 28;
  // nivo draws a horizontal chart's first row at the bottom: the largest goes on top.
  const data = (horizontal ? [...spec.chartRows].reverse() : spec.chartRows).map(toBar);
  const labels = new Map(data.map((row) => [row.key, row.label]));
  const ticks = countTicks(Math.max(0, ...data.map((row) => row.count)));
  const highest = ticks[ticks.length - 1] ?? 0;
  const longest = Math.max(0, ...data.map((row) => shorten(row.label, maxLabel).length));
  const categoryAxis = {
    tickSize: 0,
    tickPadding: 8,
    format: (key: string | number) => {
      const label = labels.get(String(key)) ?? String(key);
      return horizontal ? shorten(label, maxLabel) : label;
    },
  };
  const countAxis = { tickSize: 4, tickValues: ticks, format: (value: number) => `${value}` };

  return (
    <ResponsiveBar<BarRow>
      data={data}
      keys={['count']}
      indexBy="key"
      layout={horizontal ? 'horizontal' : 'vertical'}
      valueScale={{ type: 'linear', min: 0, max: Math.max(1, highest) }}
      indexScale={{ type: 'band', round: true }}
      padding={0.3}
      margin={
        horizontal
          ? { top: 8, right: 40, bottom: 36, left: Math.min(220, 16 + longest * 7) }
          : {
              top: 24,
              right: 16,
              bottom: slantedLabelsDepth(spec.chartRows),
              // The first label slants to the left, past the axis.
              left: Math.min(160, Math.max(44, (data[0]?.label.length ?? 0) * 5)),
            }
      }
      colors={(bar) => String(bar.data.color)}
      borderRadius={2}
      enableLabel={false}
      enableTotals
      totalsOffset={8}
      enableGridX={horizontal}
      enableGridY={!horizontal}
      gridXValues={horizontal ? ticks : undefined}
      gridYValues={horizontal ? undefined : ticks}
      axisBottom={horizontal ? countAxis : { ...categoryAxis, tickRotation: -35 }}
      axisLeft={horizontal ? categoryAxis : countAxis}
      theme={chartTheme}
      role="presentation"
      animate={!prefersReducedMotion()}
      tooltip={({ data: row }) => (
        <ChartTooltip label={String(row.label)} count={Number(row.count)} />
      )}
    />
  );
}
