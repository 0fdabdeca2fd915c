import { lazy } from 'react';
import type { RemoteModule } from '@psicocampus/shared/core';

const LoginPage = lazy(() => import('./features/login/login.page'));
const ResetPasswordPage = lazy(() => import('./features/reset-password/reset-password.page'));
const ConfirmEmailPage = lazy(() => import('./features/confirm-email/confirm-email.page'));

/**
 * Mounted by the shell at the root: /login, the two reset-password views and
 * the page of an e-mail confirmation link.
 */
const authRemote: RemoteModule = {
  roles: [],
  nav: [],
  routes: [
    { path: 'login', element: <LoginPage /> },
    { path: 'reset-password/:token', element: <ResetPasswordPage /> },
    { path: 'reset-password-form', element: <ResetPasswordPage /> },
    { path: 'confirm-email/:token', element: <ConfirmEmailPage /> },
  ],
};

export default authRemote;
