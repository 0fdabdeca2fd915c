import { useCallback, useRef, useState } from 'react';
import {
  errorMessage,
  fieldErrors,
  finalRemarksSchema,
  MSG,
  useSaveFinalRemarksMutation,
  type AssessmentRemark,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { firstErrorMessage } from '@psicocampus/shared/forms';
import { showError, showSuccess, showWarning } from '@psicocampus/shared/ui';
import { focusControl } from './field-ids';

/**
 * The 'observaciones posteriores' of docs/columbia-assessment.md#final-remarks: saved only
 * once the main assessment exists, each save a new entry after the earlier
 * ones, which stay as written.
 */
export function useFinalRemarks(assessment: SuicideAssessment | null, textareaId: string) {
  const [saveRemarks, { isLoading }] = useSaveFinalRemarksMutation();
  const [draft, setDraft] = useState('');
  // The entries as the last save answered them, for the assessment they belong to.
  const [answered, setAnswered] = useState<{ id: string; remarks: AssessmentRemark[] } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const change = useCallback((text: string) => {
    setDraft(text);
    setError(null);
  }, []);

  /** Whether the entry was stored (the draft is then empty again). */
  const save = useCallback(async (): Promise<boolean> => {
    if (busy.current) return false;
    if (!assessment) {
      await showWarning(MSG.assessment.validationTitle, MSG.assessment.saveMainFirst);
      return false;
    }
    const problem = firstErrorMessage(finalRemarksSchema, { finalRemarks: draft });
    if (problem) {
      setError(problem);
      focusControl(textareaId);
      await showWarning(MSG.assessment.validationTitle, problem);
      return false;
    }

    busy.current = true;
    try {
      const answer = await saveRemarks({
        id: assessment._id,
        body: { finalRemarks: draft.trim() },
      }).unwrap();
      setAnswered({ id: assessment._id, remarks: answer.assessment.remarks });
    } catch (failure) {
      const fieldProblem = fieldErrors(failure).find((item) => item.field === 'finalRemarks');
      if (fieldProblem) setError(fieldProblem.msg);
      await showError(errorMessage(failure, MSG.assessment.finalRemarksError));
      return false;
    } finally {
      busy.current = false;
    }
    setDraft('');
    await showSuccess(MSG.assessment.finalRemarksSaved);
    return true;
  }, [assessment, draft, saveRemarks, textareaId]);

  const given = assessment?.remarks ?? [];
  const fromSave = answered?.id === assessment?._id ? answered?.remarks : undefined;
  return {
    // Entries are only ever added: the longer list is the newer one (the
    // save's answer, or the assessment as read again since).
    remarks: fromSave && fromSave.length > given.length ? fromSave : given,
    draft,
    change,
    save,
    error,
    isSaving: isLoading,
    /** Typed but not saved yet. */
    unsaved: draft.trim() !== '',
  };
}
