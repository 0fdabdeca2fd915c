import { MSG } from '@psicocampus/shared/domain';
import {
  BEHAVIOUR_QUESTIONS,
  IDEATION_QUESTIONS,
  type AssessmentAnswers,
} from '@psicocampus/shared/columbia';
import { suicideAssessments } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';

/*
 * docs/columbia-assessment.md#contradicting-answers: whoever sends it (the
 * form, the embed, an integrator, an old tab), an assessment whose answers
 * contradict each other is refused with a Spanish 400 naming the field, and
 * nothing is stored; it is never silently cleared.
 */

let server: TestServer;
let lucia: string;
let studentId: string;

beforeAll(async () => {
  let student: { _id: string };
  ({ server, lucia, student } = await signedInPsychologistWithStudent());
  studentId = student._id;
});
afterAll(() => server.close());

const post = (payload: Record<string, unknown>) =>
  server.call({
    method: 'POST',
    url: '/api/suicide-assessments',
    token: lucia,
    payload: { ...payload, student: studentId },
  });

/** An actual attempt answered "Sí", described, with its lethality. */
function withAttempt(): AssessmentAnswers {
  return {
    ...calmAnswers(),
    actualAttempt: { present: true, description: 'Ingesta de pastillas', totalAttempts: 1 },
    lethalityDegree: 3,
    mostLethalAttemptDate: '2026-10-01',
  };
}

/** Item 2 answered "Sí", items 3–5 "No", and the intensity it asks for. */
function withItem2(): AssessmentAnswers {
  return {
    ...calmAnswers(),
    nonSpecificActiveSuicidalThoughts: { present: true, description: 'Piensa en quitarse la vida' },
    ideationIntensity: {
      mostSeriousIdeationType: 4,
      mostSeriousIdeationDescription: 'Pensamientos sin método',
      frequency: 2,
    },
  };
}

async function expectRefused(answers: Record<string, unknown>, field: string, says: string) {
  const before = await server.server.database.db.$count(suicideAssessments);
  const response = await post(answers);
  expect(response.statusCode).toBe(400);
  const body = response.json() as { msg: string; errors: Array<{ field: string; msg: string }> };
  const error = body.errors.find((candidate) => candidate.field === field);
  expect(error?.msg).toContain(says);
  // Spanish, and says what to do.
  expect(error?.msg).toMatch(/Responda|Deje|Elija|debe ser/);
  expect(await server.server.database.db.$count(suicideAssessments)).toBe(before);
}

