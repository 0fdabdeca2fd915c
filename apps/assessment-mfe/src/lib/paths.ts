import { REMOTE_PATHS } from '@psicocampus/shared';

/*
 * The screens this remote links to, its own and the patients remote's, as
 * the shared contract names them (docs/architecture.md#paths-between-remotes).
 */

/** The psychologist's students ('Mis Pacientes'), in the patients remote. */
export const patientsListPath = REMOTE_PATHS.patientsList();

/** The student's detail, in the patients remote. */
export const studentDetailPath = REMOTE_PATHS.studentDetail;

/** The student's evaluations, here. */
export const studentEvaluationsPath = REMOTE_PATHS.studentEvaluations;

/** One saved assessment on its own screen, here. */
export const savedAssessmentPath = REMOTE_PATHS.savedAssessment;

/** The student's safety plan, in the patients remote, naming the assessment that asks for it. */
export const safetyPlanPath = REMOTE_PATHS.safetyPlan;
