import type {
  MfaConfirmBody,
  MfaEnrollBody,
  MfaDisableBody,
  MfaLoginBody,
  MfaPolicy,
  MfaPolicyBody,
  MfaResetBody,
  MfaStatus,
} from '@psicocampus/shared/mfa';
import { api } from './api-slice';
import type { LoginResponse, OkResponse } from './auth.api';

/** A new key for an authenticator app: the QR code's content and the key as text. */
export interface MfaEnrolment {
  ok: true;
  secret: string;
  otpauthUrl: string;
}

/** A confirmed enrolment: the recovery codes, and the session when it ended a sign-in. */
export interface MfaConfirmed extends OkResponse {
  recoveryCodes: string[];
  token?: string;
  user?: LoginResponse['user'];
}

/** A sign-in completed with a code; with a recovery code, how many remain. */
export interface MfaLoginResponse extends LoginResponse {
  recoveryCodesLeft?: number;
  notice?: string;
}

/** The second factor's calls (docs/sign-in-and-sessions.md#second-factor). */
export const mfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginWithCode: build.mutation<MfaLoginResponse, MfaLoginBody>({
      query: (body) => ({ url: '/api/auth/login/mfa', method: 'POST', body }),
    }),
    enrollMfa: build.mutation<MfaEnrolment, MfaEnrollBody>({
      query: (body) => ({ url: '/api/auth/mfa/enroll', method: 'POST', body }),
    }),
    confirmMfa: build.mutation<MfaConfirmed, MfaConfirmBody>({
      query: (body) => ({ url: '/api/auth/mfa/confirm', method: 'POST', body }),
      invalidatesTags: [{ type: 'Me', id: 'MFA' }],
    }),
    mfaStatus: build.query<{ ok: true; mfa: MfaStatus }, void>({
      query: () => '/api/auth/mfa',
      providesTags: [{ type: 'Me', id: 'MFA' }],
    }),
    disableMfa: build.mutation<OkResponse, MfaDisableBody>({
      query: (body) => ({ url: '/api/auth/mfa', method: 'DELETE', body }),
      invalidatesTags: [{ type: 'Me', id: 'MFA' }],
    }),
    /** Another account's reset, with the administrator's own proof (password, and code when they have one). */
    resetUserMfa: build.mutation<OkResponse, { id: string } & MfaResetBody>({
      query: ({ id, ...proof }) => ({
        url: `/api/users/${id}/mfa/reset`,
        method: 'POST',
        body: proof,
      }),
      invalidatesTags: ['User'],
    }),
    mfaPolicy: build.query<{ ok: true; policy: MfaPolicy }, void>({
      query: () => '/api/service/mfa',
      providesTags: [{ type: 'User', id: 'MFA_POLICY' }],
    }),
    saveMfaPolicy: build.mutation<OkResponse & { policy: MfaPolicy }, MfaPolicyBody>({
      query: (body) => ({ url: '/api/service/mfa', method: 'PUT', body }),
      invalidatesTags: [{ type: 'User', id: 'MFA_POLICY' }],
    }),
  }),
});

export const {
  useLoginWithCodeMutation,
  useEnrollMfaMutation,
  useConfirmMfaMutation,
  useMfaStatusQuery,
  useDisableMfaMutation,
  useResetUserMfaMutation,
  useMfaPolicyQuery,
  useSaveMfaPolicyMutation,
} = mfaApi;
