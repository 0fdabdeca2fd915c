import type {
  AssessmentAnswer,
  AssessmentSavedAnswer,
  AssessmentSummary,
  SuicideAssessment,
  RiskLevel,
  AssessmentCreateBody,
  FinalRemarksBody,
} from '@psicocampus/shared/columbia';
import type { ClinicianLevelBody } from '@psicocampus/shared/clinician-level';
import {
  STUDENT_ASSESSMENTS_PAGE_SIZE,
  type PageInfo,
  type PageRequest,
} from '@psicocampus/shared/domain';
import { api, FOLLOW_UP_TAG } from './api-slice';
import type { OkResponse } from './auth.api';

export interface AssessmentFilters extends PageRequest {
  riskLevel?: RiskLevel;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string;
  to?: string;
}

/** A page of a student's assessments, the newest first (docs/api.md#assessments). */
export interface StudentAssessmentsPage extends PageInfo {
  ok: true;
  assessments: SuicideAssessment[];
}

export interface StudentAssessmentsRequest extends PageRequest {
  studentId: string;
}

/**
 * 'Evaluación N' of the assessment at `index` of a page, the newest first:
 * the oldest of all is 1, so the number comes from the total and the place,
 * the same on every page.
 */
export function assessmentNumber(answer: PageInfo, index: number): number {
  return answer.total - (answer.page - 1) * answer.pageSize - index;
}

/** What a change to one assessment makes stale: the lists that hold it, its student's, and itself. */
function assessmentChanged(id: string, assessment: SuicideAssessment | undefined) {
  return [
    { type: 'Assessment' as const, id: 'LIST' },
    { type: 'Assessment' as const, id: `STUDENT-${assessment?.studentId ?? ''}` },
    { type: 'Assessment' as const, id },
  ];
}

/** The Columbia assessment calls of docs/api.md#assessments (and the reports' paths). */
export const assessmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of a student's assessments, the newest first, with their total
     * ('Historial de evaluaciones', docs/api.md#assessments): the screen numbers
     * each 'Evaluación N' from the total and its place (assessmentNumber).
     */
    studentAssessmentPage: build.query<StudentAssessmentsPage, StudentAssessmentsRequest>({
      query: ({ studentId, page = 1, pageSize = STUDENT_ASSESSMENTS_PAGE_SIZE }) => ({
        url: '/api/suicide-assessments',
        params: { studentId, page, pageSize },
      }),
      providesTags: (_result, _error, { studentId }) => [
        { type: 'Assessment', id: `STUDENT-${studentId}` },
      ],
    }),
    /** One page of the caller's assessments across the caseload, newest first, with their total ('Evaluaciones'). */
    myAssessments: build.query<
      { ok: true; assessments: AssessmentSummary[] } & PageInfo,
      AssessmentFilters | void
    >({
      query: (filters) => ({ url: '/api/suicide-assessments', params: filters ?? undefined }),
      providesTags: [{ type: 'Assessment', id: 'LIST' }],
    }),
    /** One saved assessment (the saved-assessment screen, `evaluacion/:id`), with every remark. */
    assessment: build.query<AssessmentAnswer, string>({
      query: (id) => `/api/suicide-assessments/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Assessment', id }],
    }),
    /** The answer carries `protocol` for ALTO and MUY_ALTO ('Evaluación Registrada'). */
    createAssessment: build.mutation<AssessmentSavedAnswer, AssessmentCreateBody>({
      query: (body) => ({ url: '/api/suicide-assessments', method: 'POST', body }),
      invalidatesTags: (result, _error, body) => [
        { type: 'Assessment', id: 'LIST' },
        { type: 'Assessment', id: `STUDENT-${result?.assessment.studentId ?? ''}` },
        // The list and the detail show the student's current level (latestRisk).
        { type: 'Student', id: 'LIST' },
        { type: 'Student', id: body.student },
        'Statistics',
        FOLLOW_UP_TAG,
      ],
    }),
    /**
     * The call of docs/api.md#assessments, kept as is: each save APPENDS one final remark (docs/columbia-assessment.md#final-remarks); the answer's assessment carries every entry in `remarks`.
     */
    saveFinalRemarks: build.mutation<
      OkResponse & { assessment: SuicideAssessment },
      { id: string; body: FinalRemarksBody }
    >({
      query: ({ id, body }) => ({
        url: `/api/suicide-assessments/${encodeURIComponent(id)}/final-remarks`,
        method: 'PUT',
        body,
      }),
      // The saved-assessment screen shows the new entry.
      invalidatesTags: (result, _error, { id }) => assessmentChanged(id, result?.assessment),
    }),
    /**
     * The clinician's level, recorded once by the assessment's author: every
     * place that shows the level shows it beside the engine's, and the statistics count it.
     */
    recordClinicianLevel: build.mutation<
      OkResponse & { assessment: SuicideAssessment },
      { id: string; body: ClinicianLevelBody }
    >({
      query: ({ id, body }) => ({
        url: `/api/suicide-assessments/${encodeURIComponent(id)}/clinician-level`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (result, _error, { id }) => [
        ...assessmentChanged(id, result?.assessment),
        { type: 'Student', id: 'LIST' },
        { type: 'Student', id: result?.assessment.studentId ?? '' },
        'Statistics',
        FOLLOW_UP_TAG,
      ],
    }),
  }),
});

export const {
  useStudentAssessmentPageQuery,
  useAssessmentQuery,
  useMyAssessmentsQuery,
  useCreateAssessmentMutation,
  useSaveFinalRemarksMutation,
  useRecordClinicianLevelMutation,
} = assessmentsApi;

/** Paths of the two PDF reports (docs/import-and-reports.md#reports; the second keeps the spec's spelling). */
export const reportPaths = {
  student: (studentId: string) => `/api/pdfreport/student/${encodeURIComponent(studentId)}`,
  assessment: (assessmentId: string) =>
    `/api/pdfassessement/${encodeURIComponent(assessmentId)}/report/pdfassessment`,
};
