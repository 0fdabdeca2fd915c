/**
 * The Columbia (C-SSRS, "since last visit") risk engine of docs/columbia-assessment.md#risk-levels: a
 * pure function from the form's answers to a level. The form shows it live,
 * the server recomputes and stores it (ignoring any level a client sends),
 * and the PDF prints it. Every row of the table of docs/columbia-assessment.md#risk-levels and every combination of
 * the yes/no items is a test of this file.
 */

export const RISK_LEVELS = [
  'NO_APLICA',
  'MUY_ALTO',
  'ALTO',
  'MODERADO',
  'BAJO',
  'INDETERMINADO',
] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}

/**
 * The levels at which the service's protocol asks for more than a follow-up
 * (docs/columbia-assessment.md#saving): 'Evaluación Registrada' is a warning
 * and carries the protocol's text.
 */
export function isHighRiskLevel(level: string): boolean {
  return level === 'ALTO' || level === 'MUY_ALTO';
}

/** true = "sí", false = "no", null = not answered yet. */
export type Answer = boolean | null;

/** What the engine reads of an assessment. */
export interface RiskAnswers {
  /** Item 1: wish to be dead. */
  deathWish: Answer;
  /** Item 2: non-specific active suicidal thoughts. */
  nonSpecificActiveSuicidalThoughts: Answer;
  /** Item 3: active ideation with methods, without intent (asked only when item 2 is yes). */
  activeSuicidalIdeationWithMethods: Answer;
  /** Item 4: active ideation with some intent to act. */
  activeSuicidalIdeationWithIntent: Answer;
  /** Item 5: active ideation with a specific plan and intent. */
  activeSuicidalIdeationWithPlan: Answer;
  actualAttempt: Answer;
  interruptedAttempt: Answer;
  abortedAttempt: Answer;
  preparatoryActs: Answer;
  nonSuicidalSelfInjury: Answer;
  unknownIntentSelfInjury: Answer;
  /** 0–5, for an actual attempt; null when not given. */
  lethalityDegree: number | null;
  /** 0–2, asked when the lethality degree is 0; null when not given. */
  potentialLethality: number | null;
  completedSuicide: Answer;
}

/** "Suicidal behaviour" in docs/columbia-assessment.md#risk-levels: an actual, interrupted or aborted attempt, or preparatory acts. */
export const SUICIDAL_BEHAVIOUR_ITEMS = [
  'actualAttempt',
  'interruptedAttempt',
  'abortedAttempt',
  'preparatoryActs',
] as const;

export const SELF_INJURY_ITEMS = ['nonSuicidalSelfInjury', 'unknownIntentSelfInjury'] as const;

export const BEHAVIOUR_ITEMS = [...SUICIDAL_BEHAVIOUR_ITEMS, ...SELF_INJURY_ITEMS] as const;

/**
 * Items 3–5 are asked only when item 2 is "yes" (docs/columbia-assessment.md#items-3-to-5: otherwise they
 * are reset to "no"), so they count only then.
 */
function ideation(answers: RiskAnswers) {
  const asked = answers.nonSpecificActiveSuicidalThoughts === true;
  return {
    methods: asked ? answers.activeSuicidalIdeationWithMethods : false,
    intent: asked ? answers.activeSuicidalIdeationWithIntent : false,
    plan: asked ? answers.activeSuicidalIdeationWithPlan : false,
  };
}

/** The questions the levels below ALTO depend on, unanswered. */
export function unansweredItems(answers: RiskAnswers): Array<keyof RiskAnswers> {
  const relevant: Array<keyof RiskAnswers> = [
    'deathWish',
    'nonSpecificActiveSuicidalThoughts',
    ...(answers.nonSpecificActiveSuicidalThoughts === true
      ? ([
          'activeSuicidalIdeationWithMethods',
          'activeSuicidalIdeationWithIntent',
          'activeSuicidalIdeationWithPlan',
        ] as const)
      : []),
    ...BEHAVIOUR_ITEMS,
  ];
  return relevant.filter((item) => answers[item] === null);
}

/**
 * The level of docs/columbia-assessment.md#risk-levels, from the first rule that matches:
 *
 * - NO_APLICA: completed suicide (the record is an event, not an estimate).
 * - MUY_ALTO: ideation with a specific plan and intent (item 5); an actual
 *   attempt with lethality ≥ 3, or lethality 0 with potential lethality 2;
 *   ideation with intent (item 4) together with any suicidal behaviour.
 * - ALTO: ideation with intent (item 4); any suicidal behaviour.
 * - MODERADO: ideation with methods (item 3); non-suicidal self-injury or
 *   self-injury of unknown intent.
 * - BAJO: only items 1–2, or nothing, and no behaviour.
 * - INDETERMINADO: something those lower rules depend on is unanswered.
 *
 * Missing data never lowers a level: ALTO and MUY_ALTO stand on the "yes"
 * answers alone, while MODERADO and BAJO need every relevant question
 * answered, since an unanswered one might have been a "yes".
 */
export function computeRiskLevel(answers: RiskAnswers): RiskLevel {
  if (answers.completedSuicide === true) return 'NO_APLICA';

  const { methods, intent, plan } = ideation(answers);
  const suicidalBehaviour = SUICIDAL_BEHAVIOUR_ITEMS.some((item) => answers[item] === true);
  const lethalAttempt =
    answers.actualAttempt === true &&
    ((answers.lethalityDegree !== null && answers.lethalityDegree >= 3) ||
      (answers.lethalityDegree === 0 && answers.potentialLethality === 2));

  if (plan === true || lethalAttempt || (intent === true && suicidalBehaviour)) return 'MUY_ALTO';
  if (intent === true || suicidalBehaviour) return 'ALTO';
  if (unansweredItems(answers).length > 0) return 'INDETERMINADO';
  if (methods === true || SELF_INJURY_ITEMS.some((item) => answers[item] === true))
    return 'MODERADO';
  return 'BAJO';
}

/** Severity for ordering and comparisons (INDETERMINADO and NO_APLICA are not on the scale). */
export const RISK_SEVERITY: Record<RiskLevel, number | null> = {
  BAJO: 1,
  MODERADO: 2,
  ALTO: 3,
  MUY_ALTO: 4,
  INDETERMINADO: null,
  NO_APLICA: null,
};
