import { useCallback, useRef, useState } from 'react';
import {
  errorMessage,
  fieldErrors,
  finalRemarksSchema,
  MSG,
  useSaveFinalRemarksMutation,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { firstErrorMessage } from '@psicocampus/shared/forms';
import { showError, showSuccess, showWarning } from '@psicocampus/shared/ui';
import { focusControl } from './field-ids';

/**
 * The 'observaciones posteriores' of SEED §4.7: saved only once the main
 * assessment exists, as many times as needed, each time replacing the last.
 */
export function useFinalRemarks(assessment: SuicideAssessment | null, textareaId: string) {
  const [saveRemarks, { isLoading }] = useSaveFinalRemarksMutation();
  const [draft, setDraft] = useState('');
  const [savedText, setSavedText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const change = useCallback((text: string) => {
    setDraft(text);
    setError(null);
  }, []);

  const save = useCallback(async () => {
    if (busy.current) return;
    if (!assessment) {
      await showWarning(MSG.assessment.validationTitle, MSG.assessment.saveMainFirst);
      return;
    }
    const problem = firstErrorMessage(finalRemarksSchema, { finalRemarks: draft });
    if (problem) {
      setError(problem);
      focusControl(textareaId);
      await showWarning(MSG.assessment.validationTitle, problem);
      return;
    }

    busy.current = true;
    const finalRemarks = draft.trim();
    try {
      await saveRemarks({ id: assessment._id, body: { finalRemarks } }).unwrap();
    } catch (failure) {
      const fieldProblem = fieldErrors(failure).find((item) => item.field === 'finalRemarks');
      if (fieldProblem) setError(fieldProblem.msg);
      await showError(errorMessage(failure, MSG.assessment.finalRemarksError));
      return;
    } finally {
      busy.current = false;
    }
    setSavedText(finalRemarks);
    await showSuccess(MSG.assessment.finalRemarksSaved);
  }, [assessment, draft, saveRemarks, textareaId]);

  return {
    draft,
    change,
    save,
    error,
    isSaving: isLoading,
    /** Typed but not saved yet. */
    unsaved: draft.trim() !== savedText,
  };
}
