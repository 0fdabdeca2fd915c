import { lazy } from 'react';
import { declaredMenu, PUBLIC_ROUTES, type RemoteModule } from '@psicocampus/shared';

const PsychologistHomePage = lazy(() => import('./features/home/psychologist-home.page'));
const PatientsListPage = lazy(() => import('./features/patients/patients-list.page'));
const StudentDetailPage = lazy(() => import('./features/student-detail/student-detail.page'));
const StudentEditPage = lazy(() => import('./features/student-edit/student-edit.page'));
const SafetyPlanPage = lazy(() => import('./features/safety-plan/safety-plan.page'));
const ProfilePage = lazy(() => import('./features/profile/profile.page'));
const ConfigurationPage = lazy(() => import('./features/profile/configuration.page'));
const HistoryPage = lazy(() => import('./features/appointments/history.page'));
const PendingNotesPage = lazy(() => import('./features/pending-notes/pending-notes.page'));
const FollowUpListPage = lazy(() => import('./features/follow-up/follow-up-list.page'));
const AgendaPage = lazy(() => import('./features/agenda/agenda.page'));
const StatisticsPage = lazy(() => import('./features/statistics/statistics.page'));

/** Mounted by the shell at /psychologist/dashboard. */
const patientsRemote: RemoteModule = {
  roles: ['PSYCHOLOGIST'],
  nav: declaredMenu('patients') ?? [],
  routes: [
    { index: true, element: <PsychologistHomePage /> },
    { path: PUBLIC_ROUTES.patients.list, element: <PatientsListPage /> },
    { path: PUBLIC_ROUTES.patients.student, element: <StudentDetailPage /> },
    { path: 'patients/:id/edit', element: <StudentEditPage /> },
    { path: PUBLIC_ROUTES.patients.safetyPlan, element: <SafetyPlanPage /> },
    { path: 'profile', element: <ProfilePage /> },
    { path: 'configuration', element: <ConfigurationPage /> },
    { path: 'history', element: <HistoryPage /> },
    { path: 'pending-notes', element: <PendingNotesPage /> },
    { path: 'follow-up', element: <FollowUpListPage /> },
    { path: 'agenda', element: <AgendaPage /> },
    { path: 'statistics', element: <StatisticsPage /> },
  ],
};

export default patientsRemote;
