/**
 * The Columbia assessment (docs/columbia-assessment.md): the scale's items,
 * the form's flow, the risk engine and the assessment's schemas. An entry of
 * its own (`@psicocampus/shared/columbia`), apart from `/domain`, because
 * `/domain` loads on the sign-in page, whose budget (docs/limits-and-budgets.md)
 * has no room for a scale nobody answers there. The server, the form, the
 * reports and the statistics import it by this name.
 */
export * from './risk/risk-engine';
export * from './assessment/assessment';
export * from './assessment/assessment-flow';
export * from './assessment/assessment-contradictions';
export * from './assessment/columbia-scale';
export * from './schemas/assessment.schemas';
