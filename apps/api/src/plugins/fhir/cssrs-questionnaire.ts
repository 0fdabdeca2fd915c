import { MSG } from '@psicocampus/shared/domain';
import {
  BEHAVIOUR_QUESTIONS,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  POTENTIAL_LETHALITIES,
  type IdeationKey,
} from '@psicocampus/shared/columbia';
import { FHIR_MSG } from '@psicocampus/shared/fhir';
import type { Coding, EnableWhen, Questionnaire, QuestionnaireItem } from './fhir-types';

/**
 * The Columbia form as a FHIR R4 Questionnaire
 * (docs/api.md#fhir): its items, answer options and the flow of
 * docs/columbia-assessment.md#the-form-flow as `enableWhen`, with every
 * question's and option's Spanish wording taken from the catalogue the form
 * shows (`columbia-scale.ts`, `MSG.assessment`).
 */

export const QUESTIONNAIRE_ID = 'cssrs-since-last-visit';

/**
 * The product's own canonical names. They identify, they do not locate: the
 * same in every deployment (a university's address would make two services'
 * identical codes look different), under the name the documentation gives
 * the product's service (psicocampus.example.edu, a reserved example domain
 * that can never belong to anyone else).
 */
const PRODUCT_FHIR = 'https://psicocampus.example.edu/fhir';

export const CODE_SYSTEMS = {
  /** The form's fields, by the path the API and its errors use ('deathWish', 'actualAttempt.totalAttempts'). */
  item: `${PRODUCT_FHIR}/CodeSystem/cssrs`,
  /** docs/columbia-assessment.md#answer-codes: 5 (wish to be dead) … 1 (plan, the most severe). */
  ideationType: `${PRODUCT_FHIR}/CodeSystem/cssrs-ideation-type`,
  frequency: `${PRODUCT_FHIR}/CodeSystem/cssrs-frequency`,
  lethalityDegree: `${PRODUCT_FHIR}/CodeSystem/cssrs-lethality-degree`,
  potentialLethality: `${PRODUCT_FHIR}/CodeSystem/cssrs-potential-lethality`,
  /** The levels of docs/columbia-assessment.md#risk-levels (BAJO … NO_APLICA). */
  riskLevel: `${PRODUCT_FHIR}/CodeSystem/risk-level`,
  /** Not a code system: the system of a student's identifier (its id in PsicoCampus). */
  studentId: `${PRODUCT_FHIR}/sid/student`,
} as const;

/**
 * The product's extensions. `contradicting-answer` (a complex extension of a
 * QuestionnaireResponse): an answer stored where the form's flow asks none,
 * which the response's items cannot hold (docs/columbia-assessment.md#contradicting-answers):
 * `item` (the field, a code of CODE_SYSTEMS.item), `message` (what
 * contradicts, in Spanish) and `storedValue` (the value as stored).
 */
export const EXTENSIONS = {
  contradictingAnswer: `${PRODUCT_FHIR}/StructureDefinition/contradicting-answer`,
} as const;

export const LOINC = 'http://loinc.org';

/**
 * LOINC's Yes/No answers, as the HL7 US Behavioral Health Profiles
 * implementation guide's C-SSRS example answers them.
 */
export const YES: Coding = { system: LOINC, code: 'LA33-6', display: MSG.assessment.yes };
export const NO: Coding = { system: LOINC, code: 'LA32-8', display: MSG.assessment.no };

/**
 * Items 1–5 are the C-SSRS screener's ideation questions, which LOINC codes
 * (the same guide's example). Their link ids carry the code as that example
 * writes them ('/93246-7'). The behaviour items have no LOINC question of
 * their own (LOINC's one behaviour question asks about the whole lifetime),
 * so they keep the product's codes only.
 */
const LOINC_IDEATION: Readonly<Record<IdeationKey, string>> = {
  deathWish: '93246-7',
  nonSpecificActiveSuicidalThoughts: '93247-5',
  activeSuicidalIdeationWithMethods: '93248-3',
  activeSuicidalIdeationWithIntent: '93249-1',
  activeSuicidalIdeationWithPlan: '93250-9',
};

