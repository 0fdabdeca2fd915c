import type {
  ClinicalNote,
  RecentNote,
  ClinicalNoteBody,
  ClinicalNoteUpdateBody,
} from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

export interface NoteSaved extends OkResponse {
  note: ClinicalNote;
}

/** Clinical notes of a student (docs/api.md#clinical-notes). */
export const clinicalNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    addNote: build.mutation<NoteSaved, { studentId: string; body: ClinicalNoteBody }>({
      query: ({ studentId, body }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { studentId }) => [
        { type: 'Note', id: `STUDENT-${studentId}` },
        { type: 'Note', id: 'RECENT' },
      ],
    }),
    updateNote: build.mutation<
      NoteSaved,
      { studentId: string; noteId: string; body: ClinicalNoteUpdateBody }
    >({
      query: ({ studentId, noteId, body }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes/${encodeURIComponent(noteId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { studentId }) => [
        { type: 'Note', id: `STUDENT-${studentId}` },
        { type: 'Note', id: 'RECENT' },
      ],
    }),
    deleteNote: build.mutation<OkResponse, { studentId: string; noteId: string }>({
      query: ({ studentId, noteId }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes/${encodeURIComponent(noteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { studentId }) => [
        { type: 'Note', id: `STUDENT-${studentId}` },
        { type: 'Note', id: 'RECENT' },
      ],
    }),
    /** The caller's latest notes across the caseload, for the home screen. */
    recentNotes: build.query<{ ok: true; notes: RecentNote[] }, void>({
      query: () => '/api/clinical-notes/recent',
      providesTags: [{ type: 'Note', id: 'RECENT' }],
    }),
  }),
});

export const {
  useAddNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  useRecentNotesQuery,
} = clinicalNotesApi;
