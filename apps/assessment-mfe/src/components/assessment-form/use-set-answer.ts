import { createContext, useCallback, useContext, useRef, type MutableRefObject } from 'react';
import {
  normalizeAssessment,
  reviseAssessment,
  showsIdeationDetail,
  type AssessmentAnswers,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { setAt } from '../../lib/answer-path';

/**
 * Whether items 3–5 have been on screen in this form: one flag for the whole
 * form (every field has its own `useSetAnswer`), provided by the form.
 */
export const IdeationDetailAskedContext = createContext<MutableRefObject<boolean> | null>(null);

/**
 * Changes one answer and applies the flow at once (docs/columbia-assessment.md#the-form-flow):
 * hidden items 3–5 become "no", a hidden intensity section and hidden
 * lethality answers are cleared (`normalizeAssessment`). Items 3–5 start
 * unanswered the first time question 2 is "Sí" (nobody has answered them
 * yet); set back to "Sí" later, they come back as the "no" they were reset to
 * (docs/columbia-assessment.md#items-3-to-5). So what the form holds
 * is always what would be sent. The field's error, if any, goes away.
 */
export function useSetAnswer(): (path: string, value: unknown) => void {
  const { setValues, setFieldError } = useFormikContext<AssessmentAnswers>();
  const ownFlag = useRef(false);
  const detailAsked = useContext(IdeationDetailAskedContext) ?? ownFlag;
  return useCallback(
    (path, value) => {
      void setValues((current) => {
        if (showsIdeationDetail(current)) detailAsked.current = true;
        const next = setAt(current, path, value);
        return detailAsked.current ? normalizeAssessment(next) : reviseAssessment(current, next);
      }, false);
      setFieldError(path, undefined);
    },
    [detailAsked, setFieldError, setValues],
  );
}
