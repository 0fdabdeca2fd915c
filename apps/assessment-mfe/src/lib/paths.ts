import { remoteMount } from '@psicocampus/shared/domain';

/** Where the shell mounts this remote (remote-descriptors.json), and the screens it links to. */
export const DASHBOARD = remoteMount('assessment');

/** The student's detail, in the patients remote, wherever that one is mounted. */
export const studentDetailPath = (studentId: string) =>
  `${remoteMount('patients')}/patients/${encodeURIComponent(studentId)}`;

/** The student's evaluations, here. */
export const studentEvaluationsPath = (studentId: string) =>
  `${DASHBOARD}/studenteva/${encodeURIComponent(studentId)}`;

/** One saved assessment on its own screen, here (issue 16). */
export const savedAssessmentPath = (assessmentId: string) =>
  `${DASHBOARD}/evaluacion/${encodeURIComponent(assessmentId)}`;
