/**
 * The statistics charts, drawn with nivo (PRODUCT §8). A separate entry of
 * the shared library so that nivo loads only where a screen imports this
 * lazily: `lazy(() => import('@psicocampus/shared/charts'))` on a statistics
 * screen, never from the other entries (PRODUCT §12). The default export is
 * the component `StatisticsReport` (in `@psicocampus/shared/ui`) expects.
 */
export { StatisticsChart, StatisticsChart as default } from './statistics-chart.component';
