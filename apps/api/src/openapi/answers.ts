import {
  APPOINTMENT_CANCELLERS,
  APPOINTMENT_STATUSES,
  AUDIT_OUTCOME_LABELS,
  CLINICAL_NOTES_PAGE_SIZE,
  EMPLOYMENT_STATUSES,
  GENDERS,
  ROLES,
  SEMESTERS,
  STUDENT_REMOVALS,
} from '@psicocampus/shared/domain';
import { EVERY_AUDIT_ACTION } from '@psicocampus/shared/audit-labels';
import {
  ATTEMPT_KEYS,
  BEHAVIOUR_QUESTIONS,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  POTENTIAL_LETHALITIES,
  RISK_LEVELS,
} from '@psicocampus/shared/columbia';
import {
  FOLLOW_UP_ACTIONS,
  FOLLOW_UP_REASONS,
  HISTORY_ACTIONS,
} from '@psicocampus/shared/follow-up';
import { MAIL_KINDS, MAIL_STATUSES } from '@psicocampus/shared/mail';
import { SAFETY_PLAN_SECTION_KEYS, SAFETY_PLAN_STATUSES } from '@psicocampus/shared/safety-plan';
import type { JsonSchema } from './json-schema';

/*
 * The shapes of the API's answers, written once here: the views build them
 * in code (plugins' *.view.ts, typed by libs/shared/src/domain), with no
 * schema object to convert, so each record below lists the fields of its
 * domain type, and enumerations come from the shared constants.
 * Every object is closed (`additionalProperties: false`): an answer carries
 * exactly the fields described, so the contract check (test/helpers/contract.ts,
 * run by the access matrix and by every server test under API_CONTRACT=1)
 * fails a view that adds a field before the document describes it, and a
 * client generated from this document can read every field the server sends
 * (docs/api.md#the-document-and-the-reference-page).
 */

const text: JsonSchema = { type: 'string' };
const nullableText: JsonSchema = { type: ['string', 'null'] };
const id: JsonSchema = { type: 'string', format: 'uuid' };
const instant: JsonSchema = { type: 'string', format: 'date-time' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const flag: JsonSchema = { type: 'boolean' };
const version: JsonSchema = { type: 'integer', minimum: 1 };

/** The schema, or null. */
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
/** One of a shared enumeration's values (never a copy of the list). */
const oneOf = (values: readonly unknown[]): JsonSchema => ({ enum: [...values] });

/** An object with exactly these fields, all present but those in `optional`. */
function record(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  };
}

