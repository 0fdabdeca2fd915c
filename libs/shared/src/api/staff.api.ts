import type { OwnProfile, ProfileBody, SessionUser } from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

/** The signed-in user's own profile. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useMyProfileQuery, useUpdateMyProfileMutation } = staffApi;
