import { lazy } from 'react';
import { RISK_LEVEL_BASIS } from '@psicocampus/shared/clinician-level';
import { MSG, useStatisticsQuery } from '@psicocampus/shared';
import { Button, LoadingMessage, Notice, PageHeader } from '@psicocampus/shared/ui';
import { AppointmentsPerMonthCard, StatisticsChartCards } from '@psicocampus/shared/statistics';

// nivo comes with this import only: never in the remote's entry, never on another screen (docs/limits-and-budgets.md#speed-and-size-budgets).
const loadCharts = () => import('@psicocampus/shared/charts');
const StatisticsChart = lazy(loadCharts);
const AppointmentsChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.AppointmentsPerMonthChart })),
);

/** 'static-admin': the whole service's counts, each as a chart and a table (docs/screens-and-routes.md#statistics). */
export default function ServiceStatisticsPage() {
  const { data, isLoading, isError, refetch } = useStatisticsQuery();
  return (
    <>
      <PageHeader title={MSG.statistics.serviceTitle} subtitle={MSG.statistics.serviceSubtitle} />
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
