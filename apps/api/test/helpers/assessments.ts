import type { AssessmentAnswers, SuicideAssessment } from '@psicocampus/shared/columbia';
import type { TestServer } from './test-server';

const yes = (description: string) => ({ present: true, description });
const no = () => ({ present: false, description: '' });

/** A complete assessment with nothing endorsed (BAJO). */
export function calmAnswers(): AssessmentAnswers {
  return {
    deathWish: no(),
    nonSpecificActiveSuicidalThoughts: no(),
    activeSuicidalIdeationWithMethods: no(),
    activeSuicidalIdeationWithIntent: no(),
    activeSuicidalIdeationWithPlan: no(),
    actualAttempt: { ...no(), totalAttempts: 0 },
    nonSuicidalSelfInjury: no(),
    unknownIntentSelfInjury: no(),
    interruptedAttempt: { ...no(), totalAttempts: 0 },
    abortedAttempt: { ...no(), totalAttempts: 0 },
    preparatoryActs: no(),
    ideationIntensity: {
      mostSeriousIdeationType: null,
      mostSeriousIdeationDescription: '',
      frequency: null,
    },
    completedSuicide: false,
    mostLethalAttemptDate: null,
    lethalityDegree: null,
    potentialLethality: null,
    observations: '',
  };
}

/** Suicidal thoughts with methods and an actual attempt of lethality 3 (MUY_ALTO). */
export function severeAnswers(): AssessmentAnswers {
  return {
    ...calmAnswers(),
    deathWish: yes('Desea dormir y no despertar, casi todas las noches'),
    nonSpecificActiveSuicidalThoughts: yes('Piensa en quitarse la vida desde el examen final'),
    activeSuicidalIdeationWithMethods: yes('Pensó en una sobredosis de pastillas'),
    ideationIntensity: {
      mostSeriousIdeationType: 3,
      mostSeriousIdeationDescription: 'Imagina tomar las pastillas de su abuela',
      frequency: 3,
    },
    actualAttempt: {
      ...yes('Ingirió pastillas el mes pasado; estuvo hospitalizada'),
      totalAttempts: 1,
    },
    lethalityDegree: 3,
    mostLethalAttemptDate: '2026-10-12',
    observations: 'Acude acompañada por su hermana. ¿Red de apoyo? «Buena».',
  };
}

export async function saveAssessment(
  server: TestServer,
  token: string,
  studentId: string,
  answers: AssessmentAnswers = calmAnswers(),
  extra: Record<string, unknown> = {},
): Promise<SuicideAssessment> {
  const response = await server.call({
    method: 'POST',
    url: '/api/suicide-assessments',
    token,
    payload: { ...answers, student: studentId, ...extra },
  });
  if (response.statusCode !== 201) {
    throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
  }
  return response.json().assessment;
}
