import { AUDIT_ACTION_LABELS } from './audit-labels';
import type { PageInfo } from './paging';
import type { RiskLevel } from './risk/risk-engine';

/**
 * Follow-up that cannot be forgotten and a student's record of changes
 * (docs/api.md#follow-up): the answers' shapes and their Spanish texts. An entry of its
 * own (`@psicocampus/shared/follow-up`) so that the /login bundle, which
 * carries MSG, does not carry these texts.
 */

/** Days ahead an appointment must be scheduled in (`FOLLOW_UP_DAYS` changes it). */
export const DEFAULT_FOLLOW_UP_DAYS = 7;
/** Days after a high assessment before a new one is due (`FOLLOW_UP_REASSESS_DAYS`). */
export const DEFAULT_FOLLOW_UP_REASSESS_DAYS = 30;

/** Why a student is on "Seguimiento prioritario"; each reason has the one action that clears it. */
export const FOLLOW_UP_REASONS = ['NO_APPOINTMENT', 'NO_SAFETY_PLAN', 'REASSESSMENT_DUE'] as const;
export type FollowUpReasonCode = (typeof FOLLOW_UP_REASONS)[number];

export const FOLLOW_UP_ACTIONS = [
  'SCHEDULE_APPOINTMENT',
  'COMPLETE_SAFETY_PLAN',
  'REASSESS',
] as const;
export type FollowUpAction = (typeof FOLLOW_UP_ACTIONS)[number];

/** What clears each reason. */
export const FOLLOW_UP_CLEARED_BY: Record<FollowUpReasonCode, FollowUpAction> = {
  NO_APPOINTMENT: 'SCHEDULE_APPOINTMENT',
  NO_SAFETY_PLAN: 'COMPLETE_SAFETY_PLAN',
  REASSESSMENT_DUE: 'REASSESS',
};

export interface FollowUpReason {
  code: FollowUpReasonCode;
  clearedBy: FollowUpAction;
}

/** One row of `GET /api/follow-up`. */
export interface FollowUpEntry {
  student: { _id: string; firstName: string; lastName: string };
  /** The latest assessment's level in force (the clinician's, else the engine's): ALTO or MUY_ALTO. */
  level: RiskLevel;
  /** The latest assessment, whose level puts the student here. */
  assessment: { _id: string; createdAt: string };
  /** At least one, in the order of FOLLOW_UP_REASONS. */
  reasons: FollowUpReason[];
}

/**
 * `GET /api/follow-up`: one page of the signed-in psychologist's list, the
 * periods it was judged by, and how many students it holds in all.
 */
export interface FollowUpAnswer extends PageInfo {
  ok: true;
  days: number;
  reassessDays: number;
  entries: FollowUpEntry[];
}

/** `GET /api/follow-up/counts` (administrators): counts only, never a student's name. */
export interface FollowUpCountsAnswer {
  ok: true;
  counts: Array<{
    psychologist: { _id: string; firstName: string; lastName: string };
    count: number;
  }>;
  total: number;
}

/** The audit actions a student's record of changes shows. */
export const HISTORY_ACTIONS = [
  'assessment.clinician_level',
  'safety_plan.save',
  'note.sign',
  'note.addendum',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * Events a page of a student's 'Historial de cambios' holds, newest first,
 * when the caller does not say (`GET /api/students/{id}/history?page=&pageSize=`,
 * docs/api.md#follow-up); at most LIST_MAX_PAGE_SIZE.
 */
export const HISTORY_PAGE_SIZE = 20;

/** One event of a student's record of changes: what, when and by whom; never clinical text. */
export interface HistoryEvent {
  action: HistoryAction;
  /** The audit screen's Spanish name of the action. */
  label: string;
  at: string;
  /** Null when the account no longer exists. */
  by: { firstName: string; lastName: string } | null;
}

/** One page of the record, newest first, with how many events it holds in all. */
export interface StudentHistoryAnswer extends PageInfo {
  ok: true;
  events: HistoryEvent[];
}

export function historyLabel(action: HistoryAction): string {
  return AUDIT_ACTION_LABELS[action];
}

export const FOLLOW_UP_MSG = {
  title: 'Seguimiento prioritario',
  intro:
    'Estudiantes con nivel alto o muy alto en su última evaluación a quienes les falta un paso de seguimiento.',
  reason: {
    NO_APPOINTMENT: (days: number) =>
      days === 1 ? 'Sin cita agendada para mañana' : `Sin cita en los próximos ${days} días`,
    NO_SAFETY_PLAN: () => 'Sin plan de seguridad completo',
    REASSESSMENT_DUE: (days: number) =>
      `Reevaluación pendiente: más de ${days} días desde la última evaluación`,
  } satisfies Record<FollowUpReasonCode, (days: number) => string>,
  action: {
    SCHEDULE_APPOINTMENT: 'Agendar cita',
    COMPLETE_SAFETY_PLAN: 'Elaborar plan de seguridad',
    REASSESS: 'Reevaluar',
  } satisfies Record<FollowUpAction, string>,
  assessedOn: (date: string) => `Última evaluación: ${date}`,
  empty: 'Ningún estudiante requiere seguimiento prioritario.',
  loadError: 'No se pudo cargar el seguimiento prioritario.',
  /** The home shows the first rows; these say how many there are and lead to the whole list. */
  count: (total: number) =>
    total === 1
      ? '1 estudiante requiere seguimiento prioritario.'
      : `${total.toLocaleString('es')} estudiantes requieren seguimiento prioritario.`,
  viewAll: (total: number) => `Ver todos (${total.toLocaleString('es')})`,
  total: (total: number) =>
    `${total.toLocaleString('es')} ${total === 1 ? 'estudiante' : 'estudiantes'}`,
  pages: 'Páginas del seguimiento prioritario',
  countsTitle: 'Seguimiento prioritario por psicólogo/a',
  countsIntro:
    'Estudiantes con nivel alto o muy alto a quienes les falta una cita, un plan de seguridad completo o una reevaluación. Solo se muestran los recuentos.',
  countsPsychologist: 'Psicólogo/a',
  countsCount: 'Estudiantes',
  countsTotal: 'Total',
  countsEmpty: 'No hay psicólogos/as registrados.',
  countsError: 'No se pudieron cargar los recuentos de seguimiento.',
  historyTitle: 'Historial de cambios',
  historyEmpty: 'Aún no hay cambios registrados.',
  historyError: 'No se pudo cargar el historial de cambios.',
  historyBy: (name: string) => `por ${name}`,
  historyUnknownAuthor: 'una cuenta eliminada',
  /** Names the pages' navigation of a student's 'Historial de cambios'. */
  historyPagesLabel: 'Páginas del historial de cambios',
  /** Every event of the record, beside the page: 'Página 2 de 3 · 45 cambios'. */
  historyTotal: (count: number) =>
    `${count.toLocaleString('es')} ${count === 1 ? 'cambio' : 'cambios'}`,
} as const;

/** The Spanish text of a reason, with the periods the server judged by. */
export function followUpReasonText(
  code: FollowUpReasonCode,
  periods: { days: number; reassessDays: number },
): string {
  return FOLLOW_UP_MSG.reason[code](
    code === 'REASSESSMENT_DUE' ? periods.reassessDays : periods.days,
  );
}
