import type {
  Student,
  StudentSummary,
  StudentCreateBody,
  StudentEditBody,
  StudentUpdateBody,
  StudentRemoval,
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
    /**
     * Invalidates nothing by itself: the screen that deleted still shows the
     * student, and its queries would ask for the record again (404s). That
     * screen leaves, then dispatches `studentDeleted`. `outcome` says whether
     * the student was deleted or, having clinical records, archived
     * (docs/data-model.md#archived-students).
     */
    deleteStudent: build.mutation<OkResponse & { outcome: StudentRemoval }, string>({
      query: (id) => ({ url: `/api/students/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
  }),
});

/**
 * What a deleted student makes stale: their own queries, which, no longer
 * shown, are dropped rather than asked for again, and every list, count and
 * statistic that held them. Dispatched once the screens of that student are
 * gone (an invalidated query still on the screen would be read again).
 */
export function studentDeleted(studentId: string) {
  return api.util.invalidateTags([
    { type: 'Student', id: studentId },
    { type: 'Student', id: 'LIST' },
    'Note',
    'Appointment',
    'Assessment',
    'Statistics',
    'FollowUp',
  ]);
}

export const {
  useStudentsQuery,
  useStudentQuery,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  useDeleteStudentMutation,
} = studentsApi;
