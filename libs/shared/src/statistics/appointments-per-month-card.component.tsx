import { useMemo, type ComponentType } from 'react';
import { MSG, useAppointmentStatisticsQuery } from '@psicocampus/shared';
import { APPOINTMENT_STATISTICS_MSG } from '@psicocampus/shared/agenda';
import { Button, LoadingMessage, Notice } from '@psicocampus/shared/ui';
import { ChartCard, ChartTableCard } from './chart-card.component';
import { SeriesTable } from './series-table.component';
import { appointmentsChartSpec, type AppointmentsChartProps } from './appointments-chart-spec';
import styles from './statistics.module.css';

interface Props {
  /**
   * Draws the chart: the screen passes nivo's, loaded lazily
   * (`AppointmentsPerMonthChart` of `@psicocampus/shared/charts`).
   */
  Chart: ComponentType<AppointmentsChartProps>;
}

/**
 * 'Citas por mes' of a statistics screen (docs/screens-and-routes.md#statistics): the appointments of the
 * caller's scope (a psychologist's caseload, or the whole service for an
 * administrator) that were attended, missed or cancelled, month by month,
 * as stacked bars and as a table. Follows every change of an appointment
 * without a reload (the query's tag).
 */
export function AppointmentsPerMonthCard({ Chart }: Props) {
  const { data, isLoading, isError, refetch } = useAppointmentStatisticsQuery();
  const spec = useMemo(() => (data ? appointmentsChartSpec(data.months) : null), [data]);
  const T = APPOINTMENT_STATISTICS_MSG;

  if (!spec) {
    return (
      <div className={styles.section}>
        <ChartCard title={T.title} wide>
          {isLoading && <LoadingMessage text={T.loading} />}
          {isError && (
            <Notice tone="error">
              <p>{T.loadError}</p>
              <Button variant="secondary" onClick={() => void refetch()}>
                {MSG.common.retry}
              </Button>
            </Notice>
          )}
        </ChartCard>
      </div>
    );
  }
  const empty = spec.total === 0;
  return (
    <div className={styles.section}>
      <ChartTableCard
        // A fresh card when the first appointment is closed: it measures the chart's box anew.
        key={empty ? 'empty' : 'counts'}
        title={spec.title}
        wide
        empty={empty}
        chart={(width) => ({ height: spec.height, content: <Chart spec={spec} width={width} /> })}
        table={
          <SeriesTable
            caption={spec.title}
            categoryHeader={spec.categoryHeader}
            columns={spec.series}
            rows={spec.rows}
          />
        }
      />
    </div>
  );
}
