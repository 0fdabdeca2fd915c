import { ValidationError } from 'yup';
import { emptyAssessmentAnswers, type AssessmentAnswers } from '../assessment/assessment';
import {
  normalizeAssessment,
  reviseAssessment,
  riskAnswersOf,
} from '../assessment/assessment-flow';
import { MSG } from '../messages';
import { computeRiskLevel } from '../risk/risk-engine';
import { assessmentCreateSchema, assessmentProblems } from './assessment.schemas';

const M = MSG.assessment;
const TODAY = '2026-11-21';
const STUDENT = '6f1c2b8e-2d4a-4c8e-9f10-1a2b3c4d5e6f';

const yes = (description = 'Lo relató en la sesión') => ({ present: true, description });
const no = () => ({ present: false, description: '' });

/** A complete "nothing endorsed" assessment. */
function allNo(): AssessmentAnswers {
  const answers = emptyAssessmentAnswers();
  for (const key of [
    'deathWish',
    'nonSpecificActiveSuicidalThoughts',
    'nonSuicidalSelfInjury',
    'unknownIntentSelfInjury',
    'preparatoryActs',
  ] as const) {
    answers[key] = no();
  }
  for (const key of ['actualAttempt', 'interruptedAttempt', 'abortedAttempt'] as const) {
    answers[key] = { ...no(), totalAttempts: 0 };
  }
  return normalizeAssessment(answers);
}

const first = (answers: AssessmentAnswers) => assessmentProblems(answers, TODAY)[0]?.msg ?? null;

describe("the 'Validación' rules, in the order of docs/columbia-assessment.md#validation", () => {
  it('asks questions 1 and 2 first', () => {
    expect(first(emptyAssessmentAnswers())).toBe(M.answerRequired12);
    expect(
      first({ ...allNo(), nonSpecificActiveSuicidalThoughts: { present: null, description: '' } }),
    ).toBe(M.answerRequired12);
  });

  it('then every ideation question when item 2 is yes', () => {
    const answers = { ...allNo(), nonSpecificActiveSuicidalThoughts: yes() };
    answers.activeSuicidalIdeationWithMethods = { present: null, description: '' };
    expect(first(answers)).toBe(M.answerAllIdeation);
  });

  it('then the whole intensity section when item 1 or 2 is yes', () => {
    const answers = { ...allNo(), deathWish: yes() };
    expect(first(answers)).toBe(M.completeIntensity);
    answers.ideationIntensity = {
      mostSeriousIdeationType: 5,
      mostSeriousIdeationDescription: '',
      frequency: 2,
    };
    expect(first(answers)).toBe(M.completeIntensity);
    answers.ideationIntensity.mostSeriousIdeationDescription = 'Desea dormir y no despertar';
    expect(first(answers)).toBeNull();
  });

  it('accepts as most serious type only an endorsed item', () => {
    const answers = { ...allNo(), deathWish: yes() };
    answers.ideationIntensity = {
      mostSeriousIdeationType: 1,
      mostSeriousIdeationDescription: 'x',
      frequency: 1,
    };
    expect(first(answers)).toBe(M.typeNotEndorsed);
  });

  it.each([
    [
      'actualAttempt',
      'Por favor, responda si hubo un Intento Real.',
      'Por favor, describa el Intento Real.',
    ],
    [
      'nonSuicidalSelfInjury',
      'Por favor, responda si hubo un Comportamiento Autolesivo No Suicida.',
      'Por favor, describa el Comportamiento Autolesivo No Suicida.',
    ],
    [
      'unknownIntentSelfInjury',
      'Por favor, responda si hubo una Autolesión con intención desconocida.',
      'Por favor, describa la Autolesión con intención desconocida.',
    ],
    [
      'interruptedAttempt',
      'Por favor, responda si hubo un Intento Interrumpido.',
      'Por favor, describa el Intento Interrumpido.',
    ],
    [
      'abortedAttempt',
      'Por favor, responda si hubo un Intento Abortado.',
      'Por favor, describa el Intento Abortado.',
    ],
    [
      'preparatoryActs',
      'Por favor, indique si hubo actos o conductas preparatorias.',
      'Por favor, describa los actos o conductas preparatorias.',
    ],
  ] as const)('asks about %s and its description', (key, answerMessage, describeMessage) => {
    const unanswered = allNo();
    (unanswered[key] as { present: boolean | null }).present = null;
    expect(first(unanswered)).toBe(answerMessage);
    const undescribed = allNo();
    (undescribed[key] as { present: boolean | null }).present = true;
    if (key === 'actualAttempt') {
      Object.assign(undescribed, { lethalityDegree: 1, mostLethalAttemptDate: '2026-10-01' });
    }
    expect(first(undescribed)).toBe(describeMessage);
  });

  it('asks about behaviour even when the student has suicidal thoughts (docs/columbia-assessment.md#risk-levels)', () => {
    const answers = normalizeAssessment({
      ...allNo(),
      deathWish: yes(),
      nonSpecificActiveSuicidalThoughts: yes(),
      activeSuicidalIdeationWithMethods: no(),
      activeSuicidalIdeationWithIntent: no(),
      activeSuicidalIdeationWithPlan: no(),
      ideationIntensity: {
        mostSeriousIdeationType: 4,
        mostSeriousIdeationDescription: 'x',
        frequency: 3,
      },
      actualAttempt: { present: null, description: '', totalAttempts: 0 },
    });
    expect(first(answers)).toBe('Por favor, responda si hubo un Intento Real.');
  });

  it('asks for the lethality of an actual attempt, 0 being a valid answer', () => {
    const answers = { ...allNo(), actualAttempt: { ...yes(), totalAttempts: 1 } };
    expect(first(answers)).toBe(M.selectLethality);
    answers.lethalityDegree = 0;
    expect(first(answers)).toBe(M.selectPotential);
    answers.potentialLethality = 0;
    expect(first(answers)).toBe(M.enterLethalDate);
    answers.mostLethalAttemptDate = '2026-11-22';
    expect(first(answers)).toBe(M.lethalDateFuture);
    answers.mostLethalAttemptDate = TODAY;
    expect(first(answers)).toBeNull();
  });

  it('asks potential lethality only when the degree is 0', () => {
    const answers = { ...allNo(), actualAttempt: { ...yes(), totalAttempts: 1 } };
    Object.assign(answers, { lethalityDegree: 2, mostLethalAttemptDate: '2026-11-01' });
    expect(first(answers)).toBeNull();
  });

  it.each([
    ['actualAttempt', 'Intento Real'],
    ['interruptedAttempt', 'Intento Interrumpido'],
    ['abortedAttempt', 'Intento Abortado'],
  ] as const)('asks for at least 1 %s when the answer is yes', (key, name) => {
    const answers = allNo();
    answers[key] = { ...yes(), totalAttempts: 0 };
    if (key === 'actualAttempt') {
      Object.assign(answers, { lethalityDegree: 1, mostLethalAttemptDate: '2026-10-01' });
    }
    const problems = assessmentProblems(answers, TODAY);
    expect(problems).toEqual([
      { field: `${key}.totalAttempts`, msg: M.totalAttemptsAtLeastOne(name) },
    ]);
    expect(M.totalAttemptsAtLeastOne(name)).toContain(`«${name}»: al menos 1`);
    answers[key].totalAttempts = 1;
    expect(first(answers)).toBeNull();
  });

  it('refuses a negative, fractional or huge number of attempts with its message, never as 0', () => {
    const answers = allNo();
    for (const [total, msg] of [
      [-2, M.totalAttemptsMin],
      [1.5, M.totalAttemptsInteger],
      [Number.NaN, M.totalAttemptsInteger],
      [10_001, M.totalAttemptsMax],
    ] as const) {
      answers.interruptedAttempt = { ...yes(), totalAttempts: total };
      expect(assessmentProblems(answers, TODAY)).toEqual([
        { field: 'interruptedAttempt.totalAttempts', msg },
      ]);
    }
  });

  it('keeps the 0 of an attempt answered "no"', () => {
    expect(first(allNo())).toBeNull();
  });
});

