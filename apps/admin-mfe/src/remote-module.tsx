import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { declaredMenu, type RemoteModule } from '@psicocampus/shared';

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
  nav: declaredMenu('admin') ?? [],
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
