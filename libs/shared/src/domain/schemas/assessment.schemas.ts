import { boolean, mixed, number, object, ObjectSchema, ValidationError, type InferType } from 'yup';
import { text } from './text';
import type { AssessmentAnswers } from '../assessment/assessment';
import {
  endorsedIdeationTypes,
  showsIdeationDetail,
  showsIntensity,
  showsLethality,
  showsPotentialLethality,
} from '../assessment/assessment-flow';
import {
  assessmentContradictions,
  contradictionMessage,
} from '../assessment/assessment-contradictions';
import {
  answerBehaviourMessage,
  BEHAVIOUR_QUESTIONS,
  describeBehaviourMessage,
} from '../assessment/columbia-scale';
import type { FieldError } from '../api-types';
import { MSG } from '../messages';
import { RISK_LEVELS } from '../risk/risk-engine';

const M = MSG.assessment;
/** The longest answer, description or remark of an assessment. */
export const ASSESSMENT_TEXT_MAX = 5000;
const TEXT_MAX = ASSESSMENT_TEXT_MAX;

/** 'YYYY-MM-DD' of a moment, in the browser's time zone (or the server's). */
export function localIsoDate(moment: Date): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${day}`;
}

/**
 * The latest date a "most lethal attempt" may have: today where the person
 * filling the form is. A server in UTC allows for clocks up to 14 hours ahead.
 */
export function latestAttemptDate(now: Date, allowAheadHours = 0): string {
  return localIsoDate(new Date(now.getTime() + allowAheadHours * 3_600_000));
}

const isBlank = (text: string | undefined | null) => !text || text.trim() === '';

/** The most attempts an item may record. */
export const ATTEMPTS_MAX = 10_000;

/**
 * What is wrong with a number of attempts, or null: a whole number from 0 to
 * ATTEMPTS_MAX. The form explains it as it is typed; `assessmentProblems`
 * adds "at least 1" for an attempt answered "yes".
 */
export function attemptCountProblem(total: unknown): string | null {
  if (typeof total !== 'number' || !Number.isInteger(total)) return M.totalAttemptsInteger;
  if (total < 0) return M.totalAttemptsMin;
  if (total > ATTEMPTS_MAX) return M.totalAttemptsMax;
  return null;
}

/**
 * The rules of docs/columbia-assessment.md#validation, in that order: the
 * first problem is the 'Validación' warning the form shows; the server
 * answers all of them (field paths included) and refuses the assessment.
 */
export function assessmentProblems(answers: AssessmentAnswers, maxDate: string): FieldError[] {
  const problems: FieldError[] = [];
  const add = (field: string, msg: string) => problems.push({ field, msg });

  if (answers.deathWish.present === null) add('deathWish.present', M.answerRequired12);
  if (answers.nonSpecificActiveSuicidalThoughts.present === null) {
    add('nonSpecificActiveSuicidalThoughts.present', M.answerRequired12);
  }
  if (problems.length) return problems;

  if (showsIdeationDetail(answers)) {
    for (const key of [
      'activeSuicidalIdeationWithMethods',
      'activeSuicidalIdeationWithIntent',
      'activeSuicidalIdeationWithPlan',
    ] as const) {
      if (answers[key].present === null) add(`${key}.present`, M.answerAllIdeation);
    }
  }

  if (showsIntensity(answers)) {
    const intensity = answers.ideationIntensity;
    if (intensity.mostSeriousIdeationType === null) {
      add('ideationIntensity.mostSeriousIdeationType', M.completeIntensity);
    } else if (
      !endorsedIdeationTypes(answers).some(
        (type) => type.value === intensity.mostSeriousIdeationType,
      )
    ) {
      add('ideationIntensity.mostSeriousIdeationType', M.typeNotEndorsed);
    }
    if (isBlank(intensity.mostSeriousIdeationDescription)) {
      add('ideationIntensity.mostSeriousIdeationDescription', M.completeIntensity);
    }
    if (intensity.frequency === null) add('ideationIntensity.frequency', M.completeIntensity);
  }

  for (const item of BEHAVIOUR_QUESTIONS) {
    const answer = answers[item.key];
    if (answer.present === null) add(`${item.key}.present`, answerBehaviourMessage(item));
    else if (answer.present && isBlank(answer.description)) {
      add(`${item.key}.description`, describeBehaviourMessage(item));
    }
    // A "yes" to an attempt with 0 attempts contradicts itself; a number
    // under a "no" is among `assessmentContradictions`.
    if (item.withTotal && answer.present === true) {
      const total = (answer as { totalAttempts?: unknown }).totalAttempts;
      const problem =
        attemptCountProblem(total) ??
        ((total as number) < 1 ? M.totalAttemptsAtLeastOne(item.name) : null);
      if (problem) add(`${item.key}.totalAttempts`, problem);
    }
  }

  if (showsLethality(answers)) {
    if (answers.lethalityDegree === null) add('lethalityDegree', M.selectLethality);
    if (showsPotentialLethality(answers) && answers.potentialLethality === null) {
      add('potentialLethality', M.selectPotential);
    }
    if (!answers.mostLethalAttemptDate) add('mostLethalAttemptDate', M.enterLethalDate);
    else if (answers.mostLethalAttemptDate > maxDate)
      add('mostLethalAttemptDate', M.lethalDateFuture);
  }
  return problems;
}

/* The shape of each field (types, ranges, lengths); the rules above need it right. */

const strictBoolean = () => boolean().strict().typeError(M.mustBeBoolean);

const yesNoItem = () =>
  object({
    present: strictBoolean().nullable().defined(M.mustBeBoolean),
    description: text().trim().max(TEXT_MAX, M.textTooLong(TEXT_MAX)).default(''),
  });

const attemptItem = () =>
  yesNoItem().shape({
    totalAttempts: number()
      .typeError(M.totalAttemptsInteger)
      .integer(M.totalAttemptsInteger)
      .min(0, M.totalAttemptsMin)
      .max(ATTEMPTS_MAX, M.totalAttemptsMax)
      .default(0),
  });

const optionalCode = (min: number, max: number) =>
  number()
    .typeError(M.invalidOption)
    .integer(M.invalidOption)
    .min(min, M.invalidOption)
    .max(max, M.invalidOption)
    .nullable()
    .default(null);

/** The answers' shape, shared by the form and the server. */
export const assessmentAnswersSchema = object({
  deathWish: yesNoItem(),
  nonSpecificActiveSuicidalThoughts: yesNoItem(),
  activeSuicidalIdeationWithMethods: yesNoItem(),
  activeSuicidalIdeationWithIntent: yesNoItem(),
  activeSuicidalIdeationWithPlan: yesNoItem(),
  actualAttempt: attemptItem(),
  nonSuicidalSelfInjury: yesNoItem(),
  unknownIntentSelfInjury: yesNoItem(),
  interruptedAttempt: attemptItem(),
  abortedAttempt: attemptItem(),
  preparatoryActs: yesNoItem(),
  ideationIntensity: object({
    mostSeriousIdeationType: optionalCode(1, 5),
    mostSeriousIdeationDescription: text()
      .trim()
      .max(TEXT_MAX, M.textTooLong(TEXT_MAX))
      .default(''),
    frequency: optionalCode(0, 4),
  }),
  completedSuicide: strictBoolean().default(false),
  mostLethalAttemptDate: text()
    .nullable()
    .default(null)
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: M.lethalDateInvalid, excludeEmptyString: true })
    .test('real-date', M.lethalDateInvalid, (value) => !value || !Number.isNaN(Date.parse(value))),
  lethalityDegree: optionalCode(0, 5),
  potentialLethality: optionalCode(0, 2),
  observations: text().trim().max(TEXT_MAX, M.textTooLong(TEXT_MAX)).default(''),
});

/** The answers' sections: each a group of fields (an item with its description, the intensity). */
const SECTION_KEYS = Object.entries(assessmentAnswersSchema.fields)
  .filter(([, field]) => field instanceof ObjectSchema)
  .map(([key]) => key);

function hasSections(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return SECTION_KEYS.every((key) => {
    const section = (value as Record<string, unknown>)[key];
    return typeof section === 'object' && section !== null && !Array.isArray(section);
  });
}

/**
 * POST /api/suicide-assessments: the answers, the student (docs/api.md#assessments sends it
 * as `student`; `studentId` is accepted too), and a `riskLevel` the server
 * ignores (docs/columbia-assessment.md#risk-levels: it computes its own). `maxDate` is the latest
 * allowed attempt date.
 */
export function assessmentCreateSchema(maxDate: string) {
  return assessmentAnswersSchema
    .shape({
      student: text().trim().uuid(MSG.api.invalidId),
      studentId: text().trim().uuid(MSG.api.invalidId),
      riskLevel: mixed()
        .nullable()
        .oneOf([...RISK_LEVELS, undefined], M.invalidOption),
      finalRemarks: text().trim().max(0, M.noRemarksOnCreate),
    })
    .test('student', MSG.appointments.studentRequired, function check(value) {
      if (!value?.student && !value?.studentId) {
        return this.createError({ path: 'student', message: MSG.appointments.studentRequired });
      }
      if (value.student && value.studentId && value.student !== value.studentId) {
        return this.createError({ path: 'studentId', message: M.studentMismatch });
      }
      return true;
    })
    .test('columbia-rules', M.answerRequired12, function check(value) {
      // A body whose sections are not objects has its fields' own errors; the
      // rules below read the sections as the form fills them.
      if (!hasSections(value)) return true;
      const answers = value as unknown as AssessmentAnswers;
      // The 'Validación' rules, then the answers that contradict each other:
      // refused, never silently cleared, whoever sends them
      // (docs/columbia-assessment.md#contradicting-answers).
      const problems = [
        ...assessmentProblems(answers, maxDate),
        ...assessmentContradictions(answers).map((found) => ({
          field: found.field,
          msg: contradictionMessage(found),
        })),
      ];
      if (!problems.length) return true;
      return new ValidationError(
        problems.map((problem) => new ValidationError(problem.msg, undefined, problem.field)),
      );
    });
}
export type AssessmentCreateBody = InferType<ReturnType<typeof assessmentCreateSchema>>;

/** PUT /api/suicide-assessments/:id/final-remarks (docs/columbia-assessment.md#final-remarks; 7-row textarea). */
export const finalRemarksSchema = object({
  finalRemarks: text()
    .trim()
    .required(M.finalRemarksRequired)
    .max(TEXT_MAX, M.textTooLong(TEXT_MAX)),
});
export type FinalRemarksBody = InferType<typeof finalRemarksSchema>;
