import type {
  FollowUpAnswer,
  FollowUpCountsAnswer,
  StudentHistoryAnswer,
} from '@psicocampus/shared/follow-up';
import { api, FOLLOW_UP_TAG, studentHistoryTag } from './api-slice';

/**
 * "Seguimiento prioritario", its counts and a student's record of changes
 * (issue 19 §3 and §5, docs/api.md#follow-up). The list is stale after any
 * change of an assessment, an appointment, a safety plan or a caseload:
 * those calls invalidate FOLLOW_UP_TAG, and a change of the caseload
 * invalidates the students' list it also provides.
 */
export const followUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in psychologist's list (the home's first section). */
    followUp: build.query<FollowUpAnswer, void>({
      query: () => '/api/follow-up',
      providesTags: [FOLLOW_UP_TAG, { type: 'Student', id: 'LIST' }],
    }),
    /** How many students each psychologist has on it (the administrators' home). */
    followUpCounts: build.query<FollowUpCountsAnswer, void>({
      query: () => '/api/follow-up/counts',
      providesTags: [FOLLOW_UP_TAG],
    }),
    /** A student's clinician's levels, safety-plan revisions, signatures and addenda, newest first. */
    studentHistory: build.query<StudentHistoryAnswer, string>({
      query: (studentId) => `/api/students/${encodeURIComponent(studentId)}/history`,
      providesTags: (_result, _error, studentId) => [
        studentHistoryTag(studentId),
        // A signature, an addendum and a clinician's level invalidate these.
        { type: 'Note', id: `STUDENT-${studentId}` },
        { type: 'Assessment', id: `STUDENT-${studentId}` },
      ],
    }),
  }),
});

export const { useFollowUpQuery, useFollowUpCountsQuery, useStudentHistoryQuery } = followUpApi;
