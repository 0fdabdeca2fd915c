import type {
  Student,
  StudentSummary,
  StudentCreateBody,
  StudentEditBody,
  StudentUpdateBody,
} from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

export interface StudentsListResponse {
  ok: true;
  students: StudentSummary[];
  total: number;
}

export interface StudentSaved extends OkResponse {
  student: StudentSummary;
}

export interface ImportResult extends OkResponse {
  created: number;
  duplicates: Array<{ row: number; email: string }>;
}

/** The patients calls of docs/api.md#students (students). */
export const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's whole caseload (the list screen filters it as you type). */
    students: build.query<StudentsListResponse, void>({
      query: () => '/api/students',
      providesTags: (result) => [
        { type: 'Student', id: 'LIST' },
        ...(result?.students ?? []).map((student) => ({
          type: 'Student' as const,
          id: student._id,
        })),
      ],
    }),
    student: build.query<{ ok: true; student: Student }, string>({
      query: (id) => `/api/students/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [
        { type: 'Student', id },
        { type: 'Note', id: `STUDENT-${id}` },
      ],
    }),
    createStudent: build.mutation<StudentSaved, StudentCreateBody>({
      query: (body) => ({ url: '/api/students', method: 'POST', body }),
      invalidatesTags: [{ type: 'Student', id: 'LIST' }, 'Statistics'],
    }),
    updateStudent: build.mutation<
      StudentSaved,
      { id: string; body: StudentUpdateBody | StudentEditBody }
    >({
      query: ({ id, body }) => ({
        url: `/api/students/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Student', id },
        { type: 'Student', id: 'LIST' },
        'Statistics',
      ],
    }),
    deleteStudent: build.mutation<OkResponse, string>({
      query: (id) => ({ url: `/api/students/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // Not the student's own tag: refetching a record just deleted would only 404.
      invalidatesTags: [{ type: 'Student', id: 'LIST' }, 'Appointment', 'Assessment', 'Statistics'],
    }),
  }),
});

export const {
  useStudentsQuery,
  useStudentQuery,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  useDeleteStudentMutation,
} = studentsApi;
