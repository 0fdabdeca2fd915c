import { useMemo, type ComponentType } from 'react';
import type { Statistics } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';
import { EmptyState } from './empty-state.component';
import { statisticsChartSpecs, type StatisticsChartProps } from './statistics-charts';
import { StatisticsSection } from './statistics-section.component';
import styles from './statistics-report.module.css';

interface Props {
  statistics: Statistics;
  /**
   * The chart: a screen passes `lazy(() => import('@psicocampus/shared/charts'))`,
   * so nivo loads with the statistics screen only (docs/limits-and-budgets.md#speed-and-size-budgets).
   */
  Chart: ComponentType<StatisticsChartProps>;
}

/**
 * The counts of a statistics screen (docs/screens-and-routes.md#statistics), for a psychologist's
 * caseload or the whole service: each with its chart and its table.
 */
export function StatisticsReport({ statistics, Chart }: Props) {
  const specs = useMemo(() => statisticsChartSpecs(statistics), [statistics]);
  if (specs.every((spec) => spec.total === 0)) return <EmptyState text={MSG.statistics.empty} />;
  return (
    <div className={styles.report}>
      {specs.map((spec) => (
        <StatisticsSection key={spec.id} spec={spec} Chart={Chart} />
      ))}
    </div>
  );
}