/** The link id of a yes/no item of the scale. */
export function yesNoLinkId(key: string): string {
  const loinc = (LOINC_IDEATION as Record<string, string | undefined>)[key];
  return loinc ? `/${loinc}` : key;
}

/** The answer scales of docs/columbia-assessment.md#answer-codes, by the field that records each. */
export const SCALES = {
  'ideationIntensity.mostSeriousIdeationType': {
    system: CODE_SYSTEMS.ideationType,
    options: IDEATION_TYPES,
  },
  'ideationIntensity.frequency': { system: CODE_SYSTEMS.frequency, options: FREQUENCIES },
  lethalityDegree: { system: CODE_SYSTEMS.lethalityDegree, options: LETHALITY_DEGREES },
  potentialLethality: {
    system: CODE_SYSTEMS.potentialLethality,
    options: POTENTIAL_LETHALITIES,
  },
} as const;
export type ScaleField = keyof typeof SCALES;

/** A value of a scale as a coding (its Spanish label as display), or null when it is not one. */
export function scaleCoding(field: ScaleField, value: number | null): Coding | null {
  const scale = SCALES[field];
  const option = scale.options.find((candidate) => candidate.value === value);
  return option
    ? { system: scale.system, code: String(option.value), display: option.label }
    : null;
}

const productCode = (path: string, display: string): Coding => ({
  system: CODE_SYSTEMS.item,
  code: path,
  display,
});

const answered = (linkId: string): EnableWhen => ({
  question: linkId,
  operator: 'exists',
  answerBoolean: true,
});
const saidYes = (linkId: string): EnableWhen => ({
  question: linkId,
  operator: '=',
  answerCoding: YES,
});

function yesNo(
  key: string,
  text: string,
  title: string,
  extra: Partial<QuestionnaireItem> = {},
): QuestionnaireItem {
  const linkId = yesNoLinkId(key);
  const loinc = (LOINC_IDEATION as Record<string, string | undefined>)[key];
  return {
    linkId,
    text,
    type: 'choice',
    code: [...(loinc ? [{ system: LOINC, code: loinc }] : []), productCode(key, title)],
    required: true,
    answerOption: [{ valueCoding: YES }, { valueCoding: NO }],
    ...extra,
  };
}

/** The description asked under a "Sí" (docs/columbia-assessment.md#validation: required for behaviour). */
function description(key: string, required: boolean): QuestionnaireItem {
  const path = `${key}.description`;
  return {
    linkId: path,
    text: MSG.assessment.description,
    type: 'text',
    code: [productCode(path, MSG.assessment.description)],
    required,
    enableWhen: [saidYes(yesNoLinkId(key))],
  };
}

function scaleQuestion(
  field: ScaleField,
  text: string,
  extra: Partial<QuestionnaireItem> = {},
): QuestionnaireItem {
  const options = SCALES[field].options.map((option) => ({
    valueCoding: scaleCoding(field, option.value)!,
  }));
  return {
    linkId: field,
    text,
    type: 'choice',
    code: [productCode(field, text)],
    required: true,
    answerOption: options,
    ...extra,
  };
}

function field(
  path: string,
  text: string,
  type: 'text' | 'integer' | 'date' | 'boolean',
  extra: Partial<QuestionnaireItem> = {},
): QuestionnaireItem {
  return { linkId: path, text, type, code: [productCode(path, text)], ...extra };
}

const ITEM_2 = yesNoLinkId('nonSpecificActiveSuicidalThoughts');
const ITEM_1 = yesNoLinkId('deathWish');

function ideationGroup(): QuestionnaireItem {
  const items = IDEATION_QUESTIONS.flatMap((question) => [
    yesNo(question.key, question.question, question.title, {
      prefix: `${question.number}.`,
      // docs/columbia-assessment.md#items-3-to-5: asked only when item 2 is "Sí".
      ...(question.number > 2 ? { enableWhen: [saidYes(ITEM_2)] } : {}),
    }),
    description(question.key, false),
  ]);
  return { linkId: 'ideation', text: MSG.assessment.ideationSection, type: 'group', item: items };
}

