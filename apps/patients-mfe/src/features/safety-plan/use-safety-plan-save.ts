import { useCallback, useState } from 'react';
import { errorMessage, errorStatus, useSaveSafetyPlanMutation } from '@psicocampus/shared';
import {
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
  type Draft,
  type FormikErrors,
} from '@psicocampus/shared/forms';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  safetyPlanSchema,
  type SafetyPlan,
  type SafetyPlanStatus,
} from '@psicocampus/shared/safety-plan';
import { showError, showSuccess, showWarningList } from '@psicocampus/shared/ui';
import type { SafetyPlanValues } from './safety-plan-form.component';

const P = SAFETY_PLAN_MSG;

interface Options {
  studentId: string;
  draft: Draft<SafetyPlanValues>;
  /** The assessment that asked for the plan, sent with the save. */
  assessmentId: string | null;
  onSaved: (plan: SafetyPlan) => void;
  onStale: () => void;
}

/**
 * Saves the form's plan as a draft or complete, checked first on the shared
 * schema. A save refused because someone saved a newer version (409) keeps
 * the text and marks the form `stale`.
 */
export function useSafetyPlanSave({ studentId, draft, assessmentId, onSaved, onStale }: Options) {
  const formik = useFormikContext<SafetyPlanValues>();
  const [saving, setSaving] = useState<SafetyPlanStatus | null>(null);
  const [stale, setStale] = useState(false);
  const [save] = useSaveSafetyPlanMutation();

  const submit = useCallback(
    async (status: SafetyPlanStatus) => {
      const body = { ...formik.values, status, ...(assessmentId ? { assessmentId } : {}) };
      try {
        await validateYupSchema(body, safetyPlanSchema);
      } catch (error) {
        const errors = yupToFormErrors(error) as FormikErrors<SafetyPlanValues>;
        formik.setErrors(errors);
        void formik.setTouched(
          Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, true])),
          false,
        );
        await showWarningList(
          P.invalidTitle,
          Object.values(errors).filter((value): value is string => typeof value === 'string'),
        );
        return;
      }
      setSaving(status);
      try {
        const answer = await save({
          studentId,
          body: safetyPlanSchema.cast(body) as Parameters<typeof save>[0]['body'],
        }).unwrap();
        draft.clear();
        setStale(false);
        await showSuccess(answer.msg);
        if (answer.safetyPlan) onSaved(answer.safetyPlan);
      } catch (error) {
        if (errorStatus(error) === 409) {
          setStale(true);
          onStale();
          await showError(P.stale);
        } else {
          await showError(errorMessage(error, P.saveError));
        }
      } finally {
        setSaving(null);
      }
    },
    [assessmentId, draft, formik, onSaved, onStale, save, studentId],
  );

  return { saving, stale, submit };
}
