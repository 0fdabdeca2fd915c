import { MSG } from '@psicocampus/shared/domain';
import {
  assessmentContradictions,
  ATTEMPT_KEYS,
  BEHAVIOUR_QUESTIONS,
  emptyAssessmentAnswers,
  IDEATION_QUESTIONS,
  normalizeAssessment,
  riskAnswersOf,
  type AssessmentAnswers,
  type RiskLevel,
  type SuicideAssessment,
  type YesNoItem,
  unansweredItems,
} from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { FHIR_MSG } from '@psicocampus/shared/fhir';
import {
  CODE_SYSTEMS,
  EXTENSIONS,
  NO,
  QUESTIONNAIRE_ITEMS,
  scaleCoding,
  SCALES,
  YES,
  yesNoLinkId,
  type ScaleField,
} from './cssrs-questionnaire';
import type {
  CodeableConcept,
  EnableWhen,
  Extension,
  Observation,
  Patient,
  QuestionnaireItem,
  QuestionnaireResponse,
  ResponseAnswer,
  ResponseItem,
} from './fhir-types';

/**
 * A saved assessment as a FHIR R4 QuestionnaireResponse of the Columbia
 * Questionnaire (docs/api.md#fhir), and back. The response
 * follows the Questionnaire's own items and `enableWhen`: what the form
 * would not ask is not there.
 */

/** Who the assessment is about, and who wrote it, as much as the response needs. */
export interface ResponseSubject {
  student: { id: string; firstName: string; lastName: string };
}

const STUDENT = 'student';
const ENGINE_LEVEL = 'engine-level';
const CLINICIAN_LEVEL = 'clinician-level';

const text = (value: string): ResponseAnswer | undefined =>
  value.trim() === '' ? undefined : { valueString: value };

const staffName = (staff: { firstName: string; lastName: string } | null) =>
  staff ? `${staff.firstName} ${staff.lastName}`.trim() : undefined;

/** Every answer of the assessment by its item's link id (unanswered ones absent). */
function answersByLinkId(assessment: AssessmentAnswers): Map<string, ResponseAnswer> {
  const answers = new Map<string, ResponseAnswer | undefined>();
  const yesNo = (key: string, item: YesNoItem) => {
    if (item.present !== null) {
      answers.set(yesNoLinkId(key), { valueCoding: item.present ? YES : NO });
    }
    answers.set(`${key}.description`, text(item.description));
  };
  for (const { key } of IDEATION_QUESTIONS) yesNo(key, assessment[key]);
  for (const { key } of BEHAVIOUR_QUESTIONS) yesNo(key, assessment[key]);
  for (const key of ATTEMPT_KEYS) {
    answers.set(`${key}.totalAttempts`, { valueInteger: assessment[key].totalAttempts });
  }
  const scale = (field: ScaleField, value: number | null) => {
    const coding = scaleCoding(field, value);
    if (coding) answers.set(field, { valueCoding: coding });
  };
  const intensity = assessment.ideationIntensity;
  scale('ideationIntensity.mostSeriousIdeationType', intensity.mostSeriousIdeationType);
  answers.set(
    'ideationIntensity.mostSeriousIdeationDescription',
    text(intensity.mostSeriousIdeationDescription),
  );
  scale('ideationIntensity.frequency', intensity.frequency);
  answers.set('completedSuicide', { valueBoolean: assessment.completedSuicide });
  scale('lethalityDegree', assessment.lethalityDegree);
  scale('potentialLethality', assessment.potentialLethality);
  if (assessment.mostLethalAttemptDate) {
    answers.set('mostLethalAttemptDate', { valueDate: assessment.mostLethalAttemptDate });
  }
  answers.set('observations', text(assessment.observations));
  const given = new Map<string, ResponseAnswer>();
  for (const [linkId, answer] of answers) if (answer) given.set(linkId, answer);
  return given;
}

function meets(condition: EnableWhen, given: ReadonlyMap<string, ResponseAnswer>): boolean {
  const answer = given.get(condition.question);
  if ('answerBoolean' in condition) return (answer !== undefined) === condition.answerBoolean;
  const coding = answer?.valueCoding;
  return (
    coding !== undefined &&
    coding.system === condition.answerCoding.system &&
    coding.code === condition.answerCoding.code
  );
}

/**
 * Whether the form asks the item, from what was given before it: every
 * `enableWhen` of the Questionnaire names an earlier item, and an item that
 * was not asked counts as not answered (R4's rule).
 */
function isEnabled(item: QuestionnaireItem, given: ReadonlyMap<string, ResponseAnswer>): boolean {
  if (!item.enableWhen) return true;
  const results = item.enableWhen.map((condition) => meets(condition, given));
  return item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
}

