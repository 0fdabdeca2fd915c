import type { CalendarFeedCreated, CalendarFeedResponse } from '@psicocampus/shared/calendar-feed';
import { api } from './api-slice';

const FEED = [{ type: 'CalendarFeed' as const, id: 'MINE' }];

/**
 * The signed-in psychologist's iCalendar feed (README, "Calendar feed"):
 * whether it exists, its creation or rotation (the only answer with the
 * URL), whether titles show names, and its revocation.
 */
export const calendarFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    calendarFeed: build.query<CalendarFeedResponse, void>({
      query: () => ({ url: '/api/calendar/feed' }),
      providesTags: FEED,
    }),
    createCalendarFeed: build.mutation<CalendarFeedCreated, { showNames: boolean }>({
      query: (body) => ({ url: '/api/calendar/feed', method: 'POST', body }),
      invalidatesTags: FEED,
    }),
    updateCalendarFeed: build.mutation<CalendarFeedResponse, { showNames: boolean }>({
      query: (body) => ({ url: '/api/calendar/feed', method: 'PUT', body }),
      invalidatesTags: FEED,
    }),
    revokeCalendarFeed: build.mutation<CalendarFeedResponse, void>({
      query: () => ({ url: '/api/calendar/feed', method: 'DELETE' }),
      invalidatesTags: FEED,
    }),
  }),
});

export const {
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useUpdateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarFeedApi;
