import { lazy } from 'react';
import { MSG, useStatisticsQuery } from '@psicocampus/shared';
import { RISK_LEVEL_BASIS } from '@psicocampus/shared/clinician-level';
import { Button, LoadingMessage, Notice, PageHeader } from '@psicocampus/shared/ui';
import { AppointmentsPerMonthCard, StatisticsChartCards } from '@psicocampus/shared/statistics';

// nivo comes with this import only: never in a remote's entry, never on another screen (docs/limits-and-budgets.md#speed-and-size-budgets).
const loadCharts = () => import('@psicocampus/shared/charts');
const StatisticsChart = lazy(loadCharts);
const AppointmentsChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.AppointmentsPerMonthChart })),
);

interface Props {
  title: string;
  subtitle: string;
}

/**
 * A statistics screen (docs/screens-and-routes.md#statistics): the counts of
 * the caller's scope, each as a chart and a table, and the appointments per
 * month. The server decides the scope (a psychologist's caseload, or the
 * whole service for an administrator); the two screens differ only in their
 * title. An entry of its own (`@psicocampus/shared/statistics-screen`):
 * the charts it loads take the cards' specs from `@psicocampus/shared/statistics`.
 */
export function StatisticsScreen({ title, subtitle }: Props) {
  const { data, isLoading, isError, refetch } = useStatisticsQuery();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {isLoading && <LoadingMessage text={MSG.statistics.loading} />}
      {isError && (
        <Notice tone="error">
          <p>{MSG.statistics.loadError}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {data && (
        <StatisticsChartCards
          statistics={data.statistics}
          Chart={StatisticsChart}
          riskLevelBasis={RISK_LEVEL_BASIS}
        />
      )}
      <AppointmentsPerMonthCard Chart={AppointmentsChart} />
    </>
  );
}
