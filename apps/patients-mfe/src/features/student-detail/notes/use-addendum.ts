import { useCallback } from 'react';
import { errorMessage, useAddAddendumMutation, type ClinicalNote } from '@psicocampus/shared';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { showError, showSuccess } from '@psicocampus/shared/ui';

export interface AddendumFormValues {
  text: string;
}

/** Adding an addendum under a signed note; the form empties once it is saved. */
export function useAddendum(note: ClinicalNote) {
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
    },
    [addAddendum, note._id, note.studentId],
  );
}
