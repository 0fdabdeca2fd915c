import {
  computeRiskLevel,
  emptyAssessmentAnswers,
  localIsoDate,
  normalizeAssessment,
  riskAnswersOf,
  type AssessmentAnswers,
  type RiskLevel,
} from '@psicocampus/shared/columbia';
import type { Random } from './random';

const DAY_MS = 86_400_000;

/** Every item answered "no": the start of each pattern below. */
function allNo(): AssessmentAnswers {
  const answers = emptyAssessmentAnswers();
  for (const key of [
    'deathWish',
    'nonSpecificActiveSuicidalThoughts',
    'activeSuicidalIdeationWithMethods',
    'activeSuicidalIdeationWithIntent',
    'activeSuicidalIdeationWithPlan',
    'actualAttempt',
    'nonSuicidalSelfInjury',
    'unknownIntentSelfInjury',
    'interruptedAttempt',
    'abortedAttempt',
    'preparatoryActs',
  ] as const) {
    answers[key].present = false;
  }
  return answers;
}

function yes(answers: AssessmentAnswers, key: keyof AssessmentAnswers, description: string) {
  const item = answers[key];
  if (typeof item === 'object' && item !== null && 'present' in item) {
    item.present = true;
    item.description = description;
  }
}

function intensity(answers: AssessmentAnswers, type: number, description: string, random: Random) {
  answers.ideationIntensity = {
    mostSeriousIdeationType: type,
    mostSeriousIdeationDescription: description,
    frequency: random.int(1, 3),
  };
}

/**
 * Answers a psychologist could have saved, shaped so that the engine gives
 * `wanted`. Each level has a pattern or two taken from the table of
 * docs/columbia-assessment.md#risk-levels;
 * the level that is stored is always the engine's (see `showcaseAssessment`).
 */
function answersFor(wanted: RiskLevel, at: Date, random: Random): AssessmentAnswers {
  const answers = allNo();
  switch (wanted) {
    case 'BAJO':
      lowRiskAnswers(answers, random);
      break;
    case 'MODERADO':
      moderateRiskAnswers(answers, random);
      break;
    case 'ALTO':
      highRiskAnswers(answers, random);
      break;
    case 'MUY_ALTO':
      veryHighRiskAnswers(answers, at, random);
      break;
    case 'INDETERMINADO':
      undeterminedAnswers(answers);
      break;
    case 'NO_APLICA':
      deceasedAnswers(answers, at);
      break;
  }
  return answers;
}

/** A low level: at most a passing wish to be dead. */
function lowRiskAnswers(answers: AssessmentAnswers, random: Random): void {
  if (random.chance(0.5)) {
    yes(
      answers,
      'deathWish',
      'Refiere que a veces desearía no despertar cuando se siente agotado/a.',
    );
    intensity(
      answers,
      5,
      'Deseo pasajero de estar muerto/a, sin pensamientos de hacerse daño.',
      random,
    );
  }
  answers.observations = 'Sin conductas de riesgo desde la última visita. Red de apoyo presente.';
}

/** A moderate level: ideation with a method, or self-injury. */
function moderateRiskAnswers(answers: AssessmentAnswers, random: Random): void {
  if (random.chance(0.5)) {
    yes(answers, 'deathWish', 'Expresa deseo de estar muerto/a en momentos de mucha presión.');
    yes(
      answers,
      'nonSpecificActiveSuicidalThoughts',
      'Pensamientos de quitarse la vida, sin plan.',
    );
    yes(
      answers,
      'activeSuicidalIdeationWithMethods',
      'Ha pensado en un método, sin intención de actuar.',
    );
    intensity(answers, 3, 'Ideación con método, sin intención ni plan.', random);
  } else {
    yes(
      answers,
      'nonSuicidalSelfInjury',
      'Cortes superficiales en el antebrazo para aliviar la tensión.',
    );
  }
  answers.observations = 'Se acuerda seguimiento quincenal y se entregan líneas de ayuda.';
}

