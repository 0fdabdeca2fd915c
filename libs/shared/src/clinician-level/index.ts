/**
 * The clinician's level on screen
 * (docs/columbia-assessment.md#clinicians-level): an entry of its own
 * (`@psicocampus/shared/clinician-level-ui`), loaded by the screens that show
 * an assessment's level, never by /login.
 */
export { LevelsSideBySide } from './levels-side-by-side.component';
export { LevelInForce } from './level-in-force.component';
