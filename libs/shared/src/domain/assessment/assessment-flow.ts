import type { RiskAnswers } from '../risk/risk-engine';
import type { AssessmentAnswers } from './assessment';
import {
  BEHAVIOUR_QUESTIONS,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  type IdeationKey,
} from './columbia-scale';

/**
 * The flow of docs/columbia-assessment.md#the-form-flow, shared by the form (what
 * to show) and the server (what to keep).
 */

/** docs/columbia-assessment.md#intensity: the intensity section shows when item 1 or item 2 is "yes". */
export function showsIntensity(answers: AssessmentAnswers): boolean {
  return (
    answers.deathWish.present === true || answers.nonSpecificActiveSuicidalThoughts.present === true
  );
}

/** docs/columbia-assessment.md#items-3-to-5: items 3–5 are asked only when item 2 is "yes". */
export function showsIdeationDetail(answers: AssessmentAnswers): boolean {
  return answers.nonSpecificActiveSuicidalThoughts.present === true;
}

/** docs/columbia-assessment.md#behaviour: the behaviour section is always asked once items 1 and 2 are answered. */
export function showsBehaviour(answers: AssessmentAnswers): boolean {
  return (
    answers.deathWish.present !== null && answers.nonSpecificActiveSuicidalThoughts.present !== null
  );
}

/** docs/columbia-assessment.md#lethality: the lethality section shows when there was an actual attempt. */
export function showsLethality(answers: AssessmentAnswers): boolean {
  return answers.actualAttempt.present === true;
}

/** docs/columbia-assessment.md#lethality, corrected: potential lethality is asked only when the degree is 0. */
export function showsPotentialLethality(answers: AssessmentAnswers): boolean {
  return showsLethality(answers) && answers.lethalityDegree === 0;
}

/** docs/columbia-assessment.md#intensity: the most serious type is offered only among the items answered "yes". */
export function endorsedIdeationTypes(answers: AssessmentAnswers) {
  return IDEATION_TYPES.filter((type) => answers[type.item as IdeationKey].present === true);
}

/**
 * Applies the resets of the flow: hidden items 3–5 become "no", a hidden
 * intensity section is cleared (docs/columbia-assessment.md#intensity), hidden lethality answers are
 * cleared, a type no longer endorsed is dropped, the description and the
 * number of attempts of an item not answered "Sí" are cleared. The form
 * calls it on every change, so it never holds a contradiction
 * (`assessmentContradictions` finds none in what it returns). The server
 * refuses contradicting answers first; on the rest this only fills the
 * defaults of questions that were not asked (items 3–5 left unanswered
 * become "no"), docs/columbia-assessment.md#contradicting-answers.
 */
export function normalizeAssessment(answers: AssessmentAnswers): AssessmentAnswers {
  const next: AssessmentAnswers = structuredClone(answers);
  if (!showsIdeationDetail(next)) {
    for (const key of [
      'activeSuicidalIdeationWithMethods',
      'activeSuicidalIdeationWithIntent',
      'activeSuicidalIdeationWithPlan',
    ] as const) {
      next[key] = { present: false, description: '' };
    }
  }
  if (!showsIntensity(next)) {
    next.ideationIntensity = {
      mostSeriousIdeationType: null,
      mostSeriousIdeationDescription: '',
      frequency: null,
    };
  } else if (
    next.ideationIntensity.mostSeriousIdeationType !== null &&
    !endorsedIdeationTypes(next).some(
      (type) => type.value === next.ideationIntensity.mostSeriousIdeationType,
    )
  ) {
    next.ideationIntensity.mostSeriousIdeationType = null;
  }
  if (!showsLethality(next)) {
    next.lethalityDegree = null;
    next.potentialLethality = null;
    next.mostLethalAttemptDate = null;
  } else if (!showsPotentialLethality(next)) {
    next.potentialLethality = null;
  }
  for (const key of ['actualAttempt', 'interruptedAttempt', 'abortedAttempt'] as const) {
    if (next[key].present !== true) next[key].totalAttempts = 0;
  }
  // A description is asked only under a "Sí": set back to "No", the item
  // keeps none (docs/columbia-assessment.md#contradicting-answers).
  for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
    if (next[key].present !== true) next[key].description = '';
  }
  return next;
}

/**
 * One change of the form, with the flow applied: the resets of
 * `normalizeAssessment`, and items 3–5 asked afresh (unanswered) each time
 * item 2 turns "yes" — kept at "no" from an earlier reset they would look
 * answered, and neither 'Por favor, complete todas las preguntas...' nor an
 * INDETERMINADO level could ever show.
 */
export function reviseAssessment(
  previous: AssessmentAnswers,
  next: AssessmentAnswers,
): AssessmentAnswers {
  if (showsIdeationDetail(previous) || !showsIdeationDetail(next)) return normalizeAssessment(next);
  const revealed = structuredClone(next);
  for (const key of [
    'activeSuicidalIdeationWithMethods',
    'activeSuicidalIdeationWithIntent',
    'activeSuicidalIdeationWithPlan',
  ] as const) {
    revealed[key] = { present: null, description: '' };
  }
  return normalizeAssessment(revealed);
}

/** What the risk engine reads of an assessment. */
export function riskAnswersOf(answers: AssessmentAnswers): RiskAnswers {
  return {
    deathWish: answers.deathWish.present,
    nonSpecificActiveSuicidalThoughts: answers.nonSpecificActiveSuicidalThoughts.present,
    activeSuicidalIdeationWithMethods: answers.activeSuicidalIdeationWithMethods.present,
    activeSuicidalIdeationWithIntent: answers.activeSuicidalIdeationWithIntent.present,
    activeSuicidalIdeationWithPlan: answers.activeSuicidalIdeationWithPlan.present,
    actualAttempt: answers.actualAttempt.present,
    interruptedAttempt: answers.interruptedAttempt.present,
    abortedAttempt: answers.abortedAttempt.present,
    preparatoryActs: answers.preparatoryActs.present,
    nonSuicidalSelfInjury: answers.nonSuicidalSelfInjury.present,
    unknownIntentSelfInjury: answers.unknownIntentSelfInjury.present,
    lethalityDegree: answers.lethalityDegree,
    potentialLethality: answers.potentialLethality,
    completedSuicide: answers.completedSuicide,
  };
}
