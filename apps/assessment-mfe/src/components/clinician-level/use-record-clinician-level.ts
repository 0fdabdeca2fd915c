import { useCallback } from 'react';
import {
  errorMessage,
  MSG,
  useRecordClinicianLevelMutation,
  type RiskLevel,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  CLINICIAN_LEVEL_MSG as C,
  isBelowEngineLevel,
  type ClinicianLevelBody,
} from '@psicocampus/shared/clinician-level';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

/** The form's values: '' until a level is chosen. */
export interface ClinicianLevelValues {
  level: RiskLevel | '';
  reason: string;
}

export const EMPTY_CLINICIAN_LEVEL: ClinicianLevelValues = { level: '', reason: '' };

/**
 * Records the clinician's level once
 * (docs/columbia-assessment.md#clinicians-level). A level below the
 * engine's asks first: lowering the scale's estimate is a decision to take
 * on purpose. `onRecorded` gets the assessment as the server answered it.
 */
export function useRecordClinicianLevel(
  assessment: SuicideAssessment,
  onRecorded?: (assessment: SuicideAssessment) => void,
) {
  const [record] = useRecordClinicianLevelMutation();

  return useCallback(
    async (values: ClinicianLevelValues, helpers: FormikHelpers<ClinicianLevelValues>) => {
      if (values.level === '') return;
      const level = values.level;
      if (isBelowEngineLevel(level, assessment.riskLevel)) {
        const go = await confirmAction(
          C.lowerTitle,
          C.lowerText(MSG.assessment.levels[level], MSG.assessment.levels[assessment.riskLevel]),
          C.lowerConfirm,
        );
        if (!go) return;
      }
      const body: ClinicianLevelBody = { level, reason: values.reason.trim() };
      try {
        const answer = await record({ id: assessment._id, body }).unwrap();
        onRecorded?.(answer.assessment);
      } catch (failure) {
        applyFieldErrors(failure, helpers, ['level', 'reason']);
        await showError(errorMessage(failure, C.saveError));
        return;
      }
      await showSuccess(C.saved);
    },
    [assessment._id, assessment.riskLevel, onRecorded, record],
  );
}