function respond(
  items: readonly QuestionnaireItem[],
  answers: ReadonlyMap<string, ResponseAnswer>,
  given: Map<string, ResponseAnswer>,
): ResponseItem[] {
  const out: ResponseItem[] = [];
  for (const item of items) {
    if (item.type === 'display' || !isEnabled(item, given)) continue;
    if (item.type === 'group') {
      const children = respond(item.item ?? [], answers, given);
      if (children.length) out.push({ linkId: item.linkId, text: item.text, item: children });
      continue;
    }
    const answer = answers.get(item.linkId);
    if (!answer) continue;
    given.set(item.linkId, answer);
    out.push({ linkId: item.linkId, text: item.text, answer: [answer] });
  }
  return out;
}

/** The answers as the Questionnaire's items, only those the form asks. */
export function responseItems(assessment: AssessmentAnswers): ResponseItem[] {
  return respond(QUESTIONNAIRE_ITEMS, answersByLinkId(assessment), new Map());
}

function levelConcept(level: RiskLevel): CodeableConcept {
  const label = MSG.assessment.levels[level];
  return { coding: [{ system: CODE_SYSTEMS.riskLevel, code: level, display: label }], text: label };
}

/**
 * The student as the response needs them: who they are in PsicoCampus and
 * their name, as the assessment's PDF prints it. No contact, demographic or
 * socio-economic data (least privilege).
 */
function minimalPatient({ student }: ResponseSubject): Patient {
  return {
    resourceType: 'Patient',
    id: STUDENT,
    identifier: [{ system: CODE_SYSTEMS.studentId, value: student.id }],
    name: [{ family: student.lastName, given: [student.firstName] }],
  };
}

/**
 * The levels as Observations derived from the response ('#' is the response
 * that contains them): the engine's, with the line the product shows beside
 * it everywhere, and the clinician's where one was recorded (with its reason).
 */
function levelObservations(assessment: SuicideAssessment): Observation[] {
  const engine: Observation = {
    resourceType: 'Observation',
    id: ENGINE_LEVEL,
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'survey',
            display: 'Survey',
          },
        ],
      },
    ],
    code: {
      coding: [
        { system: CODE_SYSTEMS.item, code: 'riskLevel', display: CLINICIAN_LEVEL_MSG.engineLevel },
      ],
      text: CLINICIAN_LEVEL_MSG.engineLevel,
    },
    subject: { reference: `#${STUDENT}` },
    effectiveDateTime: assessment.createdAt,
    valueCodeableConcept: levelConcept(assessment.riskLevel),
    method: { text: FHIR_MSG.engineLevelMethod },
    note: [{ text: MSG.assessment.decisionAid }],
    derivedFrom: [{ reference: '#' }],
  };
  const clinician = assessment.clinicianLevel;
  if (!clinician) return [engine];
  const by = staffName(clinician.by);
  return [
    engine,
    {
      resourceType: 'Observation',
      id: CLINICIAN_LEVEL,
      status: 'final',
      code: {
        coding: [
          {
            system: CODE_SYSTEMS.item,
            code: 'clinicianLevel',
            display: CLINICIAN_LEVEL_MSG.clinicianLevel,
          },
        ],
        text: CLINICIAN_LEVEL_MSG.clinicianLevel,
      },
      subject: { reference: `#${STUDENT}` },
      effectiveDateTime: clinician.at,
      ...(by ? { performer: [{ display: by }] } : {}),
      valueCodeableConcept: levelConcept(clinician.level),
      note: [{ text: clinician.reason }],
      derivedFrom: [{ reference: '#' }],
    },
  ];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored field's value by its path ('actualAttempt.description'). */
function valueAt(answers: AssessmentAnswers, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined,
      answers,
    );
}

/** A stored value as an extension's value: the scale's coding, yes/no, a date, a number or text. */
function storedValue(field: string, value: unknown): Extension {
  const base = { url: 'storedValue' };
  if (field in SCALES && typeof value === 'number') {
    const coding = scaleCoding(field as ScaleField, value);
    if (coding) return { ...base, valueCoding: coding };
  }
  if (typeof value === 'boolean') return { ...base, valueCoding: value ? YES : NO };
  if (typeof value === 'number' && Number.isInteger(value)) return { ...base, valueInteger: value };
  if (typeof value === 'string' && DATE.test(value) && field === 'mostLethalAttemptDate') {
    return { ...base, valueDate: value };
  }
  return { ...base, valueString: String(value) };
}

