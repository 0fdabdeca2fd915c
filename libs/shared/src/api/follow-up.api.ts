import {
  HISTORY_PAGE_SIZE,
  type FollowUpAnswer,
  type FollowUpCountsAnswer,
  type StudentHistoryAnswer,
} from '@psicocampus/shared/follow-up';
import type { PageRequest } from '@psicocampus/shared/domain';
import { api, FOLLOW_UP_TAG, studentHistoryTag } from './api-slice';

/**
 * "Seguimiento prioritario", its counts and a student's record of changes
 * (docs/api.md#follow-up). The list is stale after any
 * change of an assessment, an appointment, a safety plan or a caseload:
 * those calls invalidate FOLLOW_UP_TAG, and a change of the caseload
 * invalidates the students' list it also provides.
 */
/** A page of a student's 'Historial de cambios'. */
export interface StudentHistoryRequest extends PageRequest {
  studentId: string;
}

export const followUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the signed-in psychologist's list (the home's first section, and the list's screen). */
    followUp: build.query<FollowUpAnswer, PageRequest | void>({
      query: (page) => ({ url: '/api/follow-up', params: page ?? undefined }),
      providesTags: [FOLLOW_UP_TAG, { type: 'Student', id: 'LIST' }],
    }),
    /** How many students each psychologist has on it (the administrators' home). */
    followUpCounts: build.query<FollowUpCountsAnswer, void>({
      query: () => '/api/follow-up/counts',
      providesTags: [FOLLOW_UP_TAG],
    }),
    /**
     * A page of a student's clinician's levels, safety-plan revisions,
     * signatures and addenda, newest first, with their total (docs/api.md#follow-up).
     */
    studentHistory: build.query<StudentHistoryAnswer, StudentHistoryRequest>({
      query: ({ studentId, page = 1, pageSize = HISTORY_PAGE_SIZE }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/history`,
        params: { page, pageSize },
      }),
      providesTags: (_result, _error, { studentId }) => [
        studentHistoryTag(studentId),
        // A signature, an addendum and a clinician's level invalidate these.
        { type: 'Note', id: `STUDENT-${studentId}` },
        { type: 'Assessment', id: `STUDENT-${studentId}` },
      ],
    }),
  }),
});

export const { useFollowUpQuery, useFollowUpCountsQuery, useStudentHistoryQuery } = followUpApi;
