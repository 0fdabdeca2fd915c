import { MSG } from '@psicocampus/shared';
import { StatisticsScreen } from '@psicocampus/shared/statistics-screen';

/** 'statistics': the counts of the psychologist's own caseload, each as a chart and a table (docs/screens-and-routes.md#statistics). */
export default function StatisticsPage() {
  return (
    <StatisticsScreen title={MSG.statistics.title} subtitle={MSG.statistics.caseloadSubtitle} />
  );
}