/** The same object, with `names` no longer required. */
function optional(schema: JsonSchema, ...names: string[]): JsonSchema {
  return { ...schema, required: (schema.required ?? []).filter((key) => !names.includes(key)) };
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** What a paged list answers beside its items (docs/api.md#paged-lists). */
const pageFields: Record<string, JsonSchema> = {
  total: { ...count, description: 'Todos los elementos que coinciden, en todas las páginas.' },
  page: { type: 'integer', minimum: 1 },
  pageSize: { type: 'integer', minimum: 1 },
};
const listOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** Every successful answer: `ok: true`, often a Spanish `msg` to show as is; nothing else. */
export function success(
  properties: Record<string, JsonSchema> = {},
  options: { msg?: boolean } = {},
): JsonSchema {
  const withMsg = options.msg ?? false;
  return {
    type: 'object',
    properties: {
      ok: { const: true },
      ...(withMsg
        ? { msg: { type: 'string', description: 'Mensaje en español para mostrar.' } }
        : {}),
      ...properties,
    },
    required: ['ok', ...(withMsg ? ['msg'] : []), ...Object.keys(properties)],
    additionalProperties: false,
  };
}

/** StaffRef: a staff member as other records name them. */
const personRef = record({ _id: id, firstName: text, lastName: text, email: text });
/** A student as lists of other records name them. */
const studentRef = record({ _id: id, firstName: text, lastName: text });
const author = nullable({ ...ref('PersonRef'), description: 'Null si la cuenta ya no existe.' });
const mailSent = record({
  id,
  status: { ...oneOf(MAIL_STATUSES), description: 'sent, o queued si se reintentará.' },
});
const riskLevel = oneOf(RISK_LEVELS);

const studentSchema = record({
  _id: id,
  firstName: text,
  lastName: text,
  age: { type: 'integer' },
  gender: oneOf(GENDERS),
  email: text,
  phone: text,
  city: text,
  career: text,
  careerLevel: oneOf(SEMESTERS),
  level: { ...oneOf(SEMESTERS), description: 'Lo mismo que `careerLevel`.' },
  employmentStatus: oneOf(EMPLOYMENT_STATUSES),
  income: { type: ['number', 'null'], description: 'USD; null si no se indicó.' },
  assignedPsychologist: nullable(ref('PersonRef')),
  latestRisk: {
    ...nullable(ref('LatestRisk')),
    description: 'El nivel de la evaluación más reciente; null: sin evaluación.',
  },
  version,
  createdAt: instant,
  updatedAt: instant,
});

/** A yes/no item of the Columbia scale; attempts also say how many there were. */
const yesNoItem = record({ present: { type: ['boolean', 'null'] }, description: text });
const attemptItem = record({ ...yesNoItem.properties, totalAttempts: count });
const codeOf = (options: ReadonlyArray<{ value: number }>): JsonSchema =>
  nullable(oneOf(options.map((option) => option.value)));
const attemptKeys: readonly string[] = ATTEMPT_KEYS;

/** The answers of the scale (AssessmentAnswers), item by item. */
const assessmentAnswers: Record<string, JsonSchema> = {
  ...Object.fromEntries(IDEATION_QUESTIONS.map(({ key }) => [key, yesNoItem])),
  ...Object.fromEntries(
    BEHAVIOUR_QUESTIONS.map(({ key }) => [
      key,
      attemptKeys.includes(key) ? attemptItem : yesNoItem,
    ]),
  ),
  ideationIntensity: record({
    mostSeriousIdeationType: codeOf(IDEATION_TYPES),
    mostSeriousIdeationDescription: text,
    frequency: codeOf(FREQUENCIES),
  }),
  completedSuicide: flag,
  mostLethalAttemptDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
  lethalityDegree: codeOf(LETHALITY_DEGREES),
  potentialLethality: codeOf(POTENTIAL_LETHALITIES),
  observations: text,
};

const clinicianLevel = nullable(ref('ClinicianLevel'));

/**
 * A resource of the FHIR API (docs/api.md#fhir): FHIR R4 describes it, this
 * document only names it (the tests validate each against R4), so it is the
 * one object left open.
 */
function fhirResource(resourceType: string, description: string): JsonSchema {
  return {
    type: 'object',
    description,
    properties: { resourceType: { const: resourceType } },
    required: ['resourceType'],
  };
}

/** Reusable shapes, under components.schemas. */
export const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  OperationOutcome: {
    ...fhirResource(
      'OperationOutcome',
      'Todo error de la API FHIR: un OperationOutcome de FHIR R4 cuyo `issue` dice en español, en `details.text` y `diagnostics`, lo mismo que `msg` en el resto de la API.',
    ),
    properties: {
      resourceType: { const: 'OperationOutcome' },
      issue: {
        type: 'array',
        minItems: 1,
        items: record({
          severity: text,
          code: text,
          details: record({ text }),
          diagnostics: text,
        }),
      },
    },
    required: ['resourceType', 'issue'],
    additionalProperties: false,
  },
  Error: record(
    {
      ok: { const: false },
      msg: text,
      errors: {
        type: 'array',
        items: record(
          {
            field: text,
            msg: text,
            row: {
              type: 'integer',
              description: 'Solo en la importación: la fila, como la numera Excel.',
            },
            column: { ...text, description: 'Solo en la importación: la columna.' },
          },
          ['row', 'column'],
        ),
      },
      requestId: {
        ...text,
        description: 'Solo en un fallo del servidor (500): el id de la petición en el registro.',
      },
      code: {
        const: 'APPOINTMENT_OVERLAP',
        description: 'Solo en el 409 de una cita que se solapa con otras (`overlaps`).',
      },
      overlaps: listOf('AppointmentOverlap'),
    },
    ['errors', 'requestId', 'code', 'overlaps'],
  ),
  PersonRef: personRef,
  StudentRef: studentRef,
  SessionUser: record({ id, role: oneOf(ROLES), firstName: text, lastName: text, email: text }),
  Psychologist: record({ ...personRef.properties, role: oneOf(ROLES), phone: nullableText }),
  MailSent: mailSent,
  LatestRisk: record({
    assessmentId: id,
    level: { ...riskLevel, description: 'El nivel de la escala.' },
    assessedAt: instant,
    clinicianLevel: { ...nullable(riskLevel), description: 'El nivel clínico; null si no hay.' },
  }),
  Student: studentSchema,
  StudentDetail: {
    ...record({
      ...studentSchema.properties,
      clinicalNotes: { ...listOf('ClinicalNote'), maxItems: CLINICAL_NOTES_PAGE_SIZE },
      clinicalNotesTotal: { ...count, description: 'Todas las notas del estudiante.' },
      safetyPlan: {
        ...nullable(ref('SafetyPlanSummary')),
        description: 'El plan de seguridad vigente; null si no hay.',
      },
    }),
    description: `Un estudiante con sus ${CLINICAL_NOTES_PAGE_SIZE} notas más recientes (la primera página de \`GET /api/students/{id}/clinical-notes\`) y cuántas tiene en total.`,
  },
  ClinicalNote: record({
    _id: id,
    studentId: id,
    note: text,
    createdAt: instant,
    updatedAt: instant,
    createdBy: author,
    version,
    signedAt: { ...nullable(instant), description: 'Null mientras la nota es un borrador.' },
    signedBy: nullable(ref('PersonRef')),
    addenda: listOf('NoteAddendum'),
  }),
  NoteAddendum: record({ _id: id, text, createdAt: instant, createdBy: author }),
  SafetyPlan: record({
    _id: id,
    studentId: id,
    version,
    status: oneOf(SAFETY_PLAN_STATUSES),
    ...Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, text])),
    assessmentId: nullable(id),
    createdAt: instant,
    createdBy: author,
  }),
  SafetyPlanRevision: record({
    version,
    status: oneOf(SAFETY_PLAN_STATUSES),
    createdAt: instant,
    createdBy: author,
  }),
  SafetyPlanSummary: record({ version, status: oneOf(SAFETY_PLAN_STATUSES), updatedAt: instant }),
  Appointment: record({
    _id: id,
    studentId: id,
    student: ref('StudentRef'),
    date: instant,
    durationMinutes: { type: 'integer' },
    status: oneOf(APPOINTMENT_STATUSES),
    cancelledBy: { ...nullable(oneOf(APPOINTMENT_CANCELLERS)), description: 'Solo si se canceló.' },
    cancelReason: { ...nullableText, description: 'Solo si se canceló.' },
    reason: text,
    notes: text,
    createdBy: author,
    createdAt: instant,
    version,
    updatedAt: instant,
  }),
  AppointmentOverlap: record({
    _id: id,
    date: instant,
    durationMinutes: { type: 'integer' },
    reason: text,
    student: ref('StudentRef'),
  }),
  ClinicianLevel: record({ level: riskLevel, reason: text, at: instant, by: author }),
  AssessmentRemark: record({ _id: id, text, createdAt: instant, createdBy: author }),
  Assessment: {
    ...record({
      ...assessmentAnswers,
      _id: id,
      student: { ...id, description: 'El id del estudiante (como `studentId`).' },
      studentId: id,
      riskLevel: { ...riskLevel, description: 'El nivel de la escala, calculado por el servidor.' },
      finalRemarks: { ...text, description: 'La observación final más reciente; vacía si no hay.' },
      finalRemarksAt: nullable(instant),
      remarks: listOf('AssessmentRemark'),
      clinicianLevel,
      createdBy: author,
      createdAt: instant,
    }),
    description: 'Las respuestas de la escala de Columbia, el nivel de riesgo y sus observaciones.',
  },
  AssessmentSummary: {
    ...record({
      _id: id,
      studentId: id,
      student: ref('StudentRef'),
      riskLevel,
      clinicianLevel,
      createdBy: author,
      createdAt: instant,
      hasFinalRemarks: flag,
    }),
    description: 'Una evaluación en la lista de la carga de casos: sin sus respuestas.',
  },
  StaffUser: record({
    _id: id,
    email: text,
    role: oneOf(ROLES),
    firstName: text,
    lastName: text,
    phone: nullableText,
    active: flag,
    hasPassword: flag,
    hasSecondFactor: flag,
    caseloadSize: count,
    createdAt: instant,
    pendingEmail: nullableText,
  }),
  NoteListing: {
    ...record({
      _id: id,
      studentId: id,
      student: ref('StudentRef'),
      createdAt: instant,
      updatedAt: instant,
      version,
      signedAt: nullable(instant),
    }),
    description:
      'Una nota tal como la nombran las listas del inicio: de quién es y cuándo se escribió; nunca su texto.',
  },
  AdminStudent: record({
    _id: id,
    firstName: text,
    lastName: text,
    email: text,
    career: text,
    careerLevel: oneOf(SEMESTERS),
    assignedPsychologist: nullable(ref('PersonRef')),
  }),
  ArchivedStudent: {
    ...record({
      _id: id,
      firstName: text,
      lastName: text,
      email: text,
      createdAt: instant,
      archivedAt: instant,
      archivedBy: nullable(ref('PersonRef')),
      records: record({
        notes: count,
        assessments: count,
        safetyPlanRevisions: count,
        appointments: count,
      }),
    }),
    description:
      'Un estudiante archivado (docs/data-model.md#archived-students): quién es, cuándo y quién lo archivó, cuántos registros conserva; nunca un texto clínico.',
  },
  AuditEntry: record({
    _id: { ...text, description: 'Un número, como texto para que ningún cliente lo redondee.' },
    at: instant,
    userId: nullable(id),
    userName: nullableText,
    role: nullable(oneOf(ROLES)),
    action: oneOf(EVERY_AUDIT_ACTION),
    recordType: nullableText,
    recordId: nullableText,
    clientAddress: nullableText,
    outcome: oneOf(Object.keys(AUDIT_OUTCOME_LABELS)),
    requestId: nullableText,
    detail: {
      type: ['object', 'null'],
      description: 'Lo que hizo una escritura, en cuentas e ids; nunca texto clínico.',
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
    },
    recordName: nullableText,
  }),
  MailRow: record({
    _id: id,
    kind: oneOf(MAIL_KINDS),
    to: text,
    subject: text,
    status: oneOf(MAIL_STATUSES),
    attempts: count,
    lastError: nullableText,
    createdAt: instant,
    nextAttemptAt: nullable(instant),
    sentAt: nullable(instant),
  }),
  CountByKey: record({ key: text, label: text, count }),
  Statistics: record({
    scope: oneOf(['CASELOAD', 'SERVICE']),
    totals: record({
      students: count,
      psychologists: count,
      assessmentsThisMonth: count,
      highRiskStudents: count,
    }),
    byGender: listOf('CountByKey'),
    byRiskLevel: listOf('CountByKey'),
    byCareer: listOf('CountByKey'),
    bySemester: listOf('CountByKey'),
    assessmentsPerMonth: listOf('CountByKey'),
  }),
  CalendarFeed: record({ exists: flag, showNames: flag }),
  Health: record(
    {
      ok: flag,
      live: { const: true },
      ready: flag,
      msg: text,
      database: record({ kind: text, up: flag }),
    },
    ['ready', 'msg', 'database'],
  ),
};

