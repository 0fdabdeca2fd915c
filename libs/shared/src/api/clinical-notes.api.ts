import type {
  ClinicalNote,
  ClinicalNoteBody,
  ClinicalNoteUpdateBody,
  NoteListing,
  PageInfo,
  PageRequest,
} from '@psicocampus/shared/domain';
import type { AddendumBody, NoteAddendum } from '@psicocampus/shared/signed-notes';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

export interface NoteSaved extends OkResponse {
  note: ClinicalNote;
}

/** One page of the caller's notes pending signature, with how many there are in all. */
export interface PendingNotesPage extends PageInfo {
  ok: true;
  notes: NoteListing[];
}

/** A page of one student's notes, newest first, each whole, with how many the student has. */
export interface StudentNotesPage extends PageInfo {
  ok: true;
  notes: ClinicalNote[];
}

/**
 * Which page of a student's notes: by number, or with `around`, the one
 * that holds that note (a link to it); the answer's `page` says which.
 */
export interface StudentNotesRequest extends PageRequest {
  studentId: string;
  around?: string;
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
    /** Signs the caller's own draft: it can no longer be edited or deleted. */
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
    /**
     * One page of the caller's own notes unsigned 24 hours after they were
     * written, oldest first, without their text: the home's first rows and
     * the list of them all.
     */
    pendingSignatureNotes: build.query<PendingNotesPage, PageRequest | void>({
      query: (page) => ({
        url: '/api/clinical-notes/pending-signature',
        params: page ?? undefined,
      }),
      providesTags: [{ type: 'Note', id: 'PENDING' }],
    }),
    /**
     * A page of a student's notes past the detail's first (docs/api.md#clinical-notes):
     * read again whenever the student's notes change, as the detail is.
     */
    studentNotes: build.query<StudentNotesPage, StudentNotesRequest>({
      query: ({ studentId, ...params }) => ({
        url: `/api/students/${encodeURIComponent(studentId)}/clinical-notes`,
        params,
      }),
      providesTags: (_result, _error, { studentId }) => [
        { type: 'Note', id: `STUDENT-${studentId}` },
      ],
    }),
    /** The caller's five latest notes across the caseload, without their text, for the home. */
    recentNotes: build.query<{ ok: true; notes: NoteListing[] }, void>({
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
  useStudentNotesQuery,
} = clinicalNotesApi;
