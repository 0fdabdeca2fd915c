import { mixed, number, object, type InferType } from 'yup';
import type { SafetyPlanSummary, StaffRef } from './entities';
export type { SafetyPlanSummary } from './entities';
import { MSG } from './messages';
import { isHighRiskLevel, type RiskLevel } from './risk/risk-engine';
import { text } from './schemas/text';
import { VERSION_MAX } from './schemas/student.schemas';

/**
 * A student's safety plan (docs/api.md#safety-plan), after
 * Stanley and Brown's Safety Planning Intervention: seven sections written
 * with the student, in the student's own words, kept as revisions. An entry
 * of its own (`@psicocampus/shared/safety-plan`) so that the /login bundle,
 * which carries MSG, does not carry these texts.
 */

/** The highest version a save may name (a PostgreSQL integer). */
export const SAFETY_PLAN_VERSION_MAX = VERSION_MAX;

/** The longest a section may be (the table's CHECK says the same, migration 0015). */
export const SAFETY_PLAN_SECTION_MAX = 4000;
/**
 * Revisions a page of 'Versiones anteriores' holds, newest first: the plan's
 * answer carries the newest page of them with `revisionsTotal`, and
 * `GET /api/students/{id}/safety-plan/revisions` answers pages of this size
 * when not told (docs/api.md#safety-plan).
 */
export const SAFETY_PLAN_REVISIONS_PAGE_SIZE = 20;

/** The sections, in their order on the screen and in the PDF (the columns of migration 0015). */
export const SAFETY_PLAN_SECTION_KEYS = [
  'warningSigns',
  'copingStrategies',
  'socialDistractions',
  'helpContacts',
  'professionalContacts',
  'safeEnvironment',
  'reasonForLiving',
] as const;
export type SafetyPlanSectionKey = (typeof SAFETY_PLAN_SECTION_KEYS)[number];

export const SAFETY_PLAN_STATUSES = ['draft', 'complete'] as const;
export type SafetyPlanStatus = (typeof SAFETY_PLAN_STATUSES)[number];

interface SectionText {
  /** The step's title, as the plan handed to the student reads. */
  title: string;
  /** What to write in it, in the student's voice (the plan is theirs). */
  help: string;
  /** Said when a complete plan leaves it empty. */
  required: string;
}

/**
 * The seven steps, in the first person: the plan is written with the
 * student, in their words, and handed to them.
 */
export const SAFETY_PLAN_SECTIONS: Readonly<Record<SafetyPlanSectionKey, SectionText>> = {
  warningSigns: {
    title: 'Señales de alerta',
    help: 'Pensamientos, imágenes, emociones, situaciones o conductas que me indican que puede empezar una crisis.',
    required: 'Escribe al menos una señal de alerta.',
  },
  copingStrategies: {
    title: 'Estrategias internas de afrontamiento',
    help: 'Lo que puedo hacer por mi cuenta, sin contactar a nadie, para calmarme y no actuar según mis impulsos (por ejemplo: respirar despacio, caminar, escuchar música).',
    required: 'Escribe al menos una estrategia de afrontamiento.',
  },
  socialDistractions: {
    title: 'Personas y lugares sociales que me ayudan a distraerme',
    help: 'Personas con quienes puedo estar (nombre y teléfono) y lugares donde puedo estar acompañado/a para dejar de pensar en lo que me preocupa.',
    required: 'Escribe al menos una persona o lugar que ayude a distraerse.',
  },
  helpContacts: {
    title: 'Personas a las que puedo pedir ayuda',
    help: 'Familiares o amistades a quienes puedo decir que estoy en crisis y pedir ayuda (nombre y teléfono).',
    required: 'Escribe al menos una persona a la que pedir ayuda.',
  },
  professionalContacts: {
    title: 'Profesionales y servicios a los que puedo acudir en una crisis',
    help: 'Mi psicólogo/a u otros profesionales (nombre y teléfono) y el servicio de urgencias más cercano. El teléfono del servicio y la línea de crisis se añaden al imprimir el plan.',
    required: 'Escribe al menos un profesional o servicio al que acudir.',
  },
  safeEnvironment: {
    title: 'Cómo hacer seguro mi entorno',
    help: 'Qué haré, y con quién, para no tener a mano medios con los que podría hacerme daño (medicamentos, objetos cortantes, armas, sustancias).',
    required: 'Escribe cómo se hará seguro el entorno.',
  },
  reasonForLiving: {
    title: 'Lo más importante para mí y por lo que vale la pena vivir',
    help: 'Las personas, metas o cosas que más me importan y me dan motivos para seguir adelante.',
    required: 'Escribe lo más importante para el/la estudiante.',
  },
};

