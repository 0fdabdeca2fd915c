import { remoteMount } from '@psicocampus/shared/domain';

/** Where the shell mounts this remote (remote-descriptors.json), and the screens it links to. */
export const DASHBOARD = remoteMount('assessment');

/** The psychologist's students ('Mis Pacientes'), in the patients remote. */
export const patientsListPath = `${remoteMount('patients')}/patients`;

/** The student's detail, in the patients remote, wherever that one is mounted. */
export const studentDetailPath = (studentId: string) =>
  `${remoteMount('patients')}/patients/${encodeURIComponent(studentId)}`;

/** The student's evaluations, here. */
export const studentEvaluationsPath = (studentId: string) =>
  `${DASHBOARD}/studenteva/${encodeURIComponent(studentId)}`;

/** One saved assessment on its own screen, here (docs/columbia-assessment.md#the-saved-assessment). */
export const savedAssessmentPath = (assessmentId: string) =>
  `${DASHBOARD}/evaluacion/${encodeURIComponent(assessmentId)}`;

/**
 * The student's safety plan, in the patients remote (docs/screens-and-routes.md#safety-plan), naming the
 * assessment that asks for it.
 */
export const safetyPlanPath = (studentId: string, assessmentId: string) =>
  `${studentDetailPath(studentId)}/safety-plan?assessment=${encodeURIComponent(assessmentId)}`;
