import {
  computeRiskLevel,
  RISK_SEVERITY,
  unansweredItems,
  type Answer,
  type RiskAnswers,
  type RiskLevel,
} from './risk-engine';

/** Everything answered "no": the BAJO baseline. */
const NOTHING: RiskAnswers = {
  deathWish: false,
  nonSpecificActiveSuicidalThoughts: false,
  activeSuicidalIdeationWithMethods: false,
  activeSuicidalIdeationWithIntent: false,
  activeSuicidalIdeationWithPlan: false,
  actualAttempt: false,
  interruptedAttempt: false,
  abortedAttempt: false,
  preparatoryActs: false,
  nonSuicidalSelfInjury: false,
  unknownIntentSelfInjury: false,
  lethalityDegree: null,
  potentialLethality: null,
  completedSuicide: false,
};

const withThoughts = { ...NOTHING, deathWish: true, nonSpecificActiveSuicidalThoughts: true };

describe('docs/columbia-assessment.md#risk-levels, row by row', () => {
  it.each<[string, Partial<RiskAnswers>, RiskLevel]>([
    ['NO_APLICA: completed suicide', { completedSuicide: true }, 'NO_APLICA'],
    [
      'NO_APLICA wins over everything else',
      { ...withThoughts, activeSuicidalIdeationWithPlan: true, completedSuicide: true },
      'NO_APLICA',
    ],
    [
      'MUY_ALTO: ideation with a plan (item 5)',
      { ...withThoughts, activeSuicidalIdeationWithPlan: true },
      'MUY_ALTO',
    ],
    [
      'MUY_ALTO: actual attempt, lethality 3',
      { actualAttempt: true, lethalityDegree: 3 },
      'MUY_ALTO',
    ],
    [
      'MUY_ALTO: actual attempt, lethality 5',
      { actualAttempt: true, lethalityDegree: 5 },
      'MUY_ALTO',
    ],
    [
      'MUY_ALTO: actual attempt, lethality 0 with potential lethality 2',
      { actualAttempt: true, lethalityDegree: 0, potentialLethality: 2 },
      'MUY_ALTO',
    ],
    [
      'MUY_ALTO: intent (item 4) with preparatory acts',
      { ...withThoughts, activeSuicidalIdeationWithIntent: true, preparatoryActs: true },
      'MUY_ALTO',
    ],
    [
      'MUY_ALTO: intent (item 4) with an aborted attempt',
      { ...withThoughts, activeSuicidalIdeationWithIntent: true, abortedAttempt: true },
      'MUY_ALTO',
    ],
    [
      'ALTO: intent (item 4) alone',
      { ...withThoughts, activeSuicidalIdeationWithIntent: true },
      'ALTO',
    ],
    ['ALTO: an actual attempt of lethality 2', { actualAttempt: true, lethalityDegree: 2 }, 'ALTO'],
    [
      'ALTO: lethality 0 with potential lethality 1',
      { actualAttempt: true, lethalityDegree: 0, potentialLethality: 1 },
      'ALTO',
    ],
    ['ALTO: an interrupted attempt', { interruptedAttempt: true }, 'ALTO'],
    ['ALTO: an aborted attempt', { abortedAttempt: true }, 'ALTO'],
    ['ALTO: preparatory acts', { preparatoryActs: true }, 'ALTO'],
    [
      'MODERADO: ideation with methods (item 3)',
      { ...withThoughts, activeSuicidalIdeationWithMethods: true },
      'MODERADO',
    ],
    ['MODERADO: non-suicidal self-injury', { nonSuicidalSelfInjury: true }, 'MODERADO'],
    ['MODERADO: self-injury of unknown intent', { unknownIntentSelfInjury: true }, 'MODERADO'],
    ['BAJO: wish to be dead only', { deathWish: true }, 'BAJO'],
    ['BAJO: items 1 and 2 only', withThoughts, 'BAJO'],
    ['BAJO: nothing endorsed', {}, 'BAJO'],
    ['INDETERMINADO: item 1 unanswered', { deathWish: null }, 'INDETERMINADO'],
    [
      'INDETERMINADO: item 2 unanswered',
      { nonSpecificActiveSuicidalThoughts: null },
      'INDETERMINADO',
    ],
    [
      'INDETERMINADO: item 3 unanswered when item 2 is yes',
      { ...withThoughts, activeSuicidalIdeationWithMethods: null },
      'INDETERMINADO',
    ],
    ['INDETERMINADO: a behaviour item unanswered', { preparatoryActs: null }, 'INDETERMINADO'],
    [
      'INDETERMINADO, not MODERADO: self-injury with an attempt question unanswered',
      { nonSuicidalSelfInjury: true, interruptedAttempt: null },
      'INDETERMINADO',
    ],
    [
      'ALTO even with unanswered questions (missing data never lowers a level)',
      { interruptedAttempt: true, deathWish: null, abortedAttempt: null },
      'ALTO',
    ],
    ['ALTO when the lethality of an actual attempt is missing', { actualAttempt: true }, 'ALTO'],
    [
      'items 3–5 do not count when item 2 is no (they are not asked)',
      { activeSuicidalIdeationWithPlan: null, activeSuicidalIdeationWithMethods: null },
      'BAJO',
    ],
  ])('%s', (_rule, answers, expected) => {
    expect(computeRiskLevel({ ...NOTHING, ...answers })).toBe(expected);
  });
});

