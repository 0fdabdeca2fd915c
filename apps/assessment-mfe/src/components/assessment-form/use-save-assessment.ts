import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  assessmentProblems,
  errorMessage,
  fieldErrors,
  isHighRiskLevel,
  latestAttemptDate,
  MSG,
  normalizeAssessment,
  selectSessionToken,
  useAppSelector,
  useCreateAssessmentMutation,
  type AssessmentAnswers,
  type RiskLevel,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { useIsSessionOver, type FormikHelpers } from '@psicocampus/shared/forms';
import { showError, showInfo, showWarning } from '@psicocampus/shared/ui';
import { errorsAt } from '../../lib/answer-path';
import { focusControl, type FieldIdOf } from './field-ids';

/**
 * The one dialog after saving, 'Evaluación Registrada' (docs/columbia-assessment.md#saving): the level the
 * server computed and the decision-aid line. For ALTO and MUY_ALTO it is a warning, not
 * the information of a lower level, and says what the service's protocol asks next (the
 * server's text; the catalogue's default should an older server send none).
 */
async function showRegistered(level: RiskLevel, protocol: string | null | undefined) {
  const text = `${MSG.assessment.registeredText(MSG.assessment.levels[level])}. ${MSG.assessment.decisionAid}`;
  if (!isHighRiskLevel(level)) {
    await showInfo(MSG.assessment.registered, text);
    return;
  }
  const next = protocol || MSG.savedAssessment.protocolDefault;
  await showWarning(
    MSG.assessment.registered,
    `${text} ${MSG.savedAssessment.protocolTitle}: ${next}`,
  );
}

/** Formik's errors of the answers: a message where an answer has one. */
type AnswerErrors = Parameters<FormikHelpers<AssessmentAnswers>['setErrors']>[0];

interface Options {
  studentId: string;
  onSaved?: (assessment: SuicideAssessment) => void;
  fieldId: FieldIdOf;
  /** Where focus goes once saved: the final remarks (docs/columbia-assessment.md#saving). */
  afterSaveFocusId: string;
  /**
   * In the shell, a save refused because the session ended shows no dialog:
   * the shell is showing /login, and the answers wait as a draft for the next
   * sign-in (docs/sign-in-and-sessions.md#drafts).
   */
  quietWhenSessionEnds: boolean;
  /**
   * Embedded, a save refused because the session ended keeps the answers
   * and is sent again as soon as the host page gives a new token (mount's
   * `setToken`); the form says it is waiting.
   */
  saveWhenSessionRenews: boolean;
}

interface PendingSave {
  values: AssessmentAnswers;
  helpers: FormikHelpers<AssessmentAnswers>;
}

/**
 * 'Guardar Evaluación' (docs/columbia-assessment.md#the-form-flow): the first
 * 'Validación' problem stops the save and takes focus to its question;
 * otherwise the normalized answers are sent once. After the server answers,
 * the form turns read-only, the final remarks appear and get focus, and one
 * dialog tells the level the server computed. A failure keeps every answer.
 */
export function useSaveAssessment({
  studentId,
  onSaved,
  fieldId,
  afterSaveFocusId,
  quietWhenSessionEnds,
  saveWhenSessionRenews,
}: Options) {
  const isSessionOver = useIsSessionOver();
  const [create, { isLoading }] = useCreateAssessmentMutation();
  const [saved, setSaved] = useState<SuicideAssessment | null>(null);
  // One request at a time, and never a second record for the same form.
  const busy = useRef(false);
  const pending = useRef<PendingSave | null>(null);
  const [waitingForSession, setWaitingForSession] = useState(false);
  const token = useAppSelector(selectSessionToken);

  const submit = useCallback(
    async (values: AssessmentAnswers, helpers: FormikHelpers<AssessmentAnswers>) => {
      if (busy.current) return;
      const answers = normalizeAssessment(values);
      const [problem] = assessmentProblems(answers, latestAttemptDate(new Date()));
      if (problem) {
        helpers.setErrors(errorsAt([problem]) as AnswerErrors);
        // Focused first, so the dialog gives focus back to the question when it closes.
        focusControl(fieldId(problem.field));
        await showWarning(MSG.assessment.validationTitle, problem.msg);
        return;
      }

      busy.current = true;
      let result;
      try {
        result = await create({ ...answers, student: studentId }).unwrap();
      } catch (error) {
        busy.current = false;
        if (saveWhenSessionRenews && isSessionOver()) {
          pending.current = { values, helpers };
          setWaitingForSession(true);
          return;
        }
        if (quietWhenSessionEnds && isSessionOver()) return;
        helpers.setErrors(errorsAt(fieldErrors(error)) as AnswerErrors);
        await showError(errorMessage(error, MSG.assessment.saveError));
        return;
      }

      setWaitingForSession(false);
      const { assessment } = result;
      flushSync(() => setSaved(assessment));
      onSaved?.(assessment);
      // Focus is set before the dialog, which gives it back when it closes.
      focusControl(afterSaveFocusId);
      await showRegistered(assessment.riskLevel, result.protocol);
    },
    [
      afterSaveFocusId,
      create,
      fieldId,
      isSessionOver,
      onSaved,
      quietWhenSessionEnds,
      saveWhenSessionRenews,
      studentId,
    ],
  );

  // The new session's token: the answers kept go out as they were.
  useEffect(() => {
    const retry = pending.current;
    if (!token || !retry) return;
    pending.current = null;
    void submit(retry.values, retry.helpers);
  }, [submit, token]);

  return { submit, saved, isSaving: isLoading, waitingForSession };
}