function intensityGroup(): QuestionnaireItem {
  return {
    linkId: 'intensity',
    text: MSG.assessment.intensitySection,
    type: 'group',
    // docs/columbia-assessment.md#intensity: when item 1 or item 2 is "Sí".
    enableWhen: [saidYes(ITEM_1), saidYes(ITEM_2)],
    enableBehavior: 'any',
    item: [
      scaleQuestion('ideationIntensity.mostSeriousIdeationType', MSG.assessment.mostSeriousType),
      {
        // The form offers only the types answered "Sí"; R4 cannot filter options, so it is said.
        linkId: 'ideationIntensity.mostSeriousIdeationType.note',
        text: MSG.assessment.typeNotEndorsed,
        type: 'display',
      },
      field(
        'ideationIntensity.mostSeriousIdeationDescription',
        MSG.assessment.mostSeriousDescription,
        'text',
        { required: true },
      ),
      scaleQuestion('ideationIntensity.frequency', MSG.assessment.frequency),
    ],
  };
}

function behaviourGroup(): QuestionnaireItem {
  const items = BEHAVIOUR_QUESTIONS.flatMap((question) => [
    yesNo(question.key, question.question, question.name),
    description(question.key, true),
    ...(question.withTotal
      ? [
          field(`${question.key}.totalAttempts`, MSG.assessment.totalAttempts, 'integer', {
            required: true,
            enableWhen: [saidYes(question.key)],
          }),
        ]
      : []),
  ]);
  return {
    linkId: 'behaviour',
    text: MSG.assessment.behaviourSection,
    type: 'group',
    // docs/columbia-assessment.md#behaviour: always asked once items 1 and 2 are answered.
    enableWhen: [answered(ITEM_1), answered(ITEM_2)],
    enableBehavior: 'all',
    item: [
      ...items,
      field('completedSuicide', MSG.assessment.completedSuicide, 'boolean', { required: true }),
    ],
  };
}

function lethalityGroup(): QuestionnaireItem {
  return {
    linkId: 'lethality',
    text: MSG.assessment.lethalitySection,
    type: 'group',
    // docs/columbia-assessment.md#lethality: when there was an actual attempt.
    enableWhen: [saidYes(yesNoLinkId('actualAttempt'))],
    item: [
      scaleQuestion('lethalityDegree', MSG.assessment.lethalityDegree),
      // Asked only when the degree is 0 (0 is an answer, not "none").
      scaleQuestion('potentialLethality', MSG.assessment.potentialLethality, {
        enableWhen: [
          {
            question: 'lethalityDegree',
            operator: '=',
            answerCoding: scaleCoding('lethalityDegree', 0)!,
          },
        ],
      }),
      field('mostLethalAttemptDate', MSG.assessment.mostLethalAttemptDate, 'date', {
        required: true,
      }),
    ],
  };
}

/** The form's items, in its order. */
export const QUESTIONNAIRE_ITEMS: readonly QuestionnaireItem[] = [
  ideationGroup(),
  intensityGroup(),
  behaviourGroup(),
  lethalityGroup(),
  {
    linkId: 'observationsSection',
    text: MSG.assessment.observationsSection,
    type: 'group',
    item: [field('observations', MSG.assessment.observations, 'text')],
  },
];

/**
 * `GET /api/fhir/Questionnaire/cssrs-since-last-visit`. `url` is where this
 * service serves it, so that a response's `questionnaire` can be read.
 */
export function cssrsQuestionnaire(url: string, version: string): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    id: QUESTIONNAIRE_ID,
    url,
    version,
    name: 'CSSRSDesdeLaUltimaVisita',
    title: MSG.assessment.title,
    status: 'active',
    language: 'es',
    subjectType: ['Patient'],
    publisher: 'PsicoCampus',
    description: FHIR_MSG.questionnaireDescription,
    item: structuredClone(QUESTIONNAIRE_ITEMS) as QuestionnaireItem[],
  };
}
