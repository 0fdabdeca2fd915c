import { emptyAssessmentAnswers, type AssessmentAnswers } from './assessment';
import {
  assessmentContradictions,
  contradictionMessage,
  CONTRADICTION_MSG as C,
  storedAnswersView,
} from './assessment-contradictions';
import {
  endorsedIdeationTypes,
  normalizeAssessment,
  reviseAssessment,
  showsIntensity,
} from './assessment-flow';
import { BEHAVIOUR_QUESTIONS, IDEATION_QUESTIONS } from './columbia-scale';

/* docs/columbia-assessment.md#contradicting-answers */

const yes = (description = 'Lo relató en la sesión') => ({ present: true, description });
const no = (description = '') => ({ present: false, description });

/** A complete assessment with nothing endorsed. */
function allNo(): AssessmentAnswers {
  const answers = emptyAssessmentAnswers();
  for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
    Object.assign(answers[key], no());
  }
  return answers;
}

/** An actual attempt, described, with its lethality. */
function withAttempt(): AssessmentAnswers {
  return {
    ...allNo(),
    actualAttempt: { ...yes('Ingesta de pastillas'), totalAttempts: 1 },
    lethalityDegree: 3,
    mostLethalAttemptDate: '2026-10-01',
  };
}

const fields = (answers: AssessmentAnswers) =>
  assessmentContradictions(answers).map((found) => found.field);

describe('the contradictions of an assessment', () => {
  it('finds none in a consistent one', () => {
    expect(assessmentContradictions(allNo())).toEqual([]);
    expect(assessmentContradictions(withAttempt())).toEqual([]);
  });

  it.each(BEHAVIOUR_QUESTIONS.map((question) => [question.key, question.name] as const))(
    'finds a description of %s under anything but «Sí», naming the item by its label',
    (key, name) => {
      for (const present of [false, null]) {
        const answers = allNo();
        Object.assign(answers[key], { present, description: 'Ingesta de pastillas' });
        expect(assessmentContradictions(answers)).toEqual([
          {
            field: `${key}.description`,
            msg: `${name}: hay una descripción aunque la respuesta no es «Sí».`,
            fix: C.fixDescription,
          },
        ]);
      }
    },
  );

  it.each(IDEATION_QUESTIONS.map((question) => [question.key, question.number] as const))(
    'finds a description of ideation item %s under anything but «Sí»',
    (key, number) => {
      const answers = allNo();
      // Items 3–5 are asked only under a "Sí" to item 2.
      if (number > 2) answers.nonSpecificActiveSuicidalThoughts = yes();
      answers[key] = no('Lo negó, pero dijo algo');
      const found = assessmentContradictions(answers).filter((item) => item.field.startsWith(key));
      expect(found).toEqual([
        {
          field: `${key}.description`,
          msg: C.descriptionWithoutYes(`${number}. ${IDEATION_QUESTIONS[number - 1]!.title}`),
          fix: C.fixDescription,
        },
      ]);
    },
  );

  it.each(['actualAttempt', 'interruptedAttempt', 'abortedAttempt'] as const)(
    'finds a number of attempts of %s under anything but «Sí»',
    (key) => {
      const answers = allNo();
      answers[key] = { ...no(), totalAttempts: 2 };
      expect(fields(answers)).toEqual([`${key}.totalAttempts`]);
      expect(assessmentContradictions(answers)[0]!.msg).toContain('(2)');
    },
  );

  it('finds items 3–5 answered «Sí» (or described) while item 2 is not «Sí»', () => {
    const answers = allNo();
    answers.activeSuicidalIdeationWithPlan = yes('Planea tomar pastillas');
    expect(fields(answers)).toEqual(['activeSuicidalIdeationWithPlan.present']);
    answers.activeSuicidalIdeationWithMethods = { present: null, description: 'pastillas' };
    expect(fields(answers)).toEqual([
      'activeSuicidalIdeationWithMethods.description',
      'activeSuicidalIdeationWithPlan.present',
    ]);
  });

  it('finds an intensity section answered while neither item 1 nor 2 is «Sí»', () => {
    const answers = allNo();
    answers.ideationIntensity = {
      mostSeriousIdeationType: 5,
      mostSeriousIdeationDescription: 'Desea dormir y no despertar',
      frequency: 0,
    };
    expect(fields(answers)).toEqual([
      'ideationIntensity.mostSeriousIdeationType',
      'ideationIntensity.mostSeriousIdeationDescription',
      'ideationIntensity.frequency',
    ]);
  });

  it('finds a most serious type the student did not endorse', () => {
    const answers = { ...allNo(), deathWish: yes() };
    answers.ideationIntensity = {
      mostSeriousIdeationType: 1,
      mostSeriousIdeationDescription: 'x',
      frequency: 1,
    };
    expect(fields(answers)).toEqual(['ideationIntensity.mostSeriousIdeationType']);
    answers.ideationIntensity.mostSeriousIdeationType = 5;
    expect(fields(answers)).toEqual([]);
  });

  it('finds lethality without an actual attempt, field by field', () => {
    for (const [field, value] of [
      ['lethalityDegree', 0],
      ['potentialLethality', 2],
      ['mostLethalAttemptDate', '2026-10-01'],
    ] as const) {
      const answers = { ...allNo(), [field]: value };
      expect(fields(answers)).toEqual([field]);
      expect(assessmentContradictions(answers)[0]!.msg).toContain('Intento Real no es «Sí»');
    }
  });

  it('finds a potential lethality when the degree is not 0', () => {
    expect(fields({ ...withAttempt(), potentialLethality: 1 })).toEqual(['potentialLethality']);
    expect(fields({ ...withAttempt(), lethalityDegree: 0, potentialLethality: 1 })).toEqual([]);
  });

  it('says what to do in the message a client is answered', () => {
    const answers = allNo();
    answers.actualAttempt = { ...no('Ingesta de pastillas'), totalAttempts: 0 };
    const [found] = assessmentContradictions(answers);
    expect(contradictionMessage(found!)).toBe(
      'Intento Real: hay una descripción aunque la respuesta no es «Sí». Responda «Sí» o deje la descripción vacía.',
    );
  });

  it('reads a blank description as none', () => {
    const answers = allNo();
    answers.preparatoryActs = no('   ');
    expect(fields(answers)).toEqual([]);
  });
});

