import { Suspense, useId, useState, type ComponentType } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { Button } from './button.component';
import { ChartBoundary } from './chart-boundary.component';
import { CountsTable } from './counts-table.component';
import { EmptyState } from './empty-state.component';
import { Notice } from './notice.component';
import { SectionCard } from './section-card.component';
import type { StatisticsChartProps, StatisticsChartSpec } from './statistics-charts';
import styles from './statistics-section.module.css';

interface Props {
  spec: StatisticsChartSpec;
  /** Draws the chart: the screen passes nivo's, loaded lazily (`@psicocampus/shared/charts`). */
  Chart: ComponentType<StatisticsChartProps>;
}

/**
 * One count of a statistics screen (docs/screens-and-routes.md#statistics): its title, the chart, and
 * the same data as a table. The table is always in the page for screen
 * readers; 'Ver como tabla' shows it to everyone (and it shows by itself
 * when the chart cannot be drawn).
 */
export function StatisticsSection({ spec, Chart }: Props) {
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const tableVisible = tableShown || chartFailed;
  const empty = spec.total === 0;

  return (
    <SectionCard
      title={spec.title}
      className={spec.kind === 'horizontal-bar' ? styles.wide : undefined}
      actions={
        !empty && !chartFailed ? (
          <Button
            variant="secondary"
            className={styles.toggle}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? MSG.statistics.hideTable : MSG.statistics.showTable}
          </Button>
        ) : undefined
      }
    >
      {empty ? (
        <EmptyState text={MSG.statistics.empty} />
      ) : (
        <>
          <ChartBoundary
            onError={() => setChartFailed(true)}
            fallback={
              <Notice tone="info" live={false}>
                {MSG.statistics.chartUnavailable}
              </Notice>
            }
          >
            <Suspense
              fallback={
                <div
                  className={styles.placeholder}
                  style={{ height: spec.height }}
                  aria-hidden="true"
                />
              }
            >
              <div
                className={styles.chart}
                style={{ height: spec.height }}
                role="img"
                aria-label={MSG.statistics.chartLabel(spec.title)}
              >
                <Chart spec={spec} />
              </div>
            </Suspense>
          </ChartBoundary>
          <div
            id={tableId}
            className={tableVisible ? styles.table : styles.hiddenTable}
            data-visible={tableVisible}
          >
            <CountsTable
              caption={spec.title}
              categoryHeader={spec.categoryHeader}
              countHeader={spec.countHeader}
              rows={spec.rows}
              total={spec.total}
            />
          </div>
        </>
      )}
    </SectionCard>
  );
}
