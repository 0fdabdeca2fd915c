import type { FittedChartProps } from '@psicocampus/shared/statistics';
import { CountBarChart } from './count-bar-chart.component';
import { CountPieChart } from './count-pie-chart.component';

/**
 * The chart of one statistics section, drawn with nivo: a pie or bars, as
 * the card decided for its measured width (`fitChartSpec`). Nothing is
 * drawn until that width is known.
 */
export function StatisticsChart({ spec, width }: FittedChartProps) {
  return (
    <div style={{ width: '100%', height: spec.height }}>
      {width > 0 &&
        (spec.kind === 'pie' ? (
          <CountPieChart spec={spec} />
        ) : (
          <CountBarChart spec={spec} width={width} />
        ))}
    </div>
  );
}
