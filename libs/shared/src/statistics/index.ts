/**
 * What the statistics screens show (docs/screens-and-routes.md#statistics),
 * shared by the psychologist's and the administrator's: the cards, their
 * tables and what each chart draws. An entry of its own, loaded with those
 * screens only, never on /login (docs/limits-and-budgets.md#speed-and-size-budgets);
 * the charts come apart, lazily, from `@psicocampus/shared/charts`.
 */
export * from './appointments-chart-spec';
export * from './counts-table.component';
export * from './series-table.component';
export * from './chart-boundary.component';
export { slantedLabelsDepth } from './chart-layout';
export * from './statistics-charts';
export * from './chart-card.component';
export * from './appointments-per-month-card.component';
