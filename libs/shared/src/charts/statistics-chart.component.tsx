import { useRef } from 'react';
import { useBoxWidth, type StatisticsChartProps } from '@psicocampus/shared/ui';
import { CountBarChart } from './count-bar-chart.component';
import { CountPieChart } from './count-pie-chart.component';

/** Below this width (px) a pie's labels no longer fit beside it: its counts are drawn as bars. */
export const NARROW_CHART = 440;

/** The chart of one statistics section: a pie or bars, drawn with nivo, fitted to its box. */
export function StatisticsChart({ spec }: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useBoxWidth(box);
  const narrow = width < NARROW_CHART;
  return (
    <div ref={box} style={{ width: '100%', height: spec.height }}>
      {width > 0 &&
        (spec.kind === 'pie' && !narrow ? (
          <CountPieChart spec={spec} />
        ) : (
          <CountBarChart
            spec={spec.kind === 'pie' ? { ...spec, kind: 'horizontal-bar' } : spec}
            width={width}
          />
        ))}
    </div>
  );
}