describe('the server schema', () => {
  const schema = assessmentCreateSchema(TODAY);
  const body = (answers: AssessmentAnswers, extra: Record<string, unknown> = {}) => ({
    ...answers,
    student: STUDENT,
    ...extra,
  });

  async function errorsOf(value: unknown): Promise<string[]> {
    try {
      await schema.validate(value, { abortEarly: false });
      return [];
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return error.inner.length ? error.inner.map((inner) => inner.message) : [error.message];
    }
  }

  it('accepts a complete assessment and a riskLevel it will ignore', async () => {
    expect(await errorsOf(body(allNo(), { riskLevel: 'BAJO' }))).toEqual([]);
    expect(await errorsOf(body(allNo(), { riskLevel: null }))).toEqual([]);
  });

  it('refuses a yes/no given as a string (is_boolean)', async () => {
    const answers = allNo() as unknown as Record<string, unknown>;
    answers.deathWish = { present: 'true', description: '' };
    expect(await errorsOf(body(answers as unknown as AssessmentAnswers))).toContain(
      M.mustBeBoolean,
    );
  });

  it('refuses negative attempt totals and out-of-range codes', async () => {
    const answers = allNo();
    answers.interruptedAttempt = { ...yes(), totalAttempts: -1 };
    expect(await errorsOf(body(answers))).toContain(M.totalAttemptsMin);
    expect(await errorsOf(body({ ...allNo(), lethalityDegree: 6 }))).toContain(M.invalidOption);
  });

  it('refuses a "yes" to an attempt with 0 attempts, and a typed -2', async () => {
    const zero = allNo();
    zero.abortedAttempt = { ...yes(), totalAttempts: 0 };
    expect(await errorsOf(body(zero))).toEqual([M.totalAttemptsAtLeastOne('Intento Abortado')]);
    const negative = allNo();
    negative.abortedAttempt = { ...yes(), totalAttempts: -2 };
    expect(await errorsOf(body(negative))).toContain(M.totalAttemptsMin);
    expect(await errorsOf(body(negative))).not.toContain(
      M.totalAttemptsAtLeastOne('Intento Abortado'),
    );
    const one = allNo();
    one.abortedAttempt = { ...yes(), totalAttempts: 1 };
    expect(await errorsOf(body(one))).toEqual([]);
  });

  async function fieldErrorsOf(value: unknown): Promise<Array<{ field: string; msg: string }>> {
    try {
      await schema.validate(value, { abortEarly: false });
      return [];
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return error.inner.map((inner) => ({ field: inner.path ?? '', msg: inner.message }));
    }
  }

  it('refuses answers that contradict each other, naming the field (docs/columbia-assessment.md#contradicting-answers)', async () => {
    const answers = allNo();
    answers.actualAttempt = {
      present: false,
      description: 'Ingesta de pastillas',
      totalAttempts: 0,
    };
    expect(await fieldErrorsOf(body(answers))).toEqual([
      {
        field: 'actualAttempt.description',
        msg: 'Intento Real: hay una descripción aunque la respuesta no es «Sí». Responda «Sí» o deje la descripción vacía.',
      },
    ]);
    const lethality = { ...allNo(), lethalityDegree: 2, mostLethalAttemptDate: '2026-10-01' };
    expect((await fieldErrorsOf(body(lethality))).map((error) => error.field)).toEqual([
      'lethalityDegree',
      'mostLethalAttemptDate',
    ]);
  });

  it('accepts the defaults of unasked questions: items 3–5 unanswered or "No", blank text', async () => {
    const answers = allNo();
    answers.activeSuicidalIdeationWithMethods = { present: null, description: '' };
    answers.activeSuicidalIdeationWithPlan = { present: false, description: '  ' };
    answers.preparatoryActs = { present: false, description: ' ' };
    expect(await errorsOf(body(answers))).toEqual([]);
  });

  it('refuses final remarks before the assessment exists', async () => {
    expect(await errorsOf(body(allNo(), { finalRemarks: 'luego' }))).toContain(M.noRemarksOnCreate);
  });

  it('needs the student', async () => {
    expect(await errorsOf({ ...allNo() })).toContain(MSG.appointments.studentRequired);
  });
});

