import { object, string, type InferType } from 'yup';
import type { StaffRef } from './entities';
import { RISK_LEVELS, RISK_SEVERITY, type RiskLevel } from './risk/risk-engine';
import { text } from './schemas/text';

/**
 * The clinician's level of a saved assessment
 * (docs/columbia-assessment.md#clinicians-level): the psychologist's own
 * judgement, recorded once by the assessment's author with a reason, beside
 * the engine's level, which it never replaces. An entry of its own
 * (`@psicocampus/shared/clinician-level`) so that the /login bundle, which
 * carries MSG, does not carry these texts.
 */

export const CLINICIAN_REASON_MIN = 20;
export const CLINICIAN_REASON_MAX = 2000;

export const CLINICIAN_LEVEL_MSG = {
  title: 'Nivel clínico',
  engineLevel: 'Nivel estimado por la escala',
  clinicianLevel: 'Nivel clínico',
  /** The level that counts (`levelInForce`), and which of the two it is. */
  inForce: 'Nivel vigente',
  inForceClinician: 'el nivel clínico',
  inForceEngine: 'el estimado por la escala; no hay nivel clínico registrado',
  /** In a table's cell, beside each badge. */
  engineShort: 'Escala:',
  clinicianShort: 'Clínico:',
  /** In a list, after the badge of the level in force when it is the clinician's. */
  inForceMark: 'Clínico',
  /** …and when the clinician confirmed the scale's level: it is said once. */
  inForceMarkSame: 'Clínico, igual a la escala',
  levelLabel: 'Nivel clínico',
  reasonLabel: 'Motivo',
  recordedLabel: 'Registrado',
  reasonHint: `Explica en qué te basas (al menos ${CLINICIAN_REASON_MIN} caracteres). Se registra una sola vez y no se puede cambiar.`,
  intro:
    'Si tu juicio clínico difiere del nivel estimado por la escala, o quieres confirmarlo, regístralo aquí. El nivel de la escala se conserva.',
  choose: 'Selecciona un nivel',
  save: 'Registrar nivel clínico',
  saving: 'Registrando...',
  saved: 'Nivel clínico registrado.',
  saveError: 'No se pudo registrar el nivel clínico.',
  recordedBy: (name: string, date: string) => `Registrado por ${name} el ${date}`,
  noneYet: 'Sin nivel clínico registrado',
  levelRequired: 'Selecciona el nivel clínico.',
  levelInvalid: 'Selecciona un nivel de riesgo válido.',
  reasonRequired: 'Escribe el motivo del nivel clínico.',
  reasonTooShort: `El motivo debe tener al menos ${CLINICIAN_REASON_MIN} caracteres.`,
  reasonTooLong: `El motivo no puede superar los ${CLINICIAN_REASON_MAX.toLocaleString('es')} caracteres.`,
  lowerTitle: 'Nivel clínico menor',
  lowerText: (clinician: string, engine: string) =>
    `El nivel clínico es menor que el estimado por la escala (${clinician} frente a ${engine}). ¿Registrarlo de todos modos?`,
  lowerConfirm: 'Sí, registrarlo',
  alreadyRecorded: 'Esta evaluación ya tiene un nivel clínico registrado; no se puede cambiar.',
  onlyAuthor: 'Solo quien registró la evaluación puede registrar su nivel clínico.',
  /** Said under the statistics by level: which level each student is counted by. */
  statisticsNote:
    'Se cuenta el nivel clínico de la última evaluación cuando lo hay; si no, el nivel estimado por la escala.',
  statisticsColumn: 'Nivel clínico (o, si no lo hay, el de la escala)',
  /** Under the patients list's level filter: what it and the column's order go by. */
  listBasis: 'Se filtra y ordena por el nivel clínico cuando lo hay; si no, por el de la escala.',
  /** Under 'Evaluaciones' level filter. */
  filterBasis: 'Se filtra por el nivel clínico cuando lo hay; si no, por el de la escala.',
} as const;

/**
 * What the statistics by level say they count: the level in
 * force, the clinician's, else the scale's. Both statistics screens pass it
 * to their chart by level.
 */
export const RISK_LEVEL_BASIS = {
  categoryHeader: CLINICIAN_LEVEL_MSG.statisticsColumn,
  note: CLINICIAN_LEVEL_MSG.statisticsNote,
} as const;

/** A clinician's level as the API answers it. */
export interface ClinicianLevel {
  level: RiskLevel;
  reason: string;
  /** ISO 8601: when it was recorded. */
  at: string;
  /** Null when the account no longer exists. */
  by: StaffRef | null;
}

/**
 * The level that counts for what the service does next: the clinician's
 * when one is recorded, the engine's otherwise (the safety plan's call, the follow-up list and the
 * statistics read it).
 */
export function levelInForce(assessment: {
  riskLevel: RiskLevel;
  clinicianLevel?: { level: RiskLevel } | null;
}): RiskLevel {
  return assessment.clinicianLevel?.level ?? assessment.riskLevel;
}

/**
 * Whether `userId` may complete the saved assessment: only its author adds
 * final remarks and records the clinician's level
 * (docs/columbia-assessment.md#clinicians-level). The server refuses
 * anyone else with 403; the screens offer the forms by it.
 */
export function completesAssessment(
  authorId: string | null | undefined,
  userId: string | undefined,
): boolean {
  return userId !== undefined && Boolean(authorId) && authorId === userId;
}

/**
 * Whether the clinician's level is below the engine's on the scale (BAJO <
 * MODERADO < ALTO < MUY_ALTO): the form then asks for confirmation. Levels
 * off the scale (INDETERMINADO, NO_APLICA) are never "lower".
 */
export function isBelowEngineLevel(clinician: RiskLevel, engine: RiskLevel): boolean {
  const mine = RISK_SEVERITY[clinician];
  const scale = RISK_SEVERITY[engine];
  return mine !== null && scale !== null && mine < scale;
}

/** PUT /api/suicide-assessments/:id/clinician-level: the form's and the server's one schema. */
export const clinicianLevelSchema = object({
  level: string()
    .required(CLINICIAN_LEVEL_MSG.levelRequired)
    .typeError(CLINICIAN_LEVEL_MSG.levelInvalid)
    .oneOf([...RISK_LEVELS], CLINICIAN_LEVEL_MSG.levelInvalid),
  reason: text()
    .trim()
    .required(CLINICIAN_LEVEL_MSG.reasonRequired)
    .min(CLINICIAN_REASON_MIN, CLINICIAN_LEVEL_MSG.reasonTooShort)
    .max(CLINICIAN_REASON_MAX, CLINICIAN_LEVEL_MSG.reasonTooLong),
});
export type ClinicianLevelBody = InferType<typeof clinicianLevelSchema> & { level: RiskLevel };
