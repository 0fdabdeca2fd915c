import type {
  ClinicalNote,
  RecentNote,
  ClinicalNoteBody,
  ClinicalNoteUpdateBody,
} from '@psicocampus/shared/domain';
import type { AddendumBody, NoteAddendum } from '@psicocampus/shared/signed-notes';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

export interface NoteSaved extends OkResponse {
  note: ClinicalNote;
}

export interface AddendumSaved extends OkResponse {
  addendum: NoteAddendum;
}

/** What a note's signature or addendum changes: the student's notes and the home's lists. */
const noteListsOf = (studentId: string) => [
  { type: 'Note' as const, id: `STUDENT-${studentId}` },
  { type: 'Note' as const, id: 'RECENT' },
  { type: 'Note' as const, id: 'PENDING' },
];

/** Clinical notes of a student (docs/api.md#clinical-notes). */
export const clinicalNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    addNote: build.mutation<NoteSaved, { studentId: string; body: ClinicalNoteBody }>({
      query: ({ studentId, body }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { studentId }) => noteListsOf(studentId),
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
      invalidatesTags: (_result, _error, { studentId }) => noteListsOf(studentId),
    }),
    deleteNote: build.mutation<OkResponse, { studentId: string; noteId: string }>({
      query: ({ studentId, noteId }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes/${encodeURIComponent(noteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { studentId }) => noteListsOf(studentId),
    }),
    /** Signs the caller's own draft (issue 19 §4): it can no longer be edited or deleted. */
    signNote: build.mutation<NoteSaved, { studentId: string; noteId: string }>({
      query: ({ studentId, noteId }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes/${encodeURIComponent(noteId)}/sign`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { studentId }) => noteListsOf(studentId),
    }),
    addAddendum: build.mutation<
      AddendumSaved,
      { studentId: string; noteId: string; body: AddendumBody }
    >({
      query: ({ studentId, noteId, body }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes/${encodeURIComponent(noteId)}/addenda`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { studentId }) => noteListsOf(studentId),
    }),
    /** The caller's own notes unsigned 24 hours after they were written, for the home screen. */
    pendingSignatureNotes: build.query<{ ok: true; notes: RecentNote[] }, void>({
      query: () => '/api/clinical-notes/pending-signature',
      providesTags: [{ type: 'Note', id: 'PENDING' }],
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
  useSignNoteMutation,
  useAddAddendumMutation,
  usePendingSignatureNotesQuery,
} = clinicalNotesApi;