/* Every combination of the eight yes/no items, with the attempt, lethality and
   completed-suicide cases, checked against the table's properties. */

const EIGHT_ITEMS = [
  'deathWish',
  'nonSpecificActiveSuicidalThoughts',
  'activeSuicidalIdeationWithMethods',
  'activeSuicidalIdeationWithIntent',
  'activeSuicidalIdeationWithPlan',
  'nonSuicidalSelfInjury',
  'unknownIntentSelfInjury',
  'preparatoryActs',
] as const;

const ATTEMPT_CASES: Array<Partial<RiskAnswers>> = [
  {},
  { actualAttempt: true },
  { actualAttempt: true, lethalityDegree: 1 },
  { actualAttempt: true, lethalityDegree: 3 },
  { actualAttempt: true, lethalityDegree: 0, potentialLethality: 1 },
  { actualAttempt: true, lethalityDegree: 0, potentialLethality: 2 },
  { interruptedAttempt: true },
  { abortedAttempt: true },
  { actualAttempt: null },
  { interruptedAttempt: null, abortedAttempt: null },
];

const VALUES: Answer[] = [false, true, null];

function* allCombinations(): Generator<RiskAnswers> {
  const total = VALUES.length ** EIGHT_ITEMS.length;
  for (let code = 0; code < total; code += 1) {
    const items: Partial<RiskAnswers> = {};
    let rest = code;
    for (const item of EIGHT_ITEMS) {
      items[item] = VALUES[rest % VALUES.length]!;
      rest = Math.floor(rest / VALUES.length);
    }
    for (const attempt of ATTEMPT_CASES) {
      for (const completedSuicide of [false, true]) {
        yield { ...NOTHING, ...items, ...attempt, completedSuicide };
      }
    }
  }
}

const combinations = [...allCombinations()];

function describeAnswers(answers: RiskAnswers): string {
  return JSON.stringify(answers);
}

describe('every combination of the yes/no items', () => {
  it('covers 3^8 × 10 × 2 cases', () => {
    expect(combinations).toHaveLength(6561 * ATTEMPT_CASES.length * 2);
  });

  it('answers NO_APLICA exactly when the suicide was completed', () => {
    for (const answers of combinations) {
      const level = computeRiskLevel(answers);
      if ((level === 'NO_APLICA') !== (answers.completedSuicide === true)) {
        throw new Error(`${level} for ${describeAnswers(answers)}`);
      }
    }
  });

  it('answers INDETERMINADO only when something is unanswered', () => {
    for (const answers of combinations) {
      if (computeRiskLevel(answers) === 'INDETERMINADO' && unansweredItems(answers).length === 0) {
        throw new Error(`INDETERMINADO with everything answered: ${describeAnswers(answers)}`);
      }
    }
  });

  it('never lowers the level when one more item is answered "yes" (monotone)', () => {
    for (const answers of combinations) {
      const before = RISK_SEVERITY[computeRiskLevel(answers)];
      for (const item of EIGHT_ITEMS) {
        if (answers[item] === true) continue;
        const after = RISK_SEVERITY[computeRiskLevel({ ...answers, [item]: true })];
        if (before !== null && after !== null && after < before) {
          throw new Error(`"${item}" = yes lowered the level for ${describeAnswers(answers)}`);
        }
      }
    }
  });

  it('never gives a level that answering the missing questions would lower', () => {
    for (const answers of combinations) {
      const level = computeRiskLevel(answers);
      const severity = RISK_SEVERITY[level];
      const missing = unansweredItems(answers);
      if (severity === null || missing.length === 0) continue;
      // The lowest completion: every missing question answered "no".
      const completed = { ...answers, ...Object.fromEntries(missing.map((item) => [item, false])) };
      const completedSeverity = RISK_SEVERITY[computeRiskLevel(completed)];
      if (completedSeverity !== null && completedSeverity < severity) {
        throw new Error(
          `${level} with missing data, lower once answered: ${describeAnswers(answers)}`,
        );
      }
    }
  });

  it('reaches at least ALTO whenever there is suicidal behaviour, and MUY_ALTO with a plan', () => {
    for (const answers of combinations) {
      if (answers.completedSuicide) continue;
      const severity = RISK_SEVERITY[computeRiskLevel(answers)]!;
      const behaviour = [
        answers.actualAttempt,
        answers.interruptedAttempt,
        answers.abortedAttempt,
        answers.preparatoryActs,
      ].includes(true);
      if (behaviour && severity < 3)
        throw new Error(`behaviour below ALTO: ${describeAnswers(answers)}`);
      if (
        answers.nonSpecificActiveSuicidalThoughts === true &&
        answers.activeSuicidalIdeationWithPlan === true &&
        severity !== 4
      ) {
        throw new Error(`plan below MUY_ALTO: ${describeAnswers(answers)}`);
      }
    }
  });
});
