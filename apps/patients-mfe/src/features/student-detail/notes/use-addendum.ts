import { useCallback } from 'react';
import { errorMessage, useAddAddendumMutation, type ClinicalNote } from '@psicocampus/shared';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { showError, showSuccess } from '@psicocampus/shared/ui';

export interface AddendumFormValues {
  text: string;
}

/** Adding an addendum under a signed note; once it is saved, `onSaved` (the box closes). */
export function useAddendum(note: ClinicalNote, onSaved: () => void) {
  const [addAddendum] = useAddAddendumMutation();
  return useCallback(
    async (values: AddendumFormValues, helpers: FormikHelpers<AddendumFormValues>) => {
      try {
        await addAddendum({
          studentId: note.studentId,
          noteId: note._id,
          body: { text: values.text.trim() },
        }).unwrap();
      } catch (error) {
        applyFieldErrors(error, helpers, ['text']);
        await showError(errorMessage(error, SIGNED_NOTES_MSG.addendumError));
        return;
      }
      helpers.resetForm();
      await showSuccess(SIGNED_NOTES_MSG.addendumAdded);
      onSaved();
    },
    [addAddendum, note._id, note.studentId, onSaved],
  );
}
