import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { RemoteModule } from '@psicocampus/shared';

// Every page is its own lazy chunk, so the entry stays small; nivo comes
// only with the statistics page's charts (docs/limits-and-budgets.md#speed-and-size-budgets).
const AdminHomePage = lazy(() => import('./features/home/admin-home.page'));
const ServiceStatisticsPage = lazy(() => import('./features/statistics/service-statistics.page'));
const AdminProfilePage = lazy(() => import('./features/profile/admin-profile.page'));
const ProfilePage = lazy(() => import('./features/profile/profile.page'));
const UsersPage = lazy(() => import('./features/users/users.page'));
const AuditLogPage = lazy(() => import('./features/audit/audit-log.page'));
const MailQueuePage = lazy(() => import('./features/mail/mail-queue.page'));
const ArchivedStudentsPage = lazy(
  () => import('./features/archived-students/archived-students.page'),
);

/** Mounted by the shell at /dashboard. */
const adminRemote: RemoteModule = {
  roles: ['ADMIN'],
  nav: [
    { label: 'Inicio', path: 'home', icon: 'home', order: 10 },
    { label: 'Estadísticas', path: 'static-admin', icon: 'statistics', order: 20 },
    { label: 'Usuarios', path: 'users', icon: 'users', order: 30 },
    { label: 'Archivados', path: 'archived-students', icon: 'patients', order: 35 },
    { label: 'Auditoría', path: 'audit', icon: 'audit', order: 40 },
    { label: 'Correos', path: 'mail', icon: 'mail', order: 45 },
    { label: 'Perfil', path: 'profile', icon: 'profile', order: 50 },
    { label: 'Configuración', path: 'profile-admin', icon: 'settings', order: 60 },
  ],
  routes: [
    { index: true, element: <Navigate to="home" replace /> },
    { path: 'home', element: <AdminHomePage /> },
    { path: 'static-admin', element: <ServiceStatisticsPage /> },
    { path: 'profile-admin', element: <AdminProfilePage /> },
    { path: 'profile', element: <ProfilePage /> },
    { path: 'users', element: <UsersPage /> },
    { path: 'archived-students', element: <ArchivedStudentsPage /> },
    { path: 'audit', element: <AuditLogPage /> },
    { path: 'mail', element: <MailQueuePage /> },
  ],
};

export default adminRemote;
