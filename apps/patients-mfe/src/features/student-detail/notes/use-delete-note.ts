import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, MSG, useDeleteNoteMutation, type ClinicalNote } from '@psicocampus/shared';
import { confirmDeletion, showError, showSuccess } from '@psicocampus/shared/ui';

/** Deletes one of a student's clinical notes, once confirmed. */
export function useDeleteNote(studentId: string) {
  const [deleteNote] = useDeleteNoteMutation();
  const navigate = useNavigate();
  return useCallback(
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
}