describe('what a stored record shows (docs/columbia-assessment.md#contradicting-answers)', () => {
  it('shows what the flow asked, and also every section holding a contradicting value', () => {
    const consistent = storedAnswersView(allNo());
    expect(consistent).toMatchObject({
      contradictions: [],
      ideationDetail: false,
      intensity: false,
      lethality: false,
      potentialLethality: false,
    });
    expect(consistent.showsTotal('actualAttempt')).toBe(false);

    const stored = allNo();
    stored.actualAttempt = { ...no('Ingesta de pastillas'), totalAttempts: 2 };
    stored.activeSuicidalIdeationWithPlan = yes('Planea tomar pastillas');
    Object.assign(stored, { lethalityDegree: 0, potentialLethality: 2 });
    stored.ideationIntensity.frequency = 3;
    const view = storedAnswersView(stored);
    expect([...view.contradicting]).toEqual([
      'activeSuicidalIdeationWithPlan.present',
      'ideationIntensity.frequency',
      'actualAttempt.description',
      'actualAttempt.totalAttempts',
      'lethalityDegree',
      'potentialLethality',
    ]);
    expect(view).toMatchObject({
      ideationDetail: true,
      intensity: true,
      lethality: true,
      potentialLethality: true,
    });
    expect(view.showsTotal('actualAttempt')).toBe(true);
    expect(view.showsTotal('abortedAttempt')).toBe(false);
  });
});

