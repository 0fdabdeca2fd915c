/**
 * The questions and answer scales of the Columbia Suicide Severity Rating
 * Scale, "since last visit" version, in Spanish (docs/columbia-assessment.md#answer-codes enumerations,
 * docs/columbia-assessment.md#risk-levels). The form, the server's PDF and the statistics read them
 * from here.
 */
import { MSG } from '../messages';

export const IDEATION_QUESTIONS = [
  {
    key: 'deathWish',
    number: 1,
    title: 'Deseo de estar muerto/a',
    question: 'Desde la última visita, ¿ha deseado estar muerto/a o poder dormirse y no despertar?',
  },
  {
    key: 'nonSpecificActiveSuicidalThoughts',
    number: 2,
    title: 'Pensamientos suicidas activos no específicos',
    question: 'Desde la última visita, ¿ha tenido realmente pensamientos de suicidarse?',
  },
  {
    key: 'activeSuicidalIdeationWithMethods',
    number: 3,
    title: 'Ideación suicida activa con cualquier método (sin plan) y sin intención de actuar',
    question: 'Desde la última visita, ¿ha pensado en cómo podría hacerlo?',
  },
  {
    key: 'activeSuicidalIdeationWithIntent',
    number: 4,
    title: 'Ideación suicida activa con cierta intención de actuar, sin plan específico',
    question:
      'Desde la última visita, ¿ha tenido estos pensamientos y ha tenido cierta intención de llevarlos a cabo?',
  },
  {
    key: 'activeSuicidalIdeationWithPlan',
    number: 5,
    title: 'Ideación suicida activa con plan específico e intención',
    question:
      'Desde la última visita, ¿ha comenzado a elaborar o ha elaborado los detalles de cómo suicidarse? ¿Tiene intención de llevar a cabo ese plan?',
  },
] as const;

export type IdeationKey = (typeof IDEATION_QUESTIONS)[number]['key'];

/**
 * The behaviour questions, in the order docs/columbia-assessment.md#validation validates them. `name` is the
 * wording of the 'Validación' messages; `article`/`definite` make them read
 * as Spanish ("una Autolesión", "la Autolesión").
 */
export const BEHAVIOUR_QUESTIONS = [
  {
    key: 'actualAttempt',
    name: 'Intento Real',
    article: 'un',
    definite: 'el',
    withTotal: true,
    question:
      'Desde la última visita, ¿ha hecho un intento de suicidio? (un acto potencialmente autolesivo con al menos cierta intención de morir)',
  },
  {
    key: 'nonSuicidalSelfInjury',
    name: 'Comportamiento Autolesivo No Suicida',
    article: 'un',
    definite: 'el',
    withTotal: false,
    question: 'Desde la última visita, ¿se ha hecho daño a propósito sin intención de morir?',
  },
  {
    key: 'unknownIntentSelfInjury',
    name: 'Autolesión con intención desconocida',
    article: 'una',
    definite: 'la',
    withTotal: false,
    question:
      'Desde la última visita, ¿se ha hecho daño sin que pueda determinarse si tenía intención de morir?',
  },
  {
    key: 'interruptedAttempt',
    name: 'Intento Interrumpido',
    article: 'un',
    definite: 'el',
    withTotal: true,
    question:
      'Desde la última visita, ¿hubo alguna ocasión en que comenzó a hacer algo para terminar con su vida, pero alguien o algo lo/la detuvo antes de hacerlo?',
  },
  {
    key: 'abortedAttempt',
    name: 'Intento Abortado',
    article: 'un',
    definite: 'el',
    withTotal: true,
    question:
      'Desde la última visita, ¿hubo alguna ocasión en que comenzó a hacer algo para intentar terminar con su vida, pero se detuvo antes de hacerlo?',
  },
  {
    key: 'preparatoryActs',
    name: 'Actos o Comportamiento Preparatorios',
    article: 'unos',
    definite: 'los',
    withTotal: false,
    question:
      'Desde la última visita, ¿ha hecho algo para prepararse para un intento de suicidio (reunir pastillas, conseguir un arma, regalar objetos de valor, escribir una nota de despedida)?',
  },
] as const;

export type BehaviourKey = (typeof BEHAVIOUR_QUESTIONS)[number]['key'];
export type AttemptKey = Extract<
  BehaviourKey,
  'actualAttempt' | 'interruptedAttempt' | 'abortedAttempt'
>;
export const ATTEMPT_KEYS: readonly AttemptKey[] = [
  'actualAttempt',
  'interruptedAttempt',
  'abortedAttempt',
];

/** 'Por favor, responda si hubo un Intento Real.' */
export function answerBehaviourMessage(item: (typeof BEHAVIOUR_QUESTIONS)[number]): string {
  if (item.key === 'preparatoryActs') return MSG.assessment.answerPreparatoryActs;
  return `Por favor, responda si hubo ${item.article} ${item.name}.`;
}

/** 'Por favor, describa el Intento Real.' */
export function describeBehaviourMessage(item: (typeof BEHAVIOUR_QUESTIONS)[number]): string {
  if (item.key === 'preparatoryActs') return MSG.assessment.describePreparatoryActs;
  return `Por favor, describa ${item.definite} ${item.name}.`;
}

/** docs/columbia-assessment.md#answer-codes: 5 is the mildest type, 1 the most severe (stored codes kept). */
export const IDEATION_TYPES: ReadonlyArray<{ value: number; item: IdeationKey; label: string }> = [
  { value: 5, item: 'deathWish', label: 'Deseo de estar muerto/a' },
  {
    value: 4,
    item: 'nonSpecificActiveSuicidalThoughts',
    label: 'Pensamientos suicidas activos no específicos',
  },
  {
    value: 3,
    item: 'activeSuicidalIdeationWithMethods',
    label: 'Ideación activa con métodos, sin intención',
  },
  {
    value: 2,
    item: 'activeSuicidalIdeationWithIntent',
    label: 'Ideación activa con intención, sin plan',
  },
  {
    value: 1,
    item: 'activeSuicidalIdeationWithPlan',
    label: 'Ideación activa con plan e intención',
  },
];

export const FREQUENCIES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 1, label: 'Solo una vez' },
  { value: 2, label: 'Pocas veces' },
  { value: 3, label: 'Muchas veces' },
  { value: 4, label: 'Todo el tiempo' },
  { value: 0, label: 'No sabe / No aplica' },
];

export const LETHALITY_DEGREES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: '0 · Sin daño físico o daño físico mínimo' },
  { value: 1, label: '1 · Daño físico menor' },
  { value: 2, label: '2 · Daño físico moderado; requiere atención médica' },
  { value: 3, label: '3 · Daño físico moderadamente grave; requiere hospitalización' },
  { value: 4, label: '4 · Daño físico grave; requiere cuidados intensivos' },
  { value: 5, label: '5 · Muerte' },
];

export const POTENTIAL_LETHALITIES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: '0 · Conducta con poca probabilidad de causar lesiones' },
  { value: 1, label: '1 · Conducta con probabilidad de causar lesiones, pero no la muerte' },
  {
    value: 2,
    label: '2 · Conducta con probabilidad de causar la muerte pese a la atención médica',
  },
];
