import type { EmailChangeTokenBody } from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

export interface EmailChangeCheck {
  ok: true;
  newEmail: string;
  firstName: string;
}

/**
 * The page of an e-mail confirmation link (docs/decisions.md#e-mail-changes-and-assignments): the link is checked
 * when the page opens, and confirmed only when the person presses the button.
 */
export const emailChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEmailChange: build.mutation<EmailChangeCheck, EmailChangeTokenBody>({
      query: (body) => ({ url: '/api/auth/email-change/check', method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<OkResponse & { email: string }, EmailChangeTokenBody>({
      query: (body) => ({ url: '/api/auth/email-change/confirm', method: 'POST', body }),
      invalidatesTags: ['Me', { type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useCheckEmailChangeMutation, useConfirmEmailChangeMutation } = emailChangeApi;