/** The answers of the routes, by name, for operations.ts. */
export const ANSWERS = {
  message: success({}, { msg: true }),
  studentRemoved: success(
    {
      outcome: {
        ...oneOf(STUDENT_REMOVALS),
        description:
          '`deleted`: no tenía registros clínicos y se eliminó; `archived`: los tenía y se archivó con todos ellos.',
      },
    },
    { msg: true },
  ),
  health: ref('Health'),
  // The session, or the second factor's step before it.
  login: {
    anyOf: [
      success({ token: text, user: ref('SessionUser') }, { msg: true }),
      success({ mfaRequired: { const: true }, challenge: text }),
      success({ mfaEnrollmentRequired: { const: true }, challenge: text }),
    ],
  },
  // With a recovery code: how many remain, and a sentence saying it.
  loginWithCode: optional(
    success(
      { token: text, user: ref('SessionUser'), recoveryCodesLeft: count, notice: text },
      { msg: true },
    ),
    'recoveryCodesLeft',
    'notice',
  ),
  mfaEnrolment: success({ secret: text, otpauthUrl: text }),
  // `token` and `user` when the enrolment was the last step of a sign-in.
  mfaConfirmed: optional(
    success(
      {
        recoveryCodes: { type: 'array', items: text, minItems: 10, maxItems: 10 },
        token: text,
        user: ref('SessionUser'),
      },
      { msg: true },
    ),
    'token',
    'user',
  ),
  mfaStatus: success({
    mfa: record({
      enabled: { type: 'boolean' },
      required: { type: 'boolean' },
      recoveryCodesLeft: count,
    }),
  }),
  mfaPolicy: success({
    policy: record({
      adminsRequired: { type: 'boolean' },
      psychologistsRequired: { type: 'boolean' },
    }),
  }),
  mfaPolicySaved: success(
    {
      policy: record({
        adminsRequired: { type: 'boolean' },
        psychologistsRequired: { type: 'boolean' },
      }),
    },
    { msg: true },
  ),
  me: success({ user: ref('SessionUser') }),
  resetCheck: success({ purpose: text, email: text, firstName: text }),
  emailChangeCheck: success({ newEmail: text, firstName: text }),
  // `mail`: when a mail was sent (a set-password link for an account without one).
  emailChangeConfirm: optional(
    success({ email: text, mail: ref('MailSent') }, { msg: true }),
    'mail',
  ),
  profile: success({
    profile: record({
      _id: id,
      firstName: text,
      lastName: text,
      email: text,
      role: oneOf(ROLES),
      phone: nullableText,
      pendingEmail: nullableText,
    }),
  }),
  // `mail`: the confirmation link's, when the e-mail changed.
  profileSaved: optional(
    success(
      { user: ref('SessionUser'), pendingEmail: nullableText, mail: ref('MailSent') },
      { msg: true },
    ),
    'mail',
  ),
  psychologist: success({ psychologist: ref('Psychologist') }),
  // One page when asked with `q`, `page` or `pageSize`; else the whole caseload and its size.
  students: {
    anyOf: [
      success({ students: listOf('Student'), ...pageFields }),
      success({ students: listOf('Student'), total: pageFields.total! }),
    ],
  },
  student: success({ student: ref('StudentDetail') }),
  studentSaved: success({ student: ref('Student') }, { msg: true }),
  noteSaved: success({ note: ref('ClinicalNote') }, { msg: true }),
  recentNotes: success({ notes: listOf('NoteListing') }),
  pendingNotes: success({ notes: listOf('NoteListing'), ...pageFields }),
  /** A page of a student's notes, newest first, each whole. */
  studentNotes: success({ notes: listOf('ClinicalNote'), ...pageFields }),
  addendumSaved: success({ addendum: ref('NoteAddendum') }, { msg: true }),
  safetyPlan: success({
    safetyPlan: { anyOf: [ref('SafetyPlan'), { type: 'null' }] },
    revisions: listOf('SafetyPlanRevision'),
    revisionsTotal: count,
  }),
  safetyPlanSaved: success(
    {
      safetyPlan: ref('SafetyPlan'),
      revisions: listOf('SafetyPlanRevision'),
      revisionsTotal: count,
    },
    { msg: true },
  ),
  safetyPlanRevisions: success({ revisions: listOf('SafetyPlanRevision'), ...pageFields }),
  imported: success(
    {
      created: count,
      duplicates: {
        type: 'array',
        description: 'Las filas no importadas porque su correo ya existía.',
        items: record({ row: { type: 'integer', minimum: 1 }, email: text }),
      },
    },
    { msg: true },
  ),
  appointments: success({ appointments: listOf('Appointment') }),
  // One page: the caseload's without `studentId` nor `from`/`to`, a student's asked by page.
  // Whole: the agenda, a student's asked without a page.
  appointmentsOrPage: {
    anyOf: [
      success({ appointments: listOf('Appointment'), ...pageFields }),
      success({ appointments: listOf('Appointment') }),
    ],
  },
  appointmentSaved: success({ appointment: ref('Appointment') }, { msg: true }),
  unrecordedAppointments: success({ appointments: listOf('Appointment'), ...pageFields }),
  /** A student's, whole (oldest first); the caseload's, one page with its total. */
  // The caseload's page of summaries; a student's page of whole assessments
  // (asked with `studentId` and `page` or `pageSize`); a student's whole list.
  assessmentsOrPage: {
    anyOf: [
      success({ assessments: listOf('AssessmentSummary'), ...pageFields }),
      success({ assessments: listOf('Assessment'), ...pageFields }),
      success({ assessments: listOf('Assessment') }),
    ],
  },
  assessment: success({ assessment: ref('Assessment') }),
  assessmentSaved: success({ assessment: ref('Assessment') }, { msg: true }),
  assessmentCreated: success(
    { assessment: ref('Assessment'), protocol: { type: ['string', 'null'] } },
    { msg: true },
  ),
  service: success({ service: record({ timeZone: text }) }),
  statistics: success({ statistics: ref('Statistics') }),
  byGender: success({ byGender: listOf('CountByKey') }),
  byRiskLevel: success({ byRiskLevel: listOf('CountByKey') }),
  appointmentStatistics: success({
    scope: oneOf(['CASELOAD', 'SERVICE']),
    months: {
      type: 'array',
      items: record({
        key: { ...text, description: "'YYYY-MM', en la zona del servicio." },
        label: text,
        counts: record(Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, count]))),
      }),
    },
  }),
  followUp: success({
    ...pageFields,
    days: { type: 'integer', minimum: 1 },
    reassessDays: { type: 'integer', minimum: 1 },
    entries: {
      type: 'array',
      items: record({
        student: ref('StudentRef'),
        level: oneOf(RISK_LEVELS.filter((level) => level === 'ALTO' || level === 'MUY_ALTO')),
        assessment: record({ _id: id, createdAt: instant }),
        reasons: {
          type: 'array',
          minItems: 1,
          items: record({
            code: oneOf(FOLLOW_UP_REASONS),
            clearedBy: oneOf(FOLLOW_UP_ACTIONS),
          }),
        },
      }),
    },
  }),
  followUpCounts: success({
    counts: {
      type: 'array',
      items: record({
        psychologist: record({ _id: id, firstName: text, lastName: text }),
        count,
      }),
    },
    total: count,
  }),
  studentHistory: success({
    events: {
      type: 'array',
      items: record({
        action: oneOf(HISTORY_ACTIONS),
        label: text,
        at: instant,
        by: { anyOf: [record({ firstName: text, lastName: text }), { type: 'null' }] },
      }),
    },
    ...pageFields,
  }),
  users: success({ users: listOf('StaffUser'), ...pageFields }),
  userSaved: success({ user: ref('StaffUser') }, { msg: true }),
  userCreated: success({ user: ref('StaffUser'), mail: ref('MailSent') }, { msg: true }),
  // `mail`: the confirmation link's, when the e-mail changed.
  userUpdated: optional(
    success({ user: ref('StaffUser'), mail: ref('MailSent') }, { msg: true }),
    'mail',
  ),
  mailSent: success({ mail: ref('MailSent') }, { msg: true }),
  adminStudents: success({ students: listOf('AdminStudent'), ...pageFields }),
  assigned: success({ student: ref('AdminStudent') }, { msg: true }),
  archivedStudents: success({ students: listOf('ArchivedStudent'), ...pageFields }),
  audit: success({ entries: listOf('AuditEntry'), ...pageFields }),
  auditChain: {
    description:
      'La cadena del registro recalculada (docs/data-model.md#audit-chain): íntegra, con las entradas comprobadas y la última; o la primera entrada donde se rompe y por qué.',
    anyOf: [
      success({
        intact: { const: true },
        checked: count,
        head: {
          anyOf: [record({ seq: { type: 'integer', minimum: 1 }, hash: text }), { type: 'null' }],
        },
      }),
      success({
        intact: { const: false },
        checked: count,
        broken: record({
          seq: { type: 'integer' },
          id: text,
          at: instant,
          reason: { enum: ['missing', 'unlinked', 'altered'] },
          missing: {
            anyOf: [
              record({ from: { type: 'integer' }, to: { type: 'integer' } }),
              { type: 'null' },
            ],
          },
        }),
      }),
    ],
  } satisfies JsonSchema,
  mails: success({ mails: listOf('MailRow'), ...pageFields }),
  feed: success({ feed: ref('CalendarFeed') }),
  feedSaved: success({ feed: ref('CalendarFeed') }, { msg: true }),
  feedCreated: success(
    { feed: ref('CalendarFeed'), url: { type: 'string', format: 'uri' } },
    { msg: true },
  ),
  fhirCapabilityStatement: fhirResource(
    'CapabilityStatement',
    'Lo que ofrece este servidor FHIR R4: el Questionnaire (lectura) y los QuestionnaireResponse (lectura y búsqueda por `subject`), en JSON.',
  ),
  fhirQuestionnaire: fhirResource(
    'Questionnaire',
    'El formulario de la Escala Columbia («desde la última visita») como Questionnaire de FHIR R4: preguntas, opciones y flujo (`enableWhen`).',
  ),
  fhirResponse: fhirResource(
    'QuestionnaireResponse',
    'Una evaluación como QuestionnaireResponse de FHIR R4; el estudiante (Patient, mínimo) y los niveles (Observation: el de la escala y, si lo hay, el clínico) van en `contained`.',
  ),
  fhirBundle: fhirResource(
    'Bundle',
    'Un Bundle `searchset` de FHIR R4: una QuestionnaireResponse por evaluación del estudiante, la más antigua primero.',
  ),
  fhirRecordBundle: fhirResource(
    'Bundle',
    'El expediente completo de un estudiante como Bundle `collection` de FHIR R4: Patient, una QuestionnaireResponse por evaluación (con sus niveles como Observation en `contained`), un CarePlan por versión del plan de seguridad, un DocumentReference por nota y por adenda (texto en `attachment.data`, base64 de UTF-8) y un Appointment por cita.',
  ),
  // Its parts are described by OpenAPI 3.1 itself, as FHIR R4 describes the FHIR resources.
  openapi: {
    ...record({
      openapi: { const: '3.1.0' },
      info: { type: 'object' },
      servers: { type: 'array' },
      security: { type: 'array' },
      paths: { type: 'object' },
      components: { type: 'object' },
    }),
    description: 'Este documento.',
  },
} satisfies Record<string, JsonSchema>;