export const SAFETY_PLAN_MSG = {
  title: 'Plan de seguridad',
  intro:
    'Escríbelo con el/la estudiante, con sus propias palabras. Puedes guardarlo como borrador y completarlo después; cada vez que se guarda se conserva una nueva versión.',
  status: { draft: 'Borrador', complete: 'Completo' } satisfies Record<SafetyPlanStatus, string>,
  labels: { status: 'Estado', version: 'Versión', savedAt: 'Guardado' },
  saveDraft: 'Guardar borrador',
  saveComplete: 'Guardar plan completo',
  saving: 'Guardando...',
  savedDraft: 'Borrador del plan de seguridad guardado.',
  savedComplete: 'Plan de seguridad completo guardado.',
  saveError: 'No se pudo guardar el plan de seguridad.',
  loadError: 'No se pudo cargar el plan de seguridad.',
  downloadPdf: 'Descargar PDF',
  none: 'Sin plan de seguridad',
  open: 'Ver plan de seguridad',
  edit: 'Editar plan de seguridad',
  create: 'Elaborar plan de seguridad',
  versionLine: (version: string, status: string, name: string, date: string) =>
    `Versión ${version} · ${status} · guardada por ${name} el ${date}`,
  revisionsTitle: 'Versiones anteriores',
  revisionLabel: (version: string, status: string, name: string, date: string) =>
    `Versión ${version} (${status}), ${name}, ${date}`,
  viewingRevision: (version: string) =>
    `Estás viendo la versión ${version}, anterior a la vigente. Se conserva tal como se guardó.`,
  backToCurrent: 'Volver a la versión vigente',
  /** Names the pages' navigation of 'Versiones anteriores'. */
  revisionsPagesLabel: 'Páginas de las versiones del plan',
  /** Every revision, beside the page: 'Página 2 de 3 · 45 versiones'. */
  revisionsTotal: (count: number) =>
    `${count.toLocaleString('es')} ${count === 1 ? 'versión' : 'versiones'}`,
  /** A page of the revisions other than the first could not be loaded. */
  revisionsPageError: 'No se pudieron cargar estas versiones del plan.',
  unknownAuthor: 'Cuenta eliminada',
  /**
   * The call to action when the level in force is high (student detail,
   * 'Evaluación Registrada', the saved assessment), naming that level exactly
   * ('muy alto', 'alto'): `safetyPlanCallText` fills it in.
   */
  needed: (level: string) =>
    `El nivel de riesgo vigente es ${level}: elabora un plan de seguridad con el/la estudiante.`,
  neededDraft: (level: string) =>
    `El nivel de riesgo vigente es ${level} y el plan de seguridad es un borrador: complétalo con el/la estudiante.`,
  neededTitle: 'Plan de seguridad recomendado',
  completeNote: (version: string) =>
    `El/la estudiante tiene un plan de seguridad completo (versión ${version}). Revísalo con él/ella tras esta evaluación.`,
  /** Stale version (409): the text typed stays in the form. */
  stale:
    'Otra persona guardó una versión más reciente del plan de seguridad mientras lo editabas. Tu texto sigue en el formulario: revisa la versión vigente antes de guardar de nuevo.',
  staleKeep: 'Mantener mi texto y guardarlo como nueva versión',
  staleDiscard: 'Descartar mi texto y cargar la versión vigente',
  staleKept:
    'Tu texto se guardará como una nueva versión sobre la vigente. Revísalo y pulsa de nuevo «Guardar borrador» o «Guardar plan completo».',
  current: 'vigente',
  backToDetail: 'Volver al estudiante',
  loading: 'Cargando el plan de seguridad...',
  fromAssessment: 'Este plan se elabora a partir de la evaluación registrada.',
  invalidTitle: 'Revisa el plan de seguridad',
  pdfFileName: 'plan-de-seguridad.pdf',
  pdfError: 'No se pudo descargar el plan de seguridad.',
  revisionNotFound: 'Esa versión del plan de seguridad no existe.',
  noPlan: 'Este estudiante aún no tiene plan de seguridad.',
  versionInvalid: 'Indica la versión del plan de seguridad (un número entero).',
  statusInvalid: 'Indica si el plan es un borrador o está completo.',
  sectionTooLong: `Cada sección admite hasta ${SAFETY_PLAN_SECTION_MAX.toLocaleString('es')} caracteres.`,
  assessmentNotOfStudent: 'La evaluación indicada no es de este estudiante.',
  draftKept: 'Se recuperó un texto que no se había guardado.',
  /** The PDF handed to the student. */
  pdf: {
    subtitle: (name: string) => `Plan personal de ${name}`,
    versionLine: (version: string, status: string, date: string) =>
      `Versión ${version} (${status}), guardada el ${date}`,
    versionLabel: 'Versión',
    preparedWith: 'Elaborado con',
    servicePhone: 'Teléfono del servicio de orientación psicológica',
    crisisLine: 'Línea de crisis y emergencias',
    empty: '(Sin completar)',
    assessmentTitle: 'Evaluación que motivó el plan',
    assessmentDate: 'Fecha de la evaluación',
    draftNotice:
      'Este plan es un borrador: algunas secciones pueden estar sin completar. Revísalo con tu psicólogo/a.',
    closing:
      'Lleva este plan contigo. Si estás en peligro o no puedes mantenerte a salvo, llama a la línea de crisis o acude al servicio de urgencias más cercano.',
  },
} as const;

