import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  errorMessage,
  errorStatus,
  MSG,
  useAddNoteMutation,
  useDeleteNoteMutation,
  useUpdateNoteMutation,
  type ClinicalNote,
} from '@psicocampus/shared';
import type { FormikHelpers } from '@psicocampus/shared/forms';
import { confirmDeletion, showError, showSuccess } from '@psicocampus/shared/ui';
import { applyFieldErrors } from '@psicocampus/shared/forms';

export type NoteEditing = { mode: 'new' } | { mode: 'edit'; note: ClinicalNote } | null;

export interface NoteFormValues {
  note: string;
}

/**
 * Writing, correcting and deleting a student's clinical notes (docs/screens-and-routes.md#student-detail, docs/rules-and-messages.md#messages, docs/permissions.md#clinical-records and docs/limits-and-budgets.md#limits-and-bad-input). A correction carries the version it was read at; when
 * someone changed the note meanwhile (409) the modal stays open with the
 * text, and the dialog says so.
 */
export function useNoteEditor(studentId: string) {
  const [editing, setEditing] = useState<NoteEditing>(null);
  const [addNote] = useAddNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();
  const navigate = useNavigate();

  const save = useCallback(
    async (values: NoteFormValues, helpers: FormikHelpers<NoteFormValues>) => {
      if (!editing) return;
      const note = values.note.trim();
      try {
        if (editing.mode === 'edit') {
          await updateNote({
            studentId,
            noteId: editing.note._id,
            body: { note, version: editing.note.version },
          }).unwrap();
        } else {
          await addNote({ studentId, body: { note } }).unwrap();
        }
      } catch (error) {
        applyFieldErrors(error, helpers, ['note']);
        await showError(
          errorStatus(error) === 409
            ? `${errorMessage(error, MSG.api.conflict)} ${MSG.notes.textKept}`
            : errorMessage(error, MSG.notes.saveError),
        );
        return;
      }
      setEditing(null);
      await showSuccess(editing.mode === 'edit' ? MSG.notes.updated : MSG.notes.added);
    },
    [addNote, editing, studentId, updateNote],
  );

  const remove = useCallback(
    async (note: ClinicalNote) => {
      if (!(await confirmDeletion())) return;
      try {
        await deleteNote({ studentId, noteId: note._id }).unwrap();
      } catch (error) {
        await showError(errorMessage(error, MSG.notes.deleteError));
        return;
      }
      // docs/rules-and-messages.md#messages: after deleting a note the user goes to the patients list.
      navigate('..', { relative: 'path' });
      await showSuccess(MSG.notes.deleted);
    },
    [deleteNote, navigate, studentId],
  );

  return {
    editing,
    startNew: useCallback(() => setEditing({ mode: 'new' }), []),
    startEdit: useCallback((note: ClinicalNote) => setEditing({ mode: 'edit', note }), []),
    close: useCallback(() => setEditing(null), []),
    save,
    remove,
  };
}
