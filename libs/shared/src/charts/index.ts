/**
 * The statistics charts, drawn with nivo (docs/screens-and-routes.md#statistics). A separate entry of
 * the shared library so that nivo loads only where a screen imports this
 * lazily: `lazy(() => import('@psicocampus/shared/charts'))` on a statistics
 * screen, never from the other entries (docs/limits-and-budgets.md#speed-and-size-budgets). The default export is
 * the component `StatisticsChartCards` (in `@psicocampus/shared/statistics`) expects.
 */
export { StatisticsChart, StatisticsChart as default } from './statistics-chart.component';
export { AppointmentsPerMonthChart } from './appointments-per-month-chart.component';
