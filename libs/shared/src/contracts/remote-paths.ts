import { remoteMount } from '@psicocampus/shared/domain';

/**
 * The screens a remote offers to the others (docs/architecture.md#paths-between-remotes):
 * the route each remote mounts them at, relative to its dashboard, and below
 * the addresses the other remotes link to. The remote's own routes and its
 * callers both read them here, so a renamed path moves every link with it.
 */
export const PUBLIC_ROUTES = {
  patients: {
    list: 'patients',
    student: 'patients/:id',
    safetyPlan: 'patients/:id/safety-plan',
  },
  assessment: {
    studentEvaluations: 'studenteva/:id',
    savedAssessment: 'evaluacion/:id',
  },
} as const;

const withId = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** Where each public screen is, wherever its remote is mounted (remote-descriptors.json). */
export const REMOTE_PATHS = {
  /** 'Mis Pacientes'. */
  patientsList: () => `${remoteMount('patients')}/${PUBLIC_ROUTES.patients.list}`,
  /** The student's detail. */
  studentDetail: (studentId: string) =>
    `${remoteMount('patients')}/${withId(PUBLIC_ROUTES.patients.student, studentId)}`,
  /** The student's safety plan, naming the assessment that asks for it. */
  safetyPlan: (studentId: string, assessmentId: string) =>
    `${remoteMount('patients')}/${withId(PUBLIC_ROUTES.patients.safetyPlan, studentId)}?assessment=${encodeURIComponent(assessmentId)}`,
  /** The student's evaluations, where a new one starts. */
  studentEvaluations: (studentId: string) =>
    `${remoteMount('assessment')}/${withId(PUBLIC_ROUTES.assessment.studentEvaluations, studentId)}`,
  /** One saved assessment on its own screen (docs/columbia-assessment.md#the-saved-assessment). */
  savedAssessment: (assessmentId: string) =>
    `${remoteMount('assessment')}/${withId(PUBLIC_ROUTES.assessment.savedAssessment, assessmentId)}`,
} as const;
