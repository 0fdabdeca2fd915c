import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  ResetTokenBody,
  SessionUser,
} from '@psicocampus/shared/domain';
import type { MfaLoginStep } from '@psicocampus/shared/mfa';
import { api } from './api-slice';

/** The plain success answer of the API. */
export interface OkResponse {
  ok: true;
  msg: string;
}

export interface LoginResponse extends OkResponse {
  token: string;
  user: SessionUser;
}

export interface ResetTokenCheck {
  ok: true;
  purpose: 'reset' | 'invite';
  email: string;
  firstName: string;
}

/** Sign-in, session and password calls (docs/api.md#sign-in-and-accounts and docs/sign-in-and-sessions.md#sessions). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // An account with a second factor gets a step (a challenge) instead of a session.
    login: build.mutation<LoginResponse | MfaLoginStep, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<OkResponse, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    currentUser: build.query<{ ok: true; user: SessionUser }, void>({
      query: () => '/api/auth/me',
      providesTags: ['Me'],
    }),
    forgotPassword: build.mutation<OkResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    checkResetToken: build.mutation<ResetTokenCheck, ResetTokenBody>({
      query: (body) => ({ url: '/api/auth/reset-password/check', method: 'POST', body }),
    }),
    resetPassword: build.mutation<OkResponse, ResetPasswordBody>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<OkResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/api/auth/password', method: 'PUT', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useCurrentUserQuery,
  useForgotPasswordMutation,
  useCheckResetTokenMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = authApi;
