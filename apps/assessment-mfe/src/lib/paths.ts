/** Where the shell mounts this remote for psychologists (docs/screens-and-routes.md#routes), and the screens it links to. */
export const DASHBOARD = '/psychologist/dashboard';

/** The student's detail, in the patients remote. */
export const studentDetailPath = (studentId: string) =>
  `${DASHBOARD}/patients/${encodeURIComponent(studentId)}`;

/** The student's evaluations, here. */
export const studentEvaluationsPath = (studentId: string) =>
  `${DASHBOARD}/studenteva/${encodeURIComponent(studentId)}`;
