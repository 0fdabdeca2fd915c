/**
 * The statistics screens' section on appointments (issue 18), shared by the
 * psychologist's and the administrator's screens. An entry of its own, loaded
 * after sign-in with those screens; the chart comes apart, lazily, from
 * `@psicocampus/shared/charts`.
 */
export * from './appointments-chart-spec';
export * from './appointments-per-month-card.component';
