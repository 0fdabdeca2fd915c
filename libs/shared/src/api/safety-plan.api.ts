import {
  SAFETY_PLAN_REVISIONS_PAGE_SIZE,
  type SafetyPlanAnswer,
  type SafetyPlanBody,
  type SafetyPlanRevisionsPage,
} from '@psicocampus/shared/safety-plan';
import type { PageRequest } from '@psicocampus/shared/domain';
import { api, FOLLOW_UP_TAG, studentHistoryTag } from './api-slice';

/** The plan's own cache entry, under the student's tag type (one per student). */
const planTag = (studentId: string) => ({
  type: 'Student' as const,
  id: `SAFETY-PLAN-${studentId}`,
});

/** A student's safety plan (docs/api.md#safety-plan). */
export const safetyPlanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The plan in force, or revision `version`, with the newest page of its revisions and their total. */
    safetyPlan: build.query<SafetyPlanAnswer, { studentId: string; version?: number }>({
      query: ({ studentId, version }) =>
        `/api/students/${encodeURIComponent(studentId)}/safety-plan${
          version === undefined ? '' : `?version=${version}`
        }`,
      providesTags: (_result, _error, { studentId }) => [planTag(studentId)],
    }),
    /**
     * A page of the plan's revisions past the one the plan carries, newest
     * first ('Versiones anteriores', docs/api.md#safety-plan); a save makes it stale.
     */
    safetyPlanRevisions: build.query<SafetyPlanRevisionsPage, PageRequest & { studentId: string }>({
      query: ({ studentId, page = 1, pageSize = SAFETY_PLAN_REVISIONS_PAGE_SIZE }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/safety-plan/revisions`,
        params: { page, pageSize },
      }),
      providesTags: (_result, _error, { studentId }) => [planTag(studentId)],
    }),
    /** A new revision; 409 when another was saved since `version`. */
    saveSafetyPlan: build.mutation<
      SafetyPlanAnswer & { msg: string },
      { studentId: string; body: SafetyPlanBody }
    >({
      query: ({ studentId, body }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/safety-plan`,
        method: 'PUT',
        body,
      }),
      // The detail shows the plan's version and status too; a complete plan
      // can take the student off "Seguimiento prioritario", and every save is
      // an event of the student's history.
      invalidatesTags: (_result, _error, { studentId }) => [
        planTag(studentId),
        { type: 'Student', id: studentId },
        FOLLOW_UP_TAG,
        studentHistoryTag(studentId),
      ],
    }),
  }),
});

export const { useSafetyPlanQuery, useSafetyPlanRevisionsQuery, useSaveSafetyPlanMutation } =
  safetyPlanApi;

/** The PDF's path, for useDownload(). */
export const safetyPlanPdfPath = (studentId: string, version?: number) =>
  `/api/students/${encodeURIComponent(studentId)}/safety-plan/pdf${
    version === undefined ? '' : `?version=${version}`
  }`;
