import { lazy } from 'react';
import { PUBLIC_ROUTES, type RemoteModule } from '@psicocampus/shared';

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
  nav: [
    { label: 'Inicio', path: '', icon: 'home', order: 10 },
    { label: 'Mis Pacientes', path: 'patients', icon: 'patients', order: 20 },
    { label: 'Agenda', path: 'agenda', icon: 'agenda', order: 25 },
    { label: 'Historial', path: 'history', icon: 'history', order: 40 },
    { label: 'Estadísticas', path: 'statistics', icon: 'statistics', order: 50 },
    { label: 'Perfil', path: 'profile', icon: 'profile', order: 60 },
    { label: 'Configuración', path: 'configuration', icon: 'settings', order: 70 },
  ],
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