describe('POST /api/suicide-assessments refuses answers that contradict each other', () => {
  it('refuses the walk of the report: «Intento Real» "No" with its description kept', async () => {
    const answers = calmAnswers();
    answers.actualAttempt = {
      present: false,
      description: 'Ingesta de pastillas',
      totalAttempts: 0,
    };
    const response = await post({ ...answers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: 'Intento Real: hay una descripción aunque la respuesta no es «Sí». Responda «Sí» o deje la descripción vacía.',
      errors: [
        {
          field: 'actualAttempt.description',
          msg: 'Intento Real: hay una descripción aunque la respuesta no es «Sí». Responda «Sí» o deje la descripción vacía.',
        },
      ],
    });
  });

  it.each(BEHAVIOUR_QUESTIONS.map((question) => [question.name, question.key] as const))(
    'refuses a description of «%s» under "No"',
    async (name, key) => {
      const answers = calmAnswers();
      Object.assign(answers[key], { present: false, description: 'Algo que se escribió' });
      await expectRefused({ ...answers }, `${key}.description`, `${name}: hay una descripción`);
    },
  );

  it.each(IDEATION_QUESTIONS.map((question) => [question.number, question.key] as const))(
    'refuses a description of ideation item %s under "No"',
    async (number, key) => {
      // Items 3–5 are asked (and may be "No") only under a "Sí" to item 2.
      const answers = number > 2 ? withItem2() : calmAnswers();
      answers[key] = { present: false, description: 'Lo negó, pero se escribió' };
      await expectRefused({ ...answers }, `${key}.description`, `${number}. `);
    },
  );

  it.each([
    'activeSuicidalIdeationWithMethods',
    'activeSuicidalIdeationWithIntent',
    'activeSuicidalIdeationWithPlan',
  ] as const)('refuses %s answered "Sí" while item 2 is "No"', async (key) => {
    const answers = calmAnswers();
    answers[key] = { present: true, description: 'no preguntado' };
    await expectRefused({ ...answers }, `${key}.present`, 'aunque la pregunta 2 no es «Sí»');
  });

  it.each([
    ['actualAttempt', 'Intento Real'],
    ['interruptedAttempt', 'Intento Interrumpido'],
    ['abortedAttempt', 'Intento Abortado'],
  ] as const)('refuses a number of attempts of %s under "No"', async (key, name) => {
    const answers = calmAnswers();
    answers[key] = { present: false, description: '', totalAttempts: 2 };
    await expectRefused(
      { ...answers },
      `${key}.totalAttempts`,
      `${name}: hay un número de intentos (2)`,
    );
  });

  it.each([
    ['lethalityDegree', 4, MSG.assessment.lethalityDegree],
    ['potentialLethality', 1, MSG.assessment.potentialLethality],
    ['mostLethalAttemptDate', '2026-10-01', MSG.assessment.mostLethalAttemptDate],
  ] as const)('refuses %s without an actual attempt', async (field, value, label) => {
    await expectRefused(
      { ...calmAnswers(), [field]: value },
      field,
      `${label}: hay una respuesta aunque Intento Real no es «Sí».`,
    );
  });

  it('refuses a potential lethality when the degree is not 0', async () => {
    await expectRefused(
      { ...withAttempt(), potentialLethality: 2 },
      'potentialLethality',
      'el Grado de Letalidad no es 0',
    );
  });

  it.each([
    ['mostSeriousIdeationType', { mostSeriousIdeationType: 5 }, MSG.assessment.mostSeriousType],
    [
      'mostSeriousIdeationDescription',
      { mostSeriousIdeationDescription: 'Desea dormir' },
      MSG.assessment.mostSeriousDescription,
    ],
    ['frequency', { frequency: 3 }, MSG.assessment.frequency],
  ] as const)(
    'refuses the intensity %s while items 1 and 2 are "No"',
    async (field, given, label) => {
      const answers = calmAnswers();
      answers.ideationIntensity = { ...answers.ideationIntensity, ...given };
      await expectRefused(
        { ...answers },
        `ideationIntensity.${field}`,
        `${label}: hay una respuesta aunque ni la pregunta 1 ni la 2 son «Sí».`,
      );
    },
  );

  it('refuses a most serious type the student did not endorse (a Validación rule already)', async () => {
    const answers = withItem2();
    answers.ideationIntensity.mostSeriousIdeationType = 1;
    await expectRefused(
      { ...answers },
      'ideationIntensity.mostSeriousIdeationType',
      MSG.assessment.typeNotEndorsed,
    );
  });
});

describe('POST /api/suicide-assessments fills the defaults of questions it did not ask', () => {
  it('stores items 3–5 sent unanswered under a "No" to item 2 as "No", and blank text as none', async () => {
    const answers = calmAnswers();
    for (const key of [
      'activeSuicidalIdeationWithMethods',
      'activeSuicidalIdeationWithIntent',
      'activeSuicidalIdeationWithPlan',
    ] as const) {
      answers[key] = { present: null, description: '' };
    }
    answers.preparatoryActs = { present: false, description: '   ' };
    const saved = await saveAssessment(server, lucia, studentId, answers);
    expect(saved.activeSuicidalIdeationWithMethods).toEqual({ present: false, description: '' });
    expect(saved.activeSuicidalIdeationWithPlan).toEqual({ present: false, description: '' });
    expect(saved.preparatoryActs).toEqual({ present: false, description: '' });
    expect(saved.riskLevel).toBe('BAJO');
  });

  it('stores a consistent assessment exactly as sent', async () => {
    const answers = severeAnswers();
    const saved = await saveAssessment(server, lucia, studentId, answers);
    expect(saved).toMatchObject(answers);
  });
});
