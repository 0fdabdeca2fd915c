import { useCallback } from 'react';
import { errorMessage, useSignNoteMutation, type ClinicalNote } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

/**
 * Signing one's own draft: asked first, since a signed note can
 * no longer be edited or deleted, only completed with addenda.
 */
export function useNoteSignature() {
  const [signNote] = useSignNoteMutation();
  return useCallback(
    async (note: ClinicalNote) => {
      const confirmed = await confirmAction(
        SIGNED_NOTES_MSG.signTitle,
        SIGNED_NOTES_MSG.signText,
        SIGNED_NOTES_MSG.signConfirm,
      );
      if (!confirmed) return;
      try {
        await signNote({ studentId: note.studentId, noteId: note._id }).unwrap();
      } catch (error) {
        await showError(errorMessage(error, SIGNED_NOTES_MSG.signError));
        return;
      }
      await showSuccess(SIGNED_NOTES_MSG.signed);
    },
    [signNote],
  );
}