/** Null or a uuid: the assessment whose level asked for the plan. */
const assessmentIdField = () => text().trim().nullable().uuid(MSG.api.invalidId);

function sectionField(key: SafetyPlanSectionKey) {
  return text()
    .trim()
    .default('')
    .max(SAFETY_PLAN_SECTION_MAX, SAFETY_PLAN_MSG.sectionTooLong)
    .when('status', {
      is: 'complete',
      then: (schema) => schema.required(SAFETY_PLAN_SECTIONS[key].required),
    });
}

/**
 * PUT /api/students/:id/safety-plan and the safety-plan form: the seven
 * sections, the status ('complete' asks for every section, a draft for
 * none) and the version the plan was read at (0 when there was none).
 */
export const safetyPlanSchema = object({
  warningSigns: sectionField('warningSigns'),
  copingStrategies: sectionField('copingStrategies'),
  socialDistractions: sectionField('socialDistractions'),
  helpContacts: sectionField('helpContacts'),
  professionalContacts: sectionField('professionalContacts'),
  safeEnvironment: sectionField('safeEnvironment'),
  reasonForLiving: sectionField('reasonForLiving'),
  status: mixed<SafetyPlanStatus>()
    .required(SAFETY_PLAN_MSG.statusInvalid)
    .oneOf([...SAFETY_PLAN_STATUSES], SAFETY_PLAN_MSG.statusInvalid),
  version: number()
    .typeError(SAFETY_PLAN_MSG.versionInvalid)
    .required(SAFETY_PLAN_MSG.versionInvalid)
    .integer(SAFETY_PLAN_MSG.versionInvalid)
    .min(0, SAFETY_PLAN_MSG.versionInvalid)
    .max(SAFETY_PLAN_VERSION_MAX, SAFETY_PLAN_MSG.versionInvalid),
  assessmentId: assessmentIdField(),
});

export type SafetyPlanSections = Record<SafetyPlanSectionKey, string>;

export type SafetyPlanBody = InferType<typeof safetyPlanSchema> & {
  status: SafetyPlanStatus;
  assessmentId?: string | null;
};

/** One revision as the API answers it. */
export interface SafetyPlan extends SafetyPlanSections {
  _id: string;
  studentId: string;
  /** 1 for the first revision. */
  version: number;
  status: SafetyPlanStatus;
  /** The assessment whose level asked for the plan, when known. */
  assessmentId: string | null;
  /** ISO 8601: when this revision was saved. */
  createdAt: string;
  /** Null when the account no longer exists. */
  createdBy: StaffRef | null;
}

/** A revision in the plan's history. */
export interface SafetyPlanRevision {
  version: number;
  status: SafetyPlanStatus;
  createdAt: string;
  createdBy: StaffRef | null;
}

/** GET /api/students/:id/safety-plan (`?version=N` for an earlier revision) and the PUT's answer. */
export interface SafetyPlanAnswer {
  ok: true;
  msg?: string;
  /** The revision asked for (the one in force without `version`); null when there is no plan. */
  safetyPlan: SafetyPlan | null;
  /** The newest page of the revisions (SAFETY_PLAN_REVISIONS_PAGE_SIZE), newest first. */
  revisions: SafetyPlanRevision[];
  /** How many revisions the plan has in all: more pages past `revisions` when greater. */
  revisionsTotal: number;
}

/** GET /api/students/:id/safety-plan/revisions: a page of the revisions, newest first. */
export interface SafetyPlanRevisionsPage {
  ok: true;
  revisions: SafetyPlanRevision[];
  total: number;
  page: number;
  pageSize: number;
}

/** The form's empty sections. */
export function emptySafetyPlanSections(): SafetyPlanSections {
  return Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, ''])) as SafetyPlanSections;
}

/**
 * Whether the level in force (`levelInForce` of
 * `@psicocampus/shared/clinician-level`) asks for a safety plan: ALTO or MUY_ALTO.
 */
export function needsSafetyPlan(level: RiskLevel | null | undefined): boolean {
  return level !== null && level !== undefined && isHighRiskLevel(level);
}

/**
 * What the call to a safety plan says for the level in force (ALTO or
 * MUY_ALTO) and the student's plan: that level by its name, lower case in
 * the sentence ('muy alto'), and whether a draft is to be completed.
 */
export function safetyPlanCallText(
  levelInForce: RiskLevel,
  plan: Pick<SafetyPlanSummary, 'status'> | null | undefined,
): string {
  const level = MSG.assessment.levels[levelInForce].toLocaleLowerCase('es');
  return plan ? SAFETY_PLAN_MSG.neededDraft(level) : SAFETY_PLAN_MSG.needed(level);
}

/**
 * The service's phone and the crisis line as configured (SERVICE_PHONE,
 * CRISIS_LINE): digits, spaces and + ( ) - . /, with 3 to 20 digits. What a
 * person dials from a printed page; a text with anything else is refused at
 * start rather than printed wrong.
 */
export function isPhoneText(value: string): boolean {
  if (!/^\+?[0-9(][0-9 ()./-]*$/.test(value) || value.length > 40) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= 3 && digits <= 20;
}