describe('normalizing the flow (docs/columbia-assessment.md#the-form-flow)', () => {
  it('resets items 3–5 to "no" when item 2 is not yes, and clears a hidden intensity', () => {
    const answers = emptyAssessmentAnswers();
    answers.activeSuicidalIdeationWithPlan = yes();
    answers.ideationIntensity = {
      mostSeriousIdeationType: 1,
      mostSeriousIdeationDescription: 'x',
      frequency: 4,
    };
    const normalized = normalizeAssessment(answers);
    expect(normalized.activeSuicidalIdeationWithPlan).toEqual({ present: false, description: '' });
    expect(normalized.ideationIntensity).toEqual({
      mostSeriousIdeationType: null,
      mostSeriousIdeationDescription: '',
      frequency: null,
    });
  });

  it('clears lethality answers without an actual attempt, and potential lethality unless degree 0', () => {
    const answers = {
      ...allNo(),
      lethalityDegree: 3,
      potentialLethality: 2,
      mostLethalAttemptDate: TODAY,
    };
    expect(normalizeAssessment(answers)).toMatchObject({
      lethalityDegree: null,
      potentialLethality: null,
      mostLethalAttemptDate: null,
    });
    const attempt = {
      ...allNo(),
      actualAttempt: { ...yes(), totalAttempts: 1 },
      lethalityDegree: 3,
      potentialLethality: 2,
    };
    expect(normalizeAssessment(attempt).potentialLethality).toBeNull();
  });

  it('asks items 3–5 afresh each time item 2 turns yes, instead of keeping the reset "no"', () => {
    const before = allNo();
    expect(before.activeSuicidalIdeationWithIntent.present).toBe(false);
    const revised = reviseAssessment(before, {
      ...before,
      nonSpecificActiveSuicidalThoughts: yes(),
    });
    expect(revised.activeSuicidalIdeationWithMethods.present).toBeNull();
    expect(revised.activeSuicidalIdeationWithIntent.present).toBeNull();
    expect(revised.activeSuicidalIdeationWithPlan.present).toBeNull();
    expect(first(revised)).toBe(M.answerAllIdeation);
    expect(computeRiskLevel(riskAnswersOf(revised))).toBe('INDETERMINADO');
    // Other changes keep what was answered.
    const answered = { ...revised, activeSuicidalIdeationWithIntent: yes() };
    expect(reviseAssessment(revised, answered).activeSuicidalIdeationWithIntent.present).toBe(true);
  });

  it('feeds the risk engine', () => {
    const answers = {
      ...allNo(),
      actualAttempt: { ...yes(), totalAttempts: 1 },
      lethalityDegree: 4,
    };
    expect(computeRiskLevel(riskAnswersOf(answers))).toBe('MUY_ALTO');
    expect(computeRiskLevel(riskAnswersOf(allNo()))).toBe('BAJO');
  });
});
