import { useCallback } from 'react';
import { reviseAssessment, type AssessmentAnswers } from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { setAt } from '../../lib/answer-path';

/**
 * Changes one answer and applies the flow at once (docs/columbia-assessment.md#the-form-flow): hidden items 3–5 become "no", a hidden intensity section
 * and hidden lethality answers are cleared (`normalizeAssessment`), revealed
 * items 3–5 start unanswered. So what the form holds is always what would
 * be sent. The field's error, if any, goes away.
 */
export function useSetAnswer(): (path: string, value: unknown) => void {
  const { setValues, setFieldError } = useFormikContext<AssessmentAnswers>();
  return useCallback(
    (path, value) => {
      void setValues((current) => reviseAssessment(current, setAt(current, path, value)), false);
      setFieldError(path, undefined);
    },
    [setFieldError, setValues],
  );
}
