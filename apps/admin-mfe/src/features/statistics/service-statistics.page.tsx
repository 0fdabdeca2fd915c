import { MSG } from '@psicocampus/shared';
import { StatisticsScreen } from '@psicocampus/shared/statistics-screen';

/** 'static-admin': the whole service's counts, each as a chart and a table (docs/screens-and-routes.md#statistics). */
export default function ServiceStatisticsPage() {
  return (
    <StatisticsScreen
      title={MSG.statistics.serviceTitle}
      subtitle={MSG.statistics.serviceSubtitle}
    />
  );
}
