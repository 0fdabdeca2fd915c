import { MSG } from '../messages';
import type { AssessmentAnswers, YesNoItem } from './assessment';
import {
  endorsedIdeationTypes,
  showsIdeationDetail,
  showsIntensity,
  showsLethality,
  showsPotentialLethality,
} from './assessment-flow';
import { BEHAVIOUR_QUESTIONS, IDEATION_QUESTIONS } from './columbia-scale';

/**
 * The answers of an assessment that contradict each other
 * (docs/columbia-assessment.md#contradicting-answers): a value where the
 * flow of docs/columbia-assessment.md#the-form-flow does not ask for one. The
 * form never produces them (`normalizeAssessment` clears what it hides), the
 * server refuses them from any client, and a record stored before that rule
 * is marked wherever it is shown, from the same list.
 */

/** One contradiction: the field, what contradicts (naming the item as the form does), and the fix. */
export interface AssessmentContradiction {
  /** The field's path, as the API's errors name it ('actualAttempt.description'). */
  field: string;
  /** What contradicts, as a stored record's mark says it. */
  msg: string;
  /** What a client sending it should do instead (the 400 adds it to `msg`). */
  fix: string;
}

const M = MSG.assessment;

export const CONTRADICTION_MSG = {
  descriptionWithoutYes: (item: string) =>
    `${item}: hay una descripción aunque la respuesta no es «Sí».`,
  fixDescription: 'Responda «Sí» o deje la descripción vacía.',
  totalWithoutYes: (item: string, total: number) =>
    `${item}: hay un número de intentos (${total}) aunque la respuesta no es «Sí».`,
  fixTotal: 'Responda «Sí» o deje el número de intentos en 0.',
  detailWithoutItem2: (item: string) =>
    `${item}: respondida «Sí» aunque la pregunta 2 no es «Sí» (solo se pregunta cuando la 2 es «Sí»).`,
  fixDetail: 'Responda «Sí» a la pregunta 2, o deje esta pregunta sin responder o en «No».',
  intensityWithoutIdeation: (field: string) =>
    `${field}: hay una respuesta aunque ni la pregunta 1 ni la 2 son «Sí».`,
  fixIntensity:
    'Responda «Sí» a la pregunta 1 o a la 2, o deje vacía la sección de Intensidad de la Ideación.',
  typeNotEndorsed: `${M.mostSeriousType}: no es una de las preguntas respondidas «Sí».`,
  fixType: M.typeNotEndorsed,
  lethalityWithoutAttempt: (field: string) =>
    `${field}: hay una respuesta aunque Intento Real no es «Sí».`,
  fixLethality: 'Responda «Sí» en Intento Real, o deje vacía la sección de Letalidad.',
  potentialWithoutZero: `${M.potentialLethality}: hay una respuesta aunque el Grado de Letalidad no es 0 (solo se pregunta con el grado 0).`,
  fixPotential: 'Deje vacía la Letalidad Potencial, o indique el Grado de Letalidad 0.',
  /** The mark of a stored record: its title, what it means, and one line per contradiction. */
  markTitle: 'Respuestas que se contradicen',
  markText:
    'Esta evaluación se guardó con respuestas que se contradicen, antes de que el sistema lo impidiera. Se conserva tal como se registró y no puede modificarse; tenlo en cuenta al leerla:',
  /** Beside an entry of a list: how many. */
  markShort: (count: number) =>
    `${count} ${count === 1 ? 'respuesta se contradice' : 'respuestas se contradicen'}`,
  /** Beside a stored value that contradicts the flow. */
  markInline: 'Contradice otra respuesta',
} as const;
const C = CONTRADICTION_MSG;

/** The message of a 400 for a contradiction: what contradicts, then what to do. */
export function contradictionMessage(contradiction: AssessmentContradiction): string {
  return `${contradiction.msg} ${contradiction.fix}`;
}

const hasText = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

function itemContradictions(
  key: string,
  label: string,
  item: YesNoItem & { totalAttempts?: number },
): AssessmentContradiction[] {
  if (item.present === true) return [];
  const found: AssessmentContradiction[] = [];
  if (hasText(item.description)) {
    found.push({
      field: `${key}.description`,
      msg: C.descriptionWithoutYes(label),
      fix: C.fixDescription,
    });
  }
  const total = item.totalAttempts ?? 0;
  if (total !== 0) {
    found.push({
      field: `${key}.totalAttempts`,
      msg: C.totalWithoutYes(label, total),
      fix: C.fixTotal,
    });
  }
  return found;
}