/** A high level: ideation with some intent, or preparatory acts. */
function highRiskAnswers(answers: AssessmentAnswers, random: Random): void {
  if (random.chance(0.5)) {
    yes(answers, 'deathWish', 'Deseo de estar muerto/a casi todos los días.');
    yes(
      answers,
      'nonSpecificActiveSuicidalThoughts',
      'Pensamientos frecuentes de quitarse la vida.',
    );
    yes(answers, 'activeSuicidalIdeationWithMethods', 'Ha considerado un método.');
    yes(answers, 'activeSuicidalIdeationWithIntent', 'Refiere alguna intención de actuar.');
    intensity(answers, 2, 'Ideación con alguna intención, sin plan definido.', random);
  } else {
    yes(answers, 'deathWish', 'Deseo de estar muerto/a tras una ruptura reciente.');
    intensity(answers, 5, 'Deseo de estar muerto/a, sin ideación activa.', random);
    yes(answers, 'preparatoryActs', 'Escribió una carta de despedida que luego destruyó.');
  }
  answers.observations = 'Se elabora plan de seguridad y se adelanta la próxima cita.';
}

/** A very high level: ideation with a plan, or a recent attempt. */
function veryHighRiskAnswers(answers: AssessmentAnswers, at: Date, random: Random): void {
  yes(answers, 'deathWish', 'Deseo persistente de estar muerto/a.');
  yes(
    answers,
    'nonSpecificActiveSuicidalThoughts',
    'Pensamientos de quitarse la vida varias veces al día.',
  );
  yes(answers, 'activeSuicidalIdeationWithMethods', 'Ha pensado en un método concreto.');
  if (random.chance(0.5)) {
    yes(answers, 'activeSuicidalIdeationWithIntent', 'Refiere intención de actuar.');
    yes(answers, 'activeSuicidalIdeationWithPlan', 'Describe un plan con fecha y lugar.');
    intensity(answers, 1, 'Ideación con plan específico e intención.', random);
  } else {
    intensity(answers, 3, 'Ideación con método, sin intención declarada.', random);
    yes(answers, 'actualAttempt', 'Intento con ingesta de medicamentos; atendido en urgencias.');
    answers.actualAttempt.totalAttempts = 1;
    answers.lethalityDegree = 3;
    answers.mostLethalAttemptDate = localIsoDate(
      new Date(at.getTime() - random.int(2, 20) * DAY_MS),
    );
  }
  answers.observations =
    'Se activa el protocolo de riesgo: acompañamiento, contacto con su red de apoyo y derivación a urgencias.';
}

/** An undetermined level: the behaviour section unanswered. */
function undeterminedAnswers(answers: AssessmentAnswers): void {
  // An interview cut short: the behaviour section was left unanswered.
  // The form does not save such answers today (every item is required);
  // the showcase keeps one per caseload so that the level, which lists,
  // statistics and PDFs all handle, can be seen.
  for (const key of [
    'actualAttempt',
    'interruptedAttempt',
    'abortedAttempt',
    'preparatoryActs',
  ] as const) {
    answers[key].present = null;
  }
  answers.observations =
    'La entrevista se interrumpió antes de la sección de conducta; se completará en la próxima cita.';
}

/** A death recorded: the level that does not apply. */
function deceasedAnswers(answers: AssessmentAnswers, at: Date): void {
  yes(answers, 'actualAttempt', 'Registro del fallecimiento comunicado por la familia.');
  answers.actualAttempt.totalAttempts = 1;
  answers.lethalityDegree = 5;
  answers.mostLethalAttemptDate = localIsoDate(new Date(at.getTime() - DAY_MS));
  answers.completedSuicide = true;
  answers.observations = 'Registro del evento. Se ofrece acompañamiento a la comunidad del curso.';
}

/**
 * A saved assessment's answers and level: the answers normalized as the
 * server normalizes them, the level computed by the shared engine from them.
 */
export function showcaseAssessment(
  wanted: RiskLevel,
  at: Date,
  random: Random,
): { answers: AssessmentAnswers; riskLevel: RiskLevel } {
  const answers = normalizeAssessment(answersFor(wanted, at, random));
  return { answers, riskLevel: computeRiskLevel(riskAnswersOf(answers)) };
}
