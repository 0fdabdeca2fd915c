import { ResponsivePie } from '@nivo/pie';
import type { StatisticsChartSpec } from '@psicocampus/shared/statistics';
import { chartTheme, prefersReducedMotion } from './chart-theme';
import { ChartTooltip } from './chart-tooltip.component';

type Slice = { id: string; label: string; value: number; color: string };

/**
 * Shares as a pie: each slice is named, with its count, by a line outside
 * it (in the text colour), so no slice reads by colour alone.
 */
export function CountPieChart({ spec }: { spec: StatisticsChartSpec }) {
  const data: Slice[] = spec.chartRows.map((row) => ({
    id: row.key,
    label: row.label,
    value: row.count,
    color: row.color,
  }));
  return (
    <ResponsivePie<Slice>
      data={data}
      margin={{ top: 32, right: 96, bottom: 32, left: 96 }}
      innerRadius={0.45}
      padAngle={1}
      cornerRadius={2}
      colors={(slice) => slice.data.color}
      borderWidth={2}
      borderColor="#ffffff"
      enableArcLabels={false}
      arcLinkLabel={(slice) => `${slice.data.label}: ${slice.data.value.toLocaleString('es')}`}
      arcLinkLabelsTextColor="#1b2530"
      arcLinkLabelsColor={{ from: 'color' }}
      arcLinkLabelsThickness={2}
      arcLinkLabelsSkipAngle={0}
      theme={chartTheme}
      role="presentation"
      animate={!prefersReducedMotion()}
      tooltip={({ datum }) => <ChartTooltip label={datum.data.label} count={datum.data.value} />}
    />
  );
}
