import { lazy } from 'react';
import type { RemoteModule } from '@psicocampus/shared/core';

const LoginPage = lazy(() => import('./features/login/login.page'));
const ResetPasswordPage = lazy(() => import('./features/reset-password/reset-password.page'));

/** Mounted by the shell at the root: /login and the two reset-password views. */
const authRemote: RemoteModule = {
  roles: [],
  nav: [],
  routes: [
    { path: 'login', element: <LoginPage /> },
    { path: 'reset-password/:token', element: <ResetPasswordPage /> },
    { path: 'reset-password-form', element: <ResetPasswordPage /> },
  ],
};

export default authRemote;
