import { addListener } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
// The store and the session by the package's own name, so that this entry
// uses the one shared `core` module of the page instead of a copy of it.
import {
  extendStores,
  sessionActive,
  sessionEnded,
  type SessionState,
} from '@psicocampus/shared/core';
import type { AppConfigState } from '../store/config-slice';

interface StateWithSession {
  config: AppConfigState;
  session: SessionState;
}

/**
 * Adds the session's `x-token` to every call (docs/sign-in-and-sessions.md#sessions) and ends the session
 * when the server says it is over. A 401 on a call made without a token (a
 * failed login) is an answer for the screen, not an expired session.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const state = api.getState() as StateWithSession;
  const token = state.session.token;
  // The server's idle clock restarts when the call reaches it, not when its
  // answer reaches the page: a slow answer must not move the warning later.
  const sentAt = Date.now();
  const result = await fetchBaseQuery({
    baseUrl: state.config.apiBaseUrl,
    prepareHeaders(headers) {
      if (token) headers.set('x-token', token);
      return headers;
    },
  })(args, api, extraOptions);
  if (token) {
    // Only the session the call was made with: a sign-out meanwhile stays one.
    const stillCurrent = (api.getState() as StateWithSession).session.token === token;
    if (result.error?.status === 401 && stillCurrent) {
      api.dispatch(sessionEnded({ reason: 'expired' }));
    } else if (!result.error && stillCurrent) {
      api.dispatch(sessionActive(sentAt));
    }
  }
  return result;
};

export const TAG_TYPES = [
  'Me',
  'Student',
  'Note',
  'Appointment',
  'Assessment',
  'User',
  'Statistics',
  'Audit',
  'Mail',
  'CalendarFeed',
  'FollowUp',
] as const;

/**
 * The appointments per month of the statistics screens: provided by their
 * query, invalidated by every change of an appointment (a new one, a move,
 * a status), so the counts follow without a reload. Invalidating it leaves
 * the other statistics, which hold no appointment, in the cache.
 */
export const APPOINTMENT_STATISTICS_TAG = { type: 'Statistics', id: 'APPOINTMENTS' } as const;

/**
 * "Seguimiento prioritario" and its counts: invalidated by what
 * puts a student on it or takes them off (an assessment, a clinician's level,
 * an appointment's change, a safety plan's save).
 */
export const FOLLOW_UP_TAG = { type: 'FollowUp', id: 'LIST' } as const;

/** A student's record of changes, which a safety plan's save also makes stale. */
export const studentHistoryTag = (studentId: string) =>
  ({ type: 'FollowUp', id: `HISTORY-${studentId}` }) as const;

/**
 * The one API slice of the product. Each feature adds its endpoints with
 * `api.injectEndpoints` in its own file under `src/api/`, so every call of
 * docs/api.md lives in this one cache.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

// Every store, made before or after this file loads, gets the API cache.
extendStores(({ store, injectReducer, addMiddleware }) => {
  injectReducer(api.reducerPath, api.reducer);
  addMiddleware(api.middleware);
  // Cached answers belong to the user who asked for them: drop them all as
  // soon as a session ends, so the next person at this browser sees nothing.
  store.dispatch(
    addListener({
      actionCreator: sessionEnded,
      effect: (_action, listenerApi) => {
        listenerApi.dispatch(api.util.resetApiState());
      },
    }),
  );
  // On release: resetting aborts requests in flight and clears the cache's
  // removal timers and polls, so nothing of a released store keeps running.
  return () => {
    store.dispatch(api.util.resetApiState());
  };
});