describe('the form never produces a contradiction (docs/columbia-assessment.md#the-form-flow)', () => {
  it('clears the description of an item set back from «Sí» to «No», as it clears lethality', () => {
    const before = withAttempt();
    const after = normalizeAssessment({
      ...before,
      actualAttempt: { ...before.actualAttempt, present: false },
    });
    expect(after.actualAttempt).toEqual({ present: false, description: '', totalAttempts: 0 });
    expect(after.lethalityDegree).toBeNull();
    expect(after.mostLethalAttemptDate).toBeNull();
  });

  /** A small deterministic generator (mulberry32): the same cases on every run. */
  function generator(seed: number) {
    let state = seed;
    const next = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
    return { pick };
  }

  type Pick = ReturnType<typeof generator>['pick'];
  const TEXT = ['', ' ', 'Lo relató en la sesión'] as const;

  /** Any answers the form's fields can hold, in any combination, consistent or not. */
  function anyAnswers(pick: Pick): AssessmentAnswers {
    const answers = emptyAssessmentAnswers();
    for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
      Object.assign(answers[key], {
        present: pick([true, false, null]),
        description: pick(TEXT),
      });
    }
    for (const key of ['actualAttempt', 'interruptedAttempt', 'abortedAttempt'] as const) {
      answers[key].totalAttempts = pick([0, 1, 3]);
    }
    answers.ideationIntensity = {
      mostSeriousIdeationType: pick([null, 1, 2, 3, 4, 5]),
      mostSeriousIdeationDescription: pick(TEXT),
      frequency: pick([null, 0, 2, 4]),
    };
    answers.lethalityDegree = pick([null, 0, 1, 3, 5]);
    answers.potentialLethality = pick([null, 0, 2]);
    answers.mostLethalAttemptDate = pick([null, '2026-10-01']);
    answers.completedSuicide = pick([true, false]);
    return answers;
  }

  /**
   * Answers with no contradiction, drawn on their own (not through
   * `normalizeAssessment`): a value only where the flow asks for one, and
   * the unasked items 3–5 left unanswered or "No".
   */
  function consistentAnswers(pick: Pick): AssessmentAnswers {
    const answers = anyAnswers(pick);
    const detailAsked = answers.nonSpecificActiveSuicidalThoughts.present === true;
    for (const { key, number } of IDEATION_QUESTIONS) {
      const item = answers[key];
      if (number > 2 && !detailAsked && item.present === true) item.present = pick([false, null]);
    }
    for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
      const item = answers[key];
      if (item.present !== true) item.description = pick(['', ' ']);
    }
    for (const key of ['actualAttempt', 'interruptedAttempt', 'abortedAttempt'] as const) {
      if (answers[key].present !== true) answers[key].totalAttempts = 0;
    }
    const endorsed = endorsedIdeationTypes(answers).map((type) => type.value);
    answers.ideationIntensity = showsIntensity(answers)
      ? { ...answers.ideationIntensity, mostSeriousIdeationType: pick([null, ...endorsed]) }
      : {
          mostSeriousIdeationType: null,
          mostSeriousIdeationDescription: pick(['', ' ']),
          frequency: null,
        };
    if (answers.actualAttempt.present !== true) {
      Object.assign(answers, {
        lethalityDegree: null,
        potentialLethality: null,
        mostLethalAttemptDate: null,
      });
    } else if (answers.lethalityDegree !== 0) {
      answers.potentialLethality = null;
    }
    return answers;
  }

  /** What the server stores of answers with no contradiction (docs/columbia-assessment.md#contradicting-answers). */
  function withDefaultsFilled(answers: AssessmentAnswers): AssessmentAnswers {
    const filled = structuredClone(answers);
    for (const { key, number } of IDEATION_QUESTIONS) {
      if (number > 2 && filled.nonSpecificActiveSuicidalThoughts.present !== true) {
        filled[key].present ??= false;
      }
    }
    for (const { key } of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
      if (filled[key].present !== true) filled[key].description = '';
    }
    if (!showsIntensity(filled)) filled.ideationIntensity.mostSeriousIdeationDescription = '';
    return filled;
  }

  it('normalizes any combination into answers with no contradiction, the same after a second time', () => {
    const { pick } = generator(20_261_121);
    for (let run = 0; run < 1_000; run += 1) {
      const normalized = normalizeAssessment(anyAnswers(pick));
      expect(assessmentContradictions(normalized)).toEqual([]);
      // What the form holds is what it sends.
      expect(normalizeAssessment(normalized)).toEqual(normalized);
    }
  });

  it('finds no contradiction in consistent answers, and normalizing them only fills defaults', () => {
    const { pick } = generator(4_242);
    for (let run = 0; run < 1_000; run += 1) {
      const answers = consistentAnswers(pick);
      expect(assessmentContradictions(answers)).toEqual([]);
      expect(normalizeAssessment(answers)).toEqual(withDefaultsFilled(answers));
    }
  });

  it('keeps no contradiction through a change of the form either', () => {
    const { pick } = generator(7);
    for (let run = 0; run < 1_000; run += 1) {
      const revised = reviseAssessment(anyAnswers(pick), anyAnswers(pick));
      expect(assessmentContradictions(revised)).toEqual([]);
    }
  });
});
