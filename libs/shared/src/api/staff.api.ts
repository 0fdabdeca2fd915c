import type {
  OwnProfile,
  Psychologist,
  ProfileBody,
  SessionUser,
} from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

/** Staff members (SEED §7 psychologists) and the signed-in user's own profile. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    psychologist: build.query<{ ok: true; psychologist: Psychologist }, string>({
      query: (id) => `/api/psychologists/${encodeURIComponent(id)}`,
    }),
    /** The signed-in user's own record, with the phone the session does not carry. */
    myProfile: build.query<{ ok: true; profile: OwnProfile }, void>({
      query: () => '/api/auth/profile',
      providesTags: ['Me'],
    }),
    /** A new e-mail waits for confirmation: the answer's `pendingEmail` and `msg` say so. */
    updateMyProfile: build.mutation<
      OkResponse & { user: SessionUser; pendingEmail: string | null },
      ProfileBody
    >({
      query: (body) => ({ url: '/api/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { usePsychologistQuery, useMyProfileQuery, useUpdateMyProfileMutation } = staffApi;