function ideationContradictions(answers: AssessmentAnswers): AssessmentContradiction[] {
  const found: AssessmentContradiction[] = [];
  const detailAsked = showsIdeationDetail(answers);
  for (const question of IDEATION_QUESTIONS) {
    const label = `${question.number}. ${question.title}`;
    const item = answers[question.key];
    if (question.number > 2 && !detailAsked && item.present === true) {
      found.push({
        field: `${question.key}.present`,
        msg: C.detailWithoutItem2(label),
        fix: C.fixDetail,
      });
    }
    found.push(...itemContradictions(question.key, label, item));
  }
  return found;
}

function intensityContradictions(answers: AssessmentAnswers): AssessmentContradiction[] {
  const intensity = answers.ideationIntensity;
  const path = (field: string) => `ideationIntensity.${field}`;
  if (!showsIntensity(answers)) {
    const given: Array<[string, string, boolean]> = [
      ['mostSeriousIdeationType', M.mostSeriousType, intensity.mostSeriousIdeationType !== null],
      [
        'mostSeriousIdeationDescription',
        M.mostSeriousDescription,
        hasText(intensity.mostSeriousIdeationDescription),
      ],
      ['frequency', M.frequency, intensity.frequency !== null],
    ];
    return given
      .filter(([, , isGiven]) => isGiven)
      .map(([field, label]) => ({
        field: path(field),
        msg: C.intensityWithoutIdeation(label),
        fix: C.fixIntensity,
      }));
  }
  const type = intensity.mostSeriousIdeationType;
  if (type !== null && !endorsedIdeationTypes(answers).some((option) => option.value === type)) {
    return [{ field: path('mostSeriousIdeationType'), msg: C.typeNotEndorsed, fix: C.fixType }];
  }
  return [];
}

function lethalityContradictions(answers: AssessmentAnswers): AssessmentContradiction[] {
  if (!showsLethality(answers)) {
    const given: Array<[string, string, boolean]> = [
      ['lethalityDegree', M.lethalityDegree, answers.lethalityDegree !== null],
      ['potentialLethality', M.potentialLethality, answers.potentialLethality !== null],
      ['mostLethalAttemptDate', M.mostLethalAttemptDate, hasText(answers.mostLethalAttemptDate)],
    ];
    return given
      .filter(([, , isGiven]) => isGiven)
      .map(([field, label]) => ({
        field,
        msg: C.lethalityWithoutAttempt(label),
        fix: C.fixLethality,
      }));
  }
  if (answers.lethalityDegree !== 0 && answers.potentialLethality !== null) {
    return [{ field: 'potentialLethality', msg: C.potentialWithoutZero, fix: C.fixPotential }];
  }
  return [];
}

/**
 * Every contradiction of these answers, in the form's order (ideation,
 * intensity, behaviour, lethality); none for answers the form produced.
 */
export function assessmentContradictions(answers: AssessmentAnswers): AssessmentContradiction[] {
  return [
    ...ideationContradictions(answers),
    ...intensityContradictions(answers),
    ...BEHAVIOUR_QUESTIONS.flatMap((question) =>
      itemContradictions(question.key, question.name, answers[question.key]),
    ),
    ...lethalityContradictions(answers),
  ];
}

/**
 * What a stored record shows (its screen, its PDF): the sections and fields
 * the flow asked, and also any that holds a value where the flow asks none,
 * so that nothing stored is hidden; `contradicting` names those fields, for
 * marking each one (docs/columbia-assessment.md#contradicting-answers).
 */
export interface StoredAnswersView {
  contradictions: AssessmentContradiction[];
  /** The contradicting fields' paths. */
  contradicting: ReadonlySet<string>;
  /** Items 3–5. */
  ideationDetail: boolean;
  intensity: boolean;
  lethality: boolean;
  potentialLethality: boolean;
  /** Whether an attempt's number of attempts shows. */
  showsTotal: (key: 'actualAttempt' | 'interruptedAttempt' | 'abortedAttempt') => boolean;
}

export function storedAnswersView(answers: AssessmentAnswers): StoredAnswersView {
  const contradictions = assessmentContradictions(answers);
  const contradicting = new Set(contradictions.map((found) => found.field));
  const any = (prefixes: string[]) =>
    [...contradicting].some((field) => prefixes.some((prefix) => field.startsWith(prefix)));
  return {
    contradictions,
    contradicting,
    ideationDetail:
      showsIdeationDetail(answers) ||
      any(IDEATION_QUESTIONS.filter((q) => q.number > 2).map((q) => `${q.key}.`)),
    intensity: showsIntensity(answers) || any(['ideationIntensity.']),
    lethality:
      showsLethality(answers) ||
      any(['lethalityDegree', 'potentialLethality', 'mostLethalAttemptDate']),
    potentialLethality: showsPotentialLethality(answers) || contradicting.has('potentialLethality'),
    showsTotal: (key) => answers[key].present === true || contradicting.has(`${key}.totalAttempts`),
  };
}
