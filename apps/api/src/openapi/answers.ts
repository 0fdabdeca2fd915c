import type { JsonSchema } from './json-schema';

/*
 * The shapes of the API's answers, written once here: the views build them
 * in code (plugins' *.view.ts), with no schema object to convert. The
 * contract test (openapi/contract.test.ts) checks every answer of the access
 * matrix against them, so a view that changes its answer fails it.
 * Records list the fields a client relies on and may carry more.
 */

const text: JsonSchema = { type: 'string' };
const nullableText: JsonSchema = { type: ['string', 'null'] };
const id: JsonSchema = { type: 'string', format: 'uuid' };
const instant: JsonSchema = { type: 'string', format: 'date-time' };
const count: JsonSchema = { type: 'integer', minimum: 0 };

/** An object whose listed fields are all present. */
function record(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
  };
}

/** The same object, with `names` no longer required. */
function optional(schema: JsonSchema, ...names: string[]): JsonSchema {
  return { ...schema, required: (schema.required ?? []).filter((key) => !names.includes(key)) };
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** Every successful answer: `ok: true`, often a Spanish `msg` to show as is. */
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
  };
}

const personRef = record({ _id: id, firstName: text, lastName: text, email: text }, ['email']);
const mailSent = record({
  id,
  status: { type: 'string', description: 'sent, o queued si se reintentará.' },
});