/**
 * Each answer stored where the flow asks none (a record saved before such
 * answers were refused): the response's items follow the Questionnaire and
 * cannot hold it, so it travels as an extension with its field, the Spanish
 * message and the value as stored, never silently dropped
 * (docs/columbia-assessment.md#contradicting-answers).
 */
function contradictionExtensions(assessment: AssessmentAnswers): Extension[] {
  return assessmentContradictions(assessment).map((found) => ({
    url: EXTENSIONS.contradictingAnswer,
    extension: [
      { url: 'item', valueCoding: { system: CODE_SYSTEMS.item, code: found.field } },
      { url: 'message', valueString: found.msg },
      storedValue(found.field, valueAt(assessment, found.field)),
    ],
  }));
}

/**
 * The QuestionnaireResponse of a saved assessment. The student and the
 * levels travel inside it (`contained`): this API serves no Patient or
 * Observation of their own, so a reference to one would point nowhere a
 * client can read.
 */
export function toQuestionnaireResponse(
  assessment: SuicideAssessment,
  subject: ResponseSubject,
  questionnaireUrl: string,
): QuestionnaireResponse {
  const author = staffName(assessment.createdBy);
  const contradictions = contradictionExtensions(assessment);
  return {
    resourceType: 'QuestionnaireResponse',
    id: assessment._id,
    language: 'es',
    ...(contradictions.length ? { extension: contradictions } : {}),
    contained: [minimalPatient(subject), ...levelObservations(assessment)],
    questionnaire: questionnaireUrl,
    // An interview stopped before its end leaves required questions unanswered.
    status: unansweredItems(riskAnswersOf(assessment)).length > 0 ? 'in-progress' : 'completed',
    subject: { reference: `#${STUDENT}` },
    authored: assessment.createdAt,
    ...(author ? { author: { display: author } } : {}),
    item: responseItems(assessment),
  };
}

/* Back: a response's answers as the form's (what an integrator, or the round-trip test, reads). */

function flatten(items: readonly ResponseItem[] | undefined, into: Map<string, ResponseAnswer>) {
  for (const item of items ?? []) {
    const [answer] = item.answer ?? [];
    if (answer) into.set(item.linkId, answer);
    flatten(item.item, into);
    for (const nested of item.answer ?? []) flatten(nested.item, into);
  }
  return into;
}

function yesNoOf(answer: ResponseAnswer | undefined): boolean | null {
  const coding = answer?.valueCoding;
  if (!coding || coding.system !== YES.system) return null;
  if (coding.code === YES.code) return true;
  if (coding.code === NO.code) return false;
  return null;
}

function scaleValue(field: ScaleField, answer: ResponseAnswer | undefined): number | null {
  const coding = answer?.valueCoding;
  if (!coding || coding.system !== SCALES[field].system) return null;
  const value = Number(coding.code);
  return SCALES[field].options.some((option) => option.value === value) ? value : null;
}

/**
 * The form's answers read back from a QuestionnaireResponse of this
 * Questionnaire, with the form's resets applied (`normalizeAssessment`):
 * what the response leaves out was not asked, or not answered.
 */
export function answersOfQuestionnaireResponse(
  response: Pick<QuestionnaireResponse, 'item'>,
): AssessmentAnswers {
  const given = flatten(response.item, new Map());
  const answers = emptyAssessmentAnswers();
  const stringOf = (linkId: string) => given.get(linkId)?.valueString ?? '';
  for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
    answers[key].present = yesNoOf(given.get(yesNoLinkId(key)));
    answers[key].description = stringOf(`${key}.description`);
  }
  for (const key of ATTEMPT_KEYS) {
    answers[key].totalAttempts = given.get(`${key}.totalAttempts`)?.valueInteger ?? 0;
  }
  answers.ideationIntensity = {
    mostSeriousIdeationType: scaleValue(
      'ideationIntensity.mostSeriousIdeationType',
      given.get('ideationIntensity.mostSeriousIdeationType'),
    ),
    mostSeriousIdeationDescription: stringOf('ideationIntensity.mostSeriousIdeationDescription'),
    frequency: scaleValue('ideationIntensity.frequency', given.get('ideationIntensity.frequency')),
  };
  answers.completedSuicide = given.get('completedSuicide')?.valueBoolean === true;
  answers.lethalityDegree = scaleValue('lethalityDegree', given.get('lethalityDegree'));
  answers.potentialLethality = scaleValue('potentialLethality', given.get('potentialLethality'));
  answers.mostLethalAttemptDate = given.get('mostLethalAttemptDate')?.valueDate ?? null;
  answers.observations = stringOf('observations');
  return normalizeAssessment(answers);
}
