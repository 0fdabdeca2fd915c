import { lazy } from 'react';
import { declaredMenu, PUBLIC_ROUTES, type RemoteModule } from '@psicocampus/shared';

const StudentEvaluationsPage = lazy(
  () => import('./features/evaluations/student-evaluations.page'),
);
const SavedAssessmentPage = lazy(() => import('./features/saved-assessment/saved-assessment.page'));
const ReportsPage = lazy(() => import('./features/reports/reports.page'));

/** Mounted by the shell at /psychologist/dashboard, beside the patients remote. */
const assessmentRemote: RemoteModule = {
  roles: ['PSYCHOLOGIST'],
  nav: declaredMenu('assessment') ?? [],
  routes: [
    { path: PUBLIC_ROUTES.assessment.studentEvaluations, element: <StudentEvaluationsPage /> },
    { path: PUBLIC_ROUTES.assessment.savedAssessment, element: <SavedAssessmentPage /> },
    { path: 'Evaluaciones', element: <ReportsPage /> },
  ],
};

export default assessmentRemote;
