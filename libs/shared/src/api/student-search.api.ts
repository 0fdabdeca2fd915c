import type { StudentSummary } from '@psicocampus/shared/domain';
import { api } from './api-slice';

/** One page of the caller's students that match a search, with how many match in all. */
export interface StudentSearchAnswer {
  ok: true;
  students: StudentSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The caller's students whose names hold every word of `q` (any case, any
 * accents), by last name, the first `pageSize` of them (docs/api.md#students,
 * `?q=&page=&pageSize=`): what a picker of one student offers as one types,
 * never the whole caseload.
 */
export const studentSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentSearch: build.query<StudentSearchAnswer, { q: string; pageSize: number }>({
      query: ({ q, pageSize }) => ({
        url: '/api/students',
        params: { ...(q ? { q } : {}), page: 1, pageSize },
      }),
      providesTags: [{ type: 'Student', id: 'LIST' }],
    }),
  }),
});

export const { useStudentSearchQuery } = studentSearchApi;