/**
 * A resource of the FHIR API (docs/api.md#fhir): FHIR R4 describes it, this
 * document only names it (the tests validate each against R4).
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
  },
  Error: {
    type: 'object',
    description:
      'Toda respuesta de error: `msg` en español para mostrar; `errors` nombra cada campo rechazado (400).',
    properties: {
      ok: { const: false },
      msg: text,
      errors: {
        type: 'array',
        items: record({ field: text, msg: text }),
      },
    },
    required: ['ok', 'msg'],
  },
  PersonRef: personRef,
  SessionUser: record({
    id,
    role: { enum: ['ADMIN', 'PSYCHOLOGIST'] },
    firstName: text,
    lastName: text,
    email: text,
  }),
  MailSent: mailSent,
  Student: record({
    _id: id,
    firstName: text,
    lastName: text,
    age: { type: ['integer', 'null'] },
    email: text,
    assignedPsychologist: { anyOf: [personRef, { type: 'null' }] },
    latestRisk: {},
    version: { type: 'integer', minimum: 1 },
  }),
  ClinicalNote: record({
    _id: id,
    studentId: id,
    note: text,
    createdAt: instant,
    updatedAt: instant,
    version: { type: 'integer', minimum: 1 },
    signedAt: { anyOf: [instant, { type: 'null' }] },
    signedBy: { anyOf: [personRef, { type: 'null' }] },
    addenda: listOf('NoteAddendum'),
  }),
  NoteAddendum: record({
    _id: id,
    text,
    createdAt: instant,
    createdBy: { anyOf: [personRef, { type: 'null' }] },
  }),
  SafetyPlan: record({
    _id: id,
    studentId: id,
    version: { type: 'integer', minimum: 1 },
    status: { enum: ['draft', 'complete'] },
    warningSigns: text,
    copingStrategies: text,
    socialDistractions: text,
    helpContacts: text,
    professionalContacts: text,
    safeEnvironment: text,
    reasonForLiving: text,
    assessmentId: { anyOf: [id, { type: 'null' }] },
    createdAt: instant,
    createdBy: { anyOf: [personRef, { type: 'null' }] },
  }),
  SafetyPlanRevision: record({
    version: { type: 'integer', minimum: 1 },
    status: { enum: ['draft', 'complete'] },
    createdAt: instant,
    createdBy: { anyOf: [personRef, { type: 'null' }] },
  }),
  Appointment: record({
    _id: id,
    studentId: id,
    student: personRef,
    date: instant,
    durationMinutes: { type: 'integer' },
    status: { enum: ['SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED'] },
    reason: text,
    notes: text,
    version: { type: 'integer', minimum: 1 },
  }),
  Assessment: {
    type: 'object',
    description: 'Las respuestas de la escala de Columbia, el nivel de riesgo y sus observaciones.',
    properties: { _id: id, riskLevel: text },
    required: ['_id'],
  },
  StaffUser: record({
    _id: id,
    email: text,
    role: { enum: ['ADMIN', 'PSYCHOLOGIST'] },
    firstName: text,
    lastName: text,
    phone: nullableText,
    active: { type: 'boolean' },
    hasPassword: { type: 'boolean' },
    caseloadSize: count,
    createdAt: instant,
    pendingEmail: nullableText,
  }),
  AdminStudent: record({
    _id: id,
    firstName: text,
    lastName: text,
    email: text,
    career: nullableText,
    careerLevel: nullableText,
    assignedPsychologist: { anyOf: [personRef, { type: 'null' }] },
  }),
  AuditEntry: record({
    _id: text,
    at: instant,
    userId: { anyOf: [id, { type: 'null' }] },
    action: text,
    outcome: text,
    requestId: nullableText,
  }),
  MailRow: record({
    _id: id,
    kind: text,
    to: text,
    subject: text,
    status: text,
    attempts: count,
    createdAt: instant,
  }),
  CountByKey: record({ key: text, label: text, count }),
  CalendarFeed: record({ exists: { type: 'boolean' }, showNames: { type: 'boolean' } }),
  Health: record(
    {
      ok: { type: 'boolean' },
      live: { const: true },
      ready: { type: 'boolean' },
      msg: text,
      database: record({ kind: text, up: { type: 'boolean' } }),
    },
    ['ready', 'msg', 'database'],
  ),
};

/** The answers of the routes, by name, for operations.ts. */
export const ANSWERS = {
  message: success({}, { msg: true }),
  health: ref('Health'),
  // The session, or (issue 21) the second factor's step before it.
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
      role: text,
      phone: nullableText,
      pendingEmail: nullableText,
    }),
  }),
  profileSaved: success({ user: ref('SessionUser'), pendingEmail: nullableText }, { msg: true }),
  psychologist: success({ psychologist: personRef }),
  students: success({ students: listOf('Student') }),
  student: success({ student: ref('Student') }),
  studentSaved: success({ student: ref('Student') }, { msg: true }),
  noteSaved: success({ note: ref('ClinicalNote') }, { msg: true }),
  recentNotes: success({ notes: { type: 'array', items: { type: 'object' } } }),
  addendumSaved: success({ addendum: ref('NoteAddendum') }, { msg: true }),
  safetyPlan: success({
    safetyPlan: { anyOf: [ref('SafetyPlan'), { type: 'null' }] },
    revisions: listOf('SafetyPlanRevision'),
  }),
  safetyPlanSaved: success(
    { safetyPlan: ref('SafetyPlan'), revisions: listOf('SafetyPlanRevision') },
    { msg: true },
  ),
  imported: success({ created: count, duplicates: { type: 'array' } }, { msg: true }),
  appointments: success({ appointments: listOf('Appointment') }),
  appointmentSaved: success({ appointment: ref('Appointment') }, { msg: true }),
  assessments: success({ assessments: listOf('Assessment') }),
  assessment: success({ assessment: ref('Assessment') }),
  assessmentSaved: success({ assessment: ref('Assessment') }, { msg: true }),
  assessmentCreated: success(
    { assessment: ref('Assessment'), protocol: { type: ['string', 'null'] } },
    { msg: true },
  ),
  service: success({ service: record({ timeZone: text }) }),
  statistics: success({ statistics: { type: 'object' } }),
  byGender: success({ byGender: listOf('CountByKey') }),
  byRiskLevel: success({ byRiskLevel: listOf('CountByKey') }),
  appointmentStatistics: success({
    scope: text,
    months: {
      type: 'array',
      items: record({ key: text, label: text, counts: { type: 'object' } }),
    },
  }),
  followUp: success({
    days: { type: 'integer', minimum: 1 },
    reassessDays: { type: 'integer', minimum: 1 },
    entries: {
      type: 'array',
      items: record({
        student: record({ _id: id, firstName: text, lastName: text }),
        level: { enum: ['ALTO', 'MUY_ALTO'] },
        assessment: record({ _id: id, createdAt: instant }),
        reasons: {
          type: 'array',
          minItems: 1,
          items: record({
            code: { enum: ['NO_APPOINTMENT', 'NO_SAFETY_PLAN', 'REASSESSMENT_DUE'] },
            clearedBy: { enum: ['SCHEDULE_APPOINTMENT', 'COMPLETE_SAFETY_PLAN', 'REASSESS'] },
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
        action: {
          enum: ['assessment.clinician_level', 'safety_plan.save', 'note.sign', 'note.addendum'],
        },
        label: text,
        at: instant,
        by: { anyOf: [record({ firstName: text, lastName: text }), { type: 'null' }] },
      }),
    },
  }),
  users: success({ users: listOf('StaffUser') }),
  userSaved: success({ user: ref('StaffUser') }, { msg: true }),
  userCreated: success({ user: ref('StaffUser'), mail: ref('MailSent') }, { msg: true }),
  // `mail`: the confirmation link's, when the e-mail changed.
  userUpdated: optional(
    success({ user: ref('StaffUser'), mail: ref('MailSent') }, { msg: true }),
    'mail',
  ),
  mailSent: success({ mail: ref('MailSent') }, { msg: true }),
  adminStudents: success({ students: listOf('AdminStudent') }),
  assigned: success({ student: ref('AdminStudent') }, { msg: true }),
  audit: success({ entries: listOf('AuditEntry') }),
  mails: success({ mails: listOf('MailRow') }),
  feed: success({ feed: ref('CalendarFeed') }),
  feedSaved: success({ feed: ref('CalendarFeed') }, { msg: true }),
  feedCreated: success(
    { feed: ref('CalendarFeed'), url: { type: 'string', format: 'uri' } },
    { msg: true },
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
  openapi: {
    type: 'object',
    description: 'Este documento.',
    properties: { openapi: text },
    required: ['openapi'],
  },
} satisfies Record<string, JsonSchema>;
