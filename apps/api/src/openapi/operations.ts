import type { AnyObjectSchema } from 'yup';
import {
  appointmentSchema,
  appointmentStatusSchema,
  appointmentUpdateSchema,
  assignmentSchema,
  changePasswordSchema,
  LIST_MAX_PAGE,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  CLINICAL_NOTES_PAGE_SIZE,
  STUDENT_ASSESSMENTS_PAGE_SIZE,
  UNRECORDED_PAGE_SIZE,
  clinicalNoteSchema,
  clinicalNoteUpdateSchema,
  emailChangeTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  ownProfileSchema,
  resetPasswordSchema,
  resetTokenSchema,
  restoreSchema,
  studentCreateSchema,
  studentEditSchema,
  studentUpdateSchema,
  userSchema,
} from '@psicocampus/shared/domain';
import { assessmentCreateSchema, finalRemarksSchema } from '@psicocampus/shared/columbia';
import { clinicianLevelSchema } from '@psicocampus/shared/clinician-level';
import { addendumSchema } from '@psicocampus/shared/signed-notes';
import { SAFETY_PLAN_REVISIONS_PAGE_SIZE, safetyPlanSchema } from '@psicocampus/shared/safety-plan';
import { HISTORY_PAGE_SIZE } from '@psicocampus/shared/follow-up';
import {
  RECORD_EXPORT_MAX_CHARACTERS,
  RECORD_EXPORT_MAX_RECORDS,
} from '@psicocampus/shared/record-export';
import {
  mfaConfirmSchema,
  mfaDisableSchema,
  mfaEnrollSchema,
  mfaLoginSchema,
  mfaPolicySchema,
  mfaResetSchema,
} from '@psicocampus/shared/mfa';
import { AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE } from '../plugins/audit/audit-log.routes';
import { feedSettingsSchema } from '../plugins/calendar/calendar.routes';
import { MAIL_PAGE_SIZE, MAX_MAIL_PAGE_SIZE } from '../plugins/mail/mail.routes';
import { ANSWERS } from './answers';
import type { JsonSchema } from './json-schema';

/** A query parameter, as the route's QueryReader reads it. */
export interface QueryParameter {
  name: string;
  schema: JsonSchema;
  description: string;
}

/** A file answer instead of JSON. */
export interface FileAnswer {
  mediaType: string | readonly string[];
  description: string;
}

/** What the document says of one route beyond what the server's route table knows. */
export interface Operation {
  tag: string;
  summary: string;
  /**
   * The shared yup schema(s) the route validates its body with (the same
   * objects it imports): converted, never copied. Two when the route takes
   * either (a student's edit from the modal or from the edit screen).
   */
  body?: AnyObjectSchema | readonly AnyObjectSchema[];
  /** A multipart upload instead of JSON. */
  upload?: string;
  query?: readonly QueryParameter[];
  /** The status of success and its JSON answer, or a file. */
  success: { status: 200 | 201; answer: JsonSchema | FileAnswer };
  /**
   * Error statuses worth naming: each with the shared error shape, or with
   * an answer of its own (readiness answers its 503 in the health shape).
   */
  errors?: Readonly<Record<number, string | { description: string; answer: JsonSchema }>>;
  /**
   * A route of the FHIR API (docs/api.md#fhir): it answers FHIR JSON
   * (`application/fhir+json`, or `application/json` when asked for), and
   * its errors are OperationOutcomes.
   */
  fhir?: true;
  /**
   * A route outside the FHIR API whose success is a FHIR resource
   * (`application/fhir+json`: the record's export, docs/api.md#record-export);
   * its errors are the API's own.
   */
  fhirAnswer?: true;
}

const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const day: JsonSchema = { type: 'string', format: 'date', description: 'AAAA-MM-DD' };
const instant: JsonSchema = { type: 'string', format: 'date-time' };
/**
 * `?page=&pageSize=` of a paged list (docs/api.md#paged-lists), with the
 * maximum the route's readPage is given: the shared LIST_MAX_PAGE_SIZE, or
 * the call's own constant (the audit log's, the mail queue's).
 */
function paged(
  maxSize: number = LIST_MAX_PAGE_SIZE,
  defaultSize: number = LIST_PAGE_SIZE,
): readonly QueryParameter[] {
  return [
    {
      name: 'page',
      schema: { type: 'integer', minimum: 1, maximum: LIST_MAX_PAGE },
      description: `Página, desde 1 (como mucho ${LIST_MAX_PAGE.toLocaleString('es-ES')}). Fuera de esos límites: 400 con el motivo en \`page\`.`,
    },
    {
      name: 'pageSize',
      schema: { type: 'integer', minimum: 1, maximum: maxSize },
      description: `Elementos por página (${defaultSize} si no se indica, como mucho ${maxSize}). Fuera de esos límites: 400 con el motivo en \`pageSize\`.`,
    },
  ];
}

/** `?page=&pageSize=` of the lists paged with the shared limits. */
const PAGED = paged();

/** `PAGED` for a list whose pages hold `defaultSize` items unless told otherwise. */
const pagedBy = (defaultSize: number): readonly QueryParameter[] =>
  PAGED.map((parameter) =>
    parameter.name === 'pageSize'
      ? { ...parameter, description: `Elementos por página (${defaultSize} si no se indica).` }
      : parameter,
  );

const ok = (answer: JsonSchema) => ({ status: 200 as const, answer });
const created = (answer: JsonSchema) => ({ status: 201 as const, answer });

const NOT_FOUND = { 404: 'No existe o no es de tu carga de casos (se responde igual).' };
const FHIR_NOT_ACCEPTABLE = {
  406: 'El cliente no acepta JSON (`Accept` o `_format`): la API FHIR responde solo en JSON.',
};
/** docs/api.md#record-export: past RECORD_EXPORT_MAX_RECORDS or RECORD_EXPORT_MAX_CHARACTERS. */
const RECORD_TOO_LARGE = `El expediente supera el límite de una exportación (${RECORD_EXPORT_MAX_RECORDS.toLocaleString('es-ES')} registros o ${RECORD_EXPORT_MAX_CHARACTERS.toLocaleString('es-ES')} caracteres): no se exporta nada.`;
const CONFIRM_EXPORT: QueryParameter = {
  name: 'confirm',
  schema: { const: 'true' },
  description: 'Obligatorio: `true` una vez que el administrador confirmó la exportación.',
};
const ARCHIVED_EXPORT_ERRORS = {
  400: 'Falta la confirmación (`confirm=true`).',
  404: 'No es un estudiante archivado.',
};
const FHIR_FORMAT: QueryParameter = {
  name: '_format',
  schema: { enum: ['json', 'application/fhir+json', 'application/json'] },
  description: 'El formato de FHIR, en lugar de `Accept`.',
};
/** A stored TOTP key this server cannot open (security/totp-keys.ts). */
const KEY_UNREADABLE = {
  503: 'El servidor no puede abrir la clave guardada del segundo factor (`MFA_ENCRYPTION_KEY`).',
};
/** Readiness when the database does not answer: the health answer, with `ok` and `ready` false. */
const DATABASE_DOWN = {
  description: 'La base de datos no responde: la misma forma, con `ok` y `ready` en `false`.',
  answer: ANSWERS.health,
};
const STALE = { 409: 'Otra persona modificó el registro después de leerlo (`version`).' };

/**
 * Every route of the API, by `METHOD /path` as the server registers it. The
 * coverage test fails when the server has a route this list lacks, or this
 * list names one the server does not have.
 */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  'GET /api/health': {
    tag: 'Salud',
    summary: 'Servidor y base de datos',
    success: ok(ANSWERS.health),
    errors: { 503: DATABASE_DOWN },
  },
  'GET /api/health/live': {
    tag: 'Salud',
    summary: 'El proceso responde',
    success: ok(ANSWERS.health),
  },
  'GET /api/health/ready': {
    tag: 'Salud',
    summary: 'Listo para atender',
    success: ok(ANSWERS.health),
    errors: { 503: DATABASE_DOWN },
  },

  'POST /api/auth/login': {
    tag: 'Sesión',
    summary: 'Iniciar sesión',
    body: loginSchema,
    success: ok(ANSWERS.login),
    errors: {
      401: 'Credenciales incorrectas.',
      429: 'Demasiados intentos: el 6.º fallo de la cuenta desde esta dirección en 15 minutos, una cuenta con fallos desde varios lugares (espera breve) o la 31.ª llamada de la dirección en un minuto; Retry-After dice cuánto esperar.',
    },
  },
  'POST /api/auth/login/mfa': {
    tag: 'Sesión',
    summary: 'Segundo factor: el código (o un código de recuperación) tras la contraseña',
    body: mfaLoginSchema,
    success: ok(ANSWERS.loginWithCode),
    errors: {
      400: 'Código incorrecto, o ya usado (esto último no cuenta como intento fallido).',
      401: 'El paso de verificación caducó o ya se usó.',
      429: 'Demasiados códigos incorrectos (6.º de un paso, 10.º de una cuenta en 15 minutos).',
      ...KEY_UNREADABLE,
    },
  },
  'POST /api/auth/mfa/enroll': {
    tag: 'Sesión',
    summary:
      'Segundo factor: una clave nueva (con `challenge`, o con `x-token` y la contraseña actual en `password`)',
    body: mfaEnrollSchema,
    success: ok(ANSWERS.mfaEnrolment),
    errors: {
      400: 'Con `x-token`: falta la contraseña actual o no es la correcta (cuenta como un inicio de sesión fallido).',
      401: 'Sin paso de verificación ni sesión.',
      409: 'Ya tiene un segundo factor.',
      429: 'Demasiadas contraseñas equivocadas (los límites del inicio de sesión).',
    },
  },
  'POST /api/auth/mfa/confirm': {
    tag: 'Sesión',
    summary: 'Segundo factor: confirmar la clave con un código; 10 códigos de recuperación',
    body: mfaConfirmSchema,
    success: ok(ANSWERS.mfaConfirmed),
    errors: {
      400: 'Código incorrecto.',
      409: 'Sin clave pendiente.',
      429: 'Demasiados códigos.',
      ...KEY_UNREADABLE,
    },
  },
  'GET /api/auth/mfa': {
    tag: 'Sesión',
    summary: 'Segundo factor: el estado de la propia cuenta',
    success: ok(ANSWERS.mfaStatus),
  },
  'DELETE /api/auth/mfa': {
    tag: 'Sesión',
    summary: 'Segundo factor: desactivarlo (contraseña y un código)',
    body: mfaDisableSchema,
    success: ok(ANSWERS.message),
    errors: {
      409: 'No tiene segundo factor, o la política lo exige para esta cuenta.',
      ...KEY_UNREADABLE,
    },
  },
  'POST /api/auth/logout': {
    tag: 'Sesión',
    summary: 'Cerrar la sesión',
    success: ok(ANSWERS.message),
  },
  'GET /api/auth/me': { tag: 'Sesión', summary: 'La cuenta de la sesión', success: ok(ANSWERS.me) },
  'POST /api/auth/forgot-password': {
    tag: 'Sesión',
    summary: 'Pedir un enlace para restablecer la contraseña',
    body: forgotPasswordSchema,
    success: ok(ANSWERS.message),
    errors: { 429: 'Demasiadas solicitudes.' },
  },
  'POST /api/auth/reset-password/check': {
    tag: 'Sesión',
    summary: 'Comprobar un enlace de contraseña',
    body: resetTokenSchema,
    success: ok(ANSWERS.resetCheck),
  },
  'POST /api/auth/reset-password': {
    tag: 'Sesión',
    summary: 'Crear o restablecer la contraseña',
    body: resetPasswordSchema,
    success: ok(ANSWERS.message),
  },
  'PUT /api/auth/password': {
    tag: 'Sesión',
    summary: 'Cambiar la propia contraseña',
    body: changePasswordSchema,
    success: ok(ANSWERS.message),
  },
  'POST /api/auth/email-change/check': {
    tag: 'Sesión',
    summary: 'Comprobar un enlace de cambio de correo',
    body: emailChangeTokenSchema,
    success: ok(ANSWERS.emailChangeCheck),
  },
  'POST /api/auth/email-change/confirm': {
    tag: 'Sesión',
    summary: 'Confirmar el nuevo correo',
    body: emailChangeTokenSchema,
    success: ok(ANSWERS.emailChangeConfirm),
  },
  'GET /api/auth/profile': {
    tag: 'Sesión',
    summary: 'Los datos propios',
    success: ok(ANSWERS.profile),
  },
  // The schema takes the caller's e-mail only for its message when it is unchanged.
  'PUT /api/auth/profile': {
    tag: 'Sesión',
    summary: 'Editar los datos propios',
    body: ownProfileSchema(''),
    success: ok(ANSWERS.profileSaved),
  },
  'GET /api/psychologists/:id': {
    tag: 'Personal',
    summary: 'Un psicólogo o psicóloga',
    success: ok(ANSWERS.psychologist),
    errors: NOT_FOUND,
  },

  'GET /api/students': {
    tag: 'Estudiantes',
    summary: 'La carga de casos',
    query: [
      {
        name: 'q',
        schema: { type: 'string' },
        description: 'Busca por nombre, apellido o correo (con paginación).',
      },
      ...PAGED,
    ],
    success: ok(ANSWERS.students),
  },
  'POST /api/students': {
    tag: 'Estudiantes',
    summary: 'Registrar un estudiante',
    body: studentCreateSchema,
    success: created(ANSWERS.studentSaved),
    errors: {
      409: 'Ya existe un estudiante con ese correo, o la base de datos integrada (PGlite) ya tiene todos los estudiantes que admite (docs/limits-and-budgets.md#embedded-database).',
    },
  },
  'GET /api/students/:id': {
    tag: 'Estudiantes',
    summary: `Un estudiante con sus ${CLINICAL_NOTES_PAGE_SIZE} notas más recientes y el total de sus notas`,
    success: ok(ANSWERS.student),
    errors: NOT_FOUND,
  },
  'PUT /api/students/:id': {
    tag: 'Estudiantes',
    summary: 'Editar un estudiante (todos los campos, o los de la pantalla de edición)',
    body: [studentUpdateSchema, studentEditSchema],
    success: ok(ANSWERS.studentSaved),
    errors: { ...NOT_FOUND, ...STALE },
  },
  'DELETE /api/students/:id': {
    tag: 'Estudiantes',
    summary:
      'Eliminar un estudiante: sin registros clínicos se elimina; con ellos se archiva, con todos sus registros (docs/api.md#students)',
    success: ok(ANSWERS.studentRemoved),
    errors: NOT_FOUND,
  },
  'GET /api/students/import/template': {
    tag: 'Estudiantes',
    summary: 'Plantilla de importación',
    success: ok({
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'Libro de Excel.',
    }),
  },
  'POST /api/students/import': {
    tag: 'Estudiantes',
    summary: 'Importar estudiantes de un libro de Excel o CSV',
    upload: 'El archivo, en el campo `file`.',
    success: ok(ANSWERS.imported),
    errors: {
      409: 'La base de datos integrada (PGlite) no admite tantos estudiantes: no se importó nada; el mensaje dice cuántas filas caben (docs/limits-and-budgets.md#embedded-database).',
      413: 'Archivo demasiado grande.',
    },
  },
  'PUT /api/students/:id/assignment': {
    tag: 'Administración',
    summary: 'Asignar un estudiante a un psicólogo',
    body: assignmentSchema,
    success: ok(ANSWERS.assigned),
    errors: NOT_FOUND,
  },

  'GET /api/students/:id/clinical-notes': {
    tag: 'Notas clínicas',
    summary:
      'Las notas de un estudiante, la más reciente primero, por páginas con su total (cada una completa, con su firma y adendas)',
    query: [
      ...pagedBy(CLINICAL_NOTES_PAGE_SIZE),
      {
        name: 'around',
        schema: uuid,
        description:
          'El id de una nota: se responde la página que la contiene (`page` dice cuál) en lugar de `page`; la primera si la nota no es de este estudiante.',
      },
    ],
    success: ok(ANSWERS.studentNotes),
    errors: NOT_FOUND,
  },
  'POST /api/students/:id/clinical-notes': {
    tag: 'Notas clínicas',
    summary: 'Agregar una nota',
    body: clinicalNoteSchema,
    success: created(ANSWERS.noteSaved),
    errors: NOT_FOUND,
  },
  'PUT /api/students/:id/clinical-notes/:noteId': {
    tag: 'Notas clínicas',
    summary: 'Editar una nota (solo un borrador)',
    body: clinicalNoteUpdateSchema,
    success: ok(ANSWERS.noteSaved),
    errors: {
      ...NOT_FOUND,
      409: 'La nota está firmada, o alguien la modificó después de leerla (`version`).',
    },
  },
  'DELETE /api/students/:id/clinical-notes/:noteId': {
    tag: 'Notas clínicas',
    summary: 'Eliminar una nota (solo un borrador)',
    success: ok(ANSWERS.message),
    errors: { ...NOT_FOUND, 409: 'La nota está firmada: no se elimina.' },
  },
  'GET /api/clinical-notes/recent': {
    tag: 'Notas clínicas',
    summary: 'Las cinco notas más recientes de quien llama, sin su texto',
    success: ok(ANSWERS.recentNotes),
  },
  'POST /api/students/:id/clinical-notes/:noteId/sign': {
    tag: 'Notas clínicas',
    summary: 'Firmar una nota (solo su autor/a); ya no se edita ni se elimina',
    success: ok(ANSWERS.noteSaved),
    errors: { ...NOT_FOUND, 409: 'La nota ya está firmada.' },
  },
  'POST /api/students/:id/clinical-notes/:noteId/addenda': {
    tag: 'Notas clínicas',
    summary: 'Agregar una adenda a una nota firmada (el psicólogo/a asignado al estudiante)',
    body: addendumSchema,
    success: created(ANSWERS.addendumSaved),
    errors: {
      ...NOT_FOUND,
      409: 'La nota no está firmada: se edita en lugar de agregar una adenda.',
    },
  },
  'GET /api/clinical-notes/pending-signature': {
    tag: 'Notas clínicas',
    summary:
      'Las notas propias sin firmar 24 horas después de escritas, la más antigua primero, por páginas y sin su texto',
    query: PAGED,
    success: ok(ANSWERS.pendingNotes),
  },

  'GET /api/follow-up': {
    tag: 'Seguimiento',
    summary:
      'Seguimiento prioritario: estudiantes de la carga de casos con nivel alto o muy alto a quienes les falta una cita próxima, un plan de seguridad completo o una reevaluación (por páginas)',
    query: PAGED,
    success: ok(ANSWERS.followUp),
  },
  'GET /api/follow-up/counts': {
    tag: 'Seguimiento',
    summary:
      'Cuántos estudiantes tiene cada psicólogo/a en su seguimiento prioritario (solo recuentos; administradores)',
    success: ok(ANSWERS.followUpCounts),
  },
  'GET /api/students/:id/history': {
    tag: 'Seguimiento',
    summary:
      'Historial de cambios de un estudiante: niveles clínicos, revisiones del plan de seguridad, firmas y adendas (sin texto clínico), el más reciente primero, por páginas con su total',
    query: pagedBy(HISTORY_PAGE_SIZE),
    success: ok(ANSWERS.studentHistory),
    errors: NOT_FOUND,
  },
  'GET /api/students/:id/safety-plan': {
    tag: 'Plan de seguridad',
    summary:
      'El plan de seguridad vigente (o una versión anterior), la página más reciente de sus versiones y cuántas son (`revisionsTotal`)',
    query: [
      {
        name: 'version',
        schema: { type: 'integer', minimum: 1 },
        description: 'Una versión anterior; sin él, la vigente.',
      },
    ],
    success: ok(ANSWERS.safetyPlan),
    errors: {
      ...NOT_FOUND,
      400: 'La versión no es un número entero positivo.',
    },
  },
  'GET /api/students/:id/safety-plan/revisions': {
    tag: 'Plan de seguridad',
    summary:
      'Las versiones del plan de seguridad, la más reciente primero, por páginas con su total (sin su texto)',
    query: pagedBy(SAFETY_PLAN_REVISIONS_PAGE_SIZE),
    success: ok(ANSWERS.safetyPlanRevisions),
    errors: NOT_FOUND,
  },
  'PUT /api/students/:id/safety-plan': {
    tag: 'Plan de seguridad',
    summary: 'Guardar una nueva versión del plan de seguridad (borrador o completo)',
    body: safetyPlanSchema,
    success: ok(ANSWERS.safetyPlanSaved),
    errors: {
      ...NOT_FOUND,
      409: 'Otra persona guardó una versión después de la que se editó (`version`).',
    },
  },
  'GET /api/students/:id/safety-plan/pdf': {
    tag: 'Plan de seguridad',
    summary: 'El plan de seguridad en PDF, para entregar al estudiante',
    query: [
      {
        name: 'version',
        schema: { type: 'integer', minimum: 1 },
        description: 'Una versión anterior; sin él, la vigente.',
      },
    ],
    success: ok({ mediaType: 'application/pdf', description: 'El plan de seguridad.' }),
    errors: { ...NOT_FOUND, 400: 'La versión no es un número entero positivo.' },
  },

  'GET /api/appointments': {
    tag: 'Citas',
    summary:
      'Citas de un estudiante o de toda la carga de casos, por páginas; o de la agenda en un intervalo',
    query: [
      {
        name: 'studentId',
        schema: uuid,
        description:
          'Las citas de este estudiante: por páginas con `after`, `before`, `page` o `pageSize`; sin ninguno, todas (la más antigua primero), como antes.',
      },
      {
        name: 'from',
        schema: instant,
        description: 'Inicio del intervalo de la agenda (con `to`).',
      },
      { name: 'to', schema: instant, description: 'Fin del intervalo de la agenda (con `from`).' },
      {
        name: 'after',
        schema: instant,
        description:
          'Sin periodo (`from`/`to`): las citas desde este instante, la más próxima primero.',
      },
      {
        name: 'before',
        schema: instant,
        description:
          'Sin periodo (`from`/`to`): las citas anteriores a este instante, la más reciente primero.',
      },
      ...PAGED,
    ],
    success: ok(ANSWERS.appointmentsOrPage),
    errors: {
      ...NOT_FOUND,
      400: 'Los filtros de la consulta no son válidos (after, before, página o su tamaño; o el periodo de la agenda).',
    },
  },
  'POST /api/appointments': {
    tag: 'Citas',
    summary: 'Agendar una cita',
    body: appointmentSchema,
    success: created(ANSWERS.appointmentSaved),
    errors: { ...NOT_FOUND, 409: 'Se cruza con otra cita.' },
  },
  'PUT /api/appointments/:id': {
    tag: 'Citas',
    summary: 'Mover o editar una cita',
    body: appointmentUpdateSchema,
    success: ok(ANSWERS.appointmentSaved),
    errors: { ...NOT_FOUND, ...STALE },
  },
  'POST /api/appointments/:id/status': {
    tag: 'Citas',
    summary: 'Cerrar una cita (asistió, no asistió, cancelada)',
    body: appointmentStatusSchema,
    success: ok(ANSWERS.appointmentSaved),
    errors: { ...NOT_FOUND, ...STALE },
  },
  'GET /api/appointments/unrecorded': {
    tag: 'Citas',
    summary:
      'Citas sin registrar asistencia: las que ya terminaron y siguen programadas, de la más antigua a la más reciente',
    query: paged(LIST_MAX_PAGE_SIZE, UNRECORDED_PAGE_SIZE),
    success: ok(ANSWERS.unrecordedAppointments),
    errors: { 400: 'La página o su tamaño no son válidos.' },
  },

  // The latest date an attempt may carry moves with the clock; the document shows the shape.
  'POST /api/suicide-assessments': {
    tag: 'Evaluaciones',
    summary: 'Guardar una evaluación de Columbia',
    body: assessmentCreateSchema(new Date().toISOString().slice(0, 10)),
    success: created(ANSWERS.assessmentCreated),
    errors: NOT_FOUND,
  },
  'GET /api/suicide-assessments': {
    tag: 'Evaluaciones',
    summary: 'Evaluaciones de un estudiante, o de la carga de casos con filtros, por páginas',
    query: [
      {
        name: 'studentId',
        schema: uuid,
        description: `Las evaluaciones de este estudiante: con \`page\` o \`pageSize\`, por páginas, la más reciente primero (${STUDENT_ASSESSMENTS_PAGE_SIZE} por página si no se indica); sin ellos, todas, la más antigua primero, sin \`total\`.`,
      },
      {
        name: 'riskLevel',
        schema: { type: 'string' },
        description:
          'Solo las de este nivel vigente: el clínico cuando lo hay; si no, el de la escala.',
      },
      { name: 'from', schema: day, description: 'Desde este día (en la zona del servicio).' },
      { name: 'to', schema: day, description: 'Hasta este día (en la zona del servicio).' },
      ...PAGED,
    ],
    success: ok(ANSWERS.assessmentsOrPage),
    errors: {
      ...NOT_FOUND,
      400: 'Los filtros de la consulta no son válidos (nivel, días, página o su tamaño).',
    },
  },
  'GET /api/suicide-assessments/:id': {
    tag: 'Evaluaciones',
    summary: 'Una evaluación',
    success: ok(ANSWERS.assessment),
    errors: NOT_FOUND,
  },
  'PUT /api/suicide-assessments/:id/final-remarks': {
    tag: 'Evaluaciones',
    summary: 'Observaciones finales de una evaluación',
    body: finalRemarksSchema,
    success: ok(ANSWERS.assessmentSaved),
    errors: NOT_FOUND,
  },
  'PUT /api/suicide-assessments/:id/clinician-level': {
    tag: 'Evaluaciones',
    summary: 'Nivel clínico de una evaluación (una sola vez, por su autor)',
    body: clinicianLevelSchema,
    success: ok(ANSWERS.assessmentSaved),
    errors: {
      ...NOT_FOUND,
      403: 'Solo quien hizo la evaluación registra su nivel clínico.',
      409: 'La evaluación ya tiene un nivel clínico; no se cambia.',
    },
  },

  'GET /api/pdfreport/student/:id': {
    tag: 'Reportes',
    summary: 'Reporte PDF de un estudiante',
    success: ok({ mediaType: 'application/pdf', description: 'El reporte.' }),
    errors: NOT_FOUND,
  },
  'GET /api/pdfassessement/:id/report/pdfassessment': {
    tag: 'Reportes',
    summary: 'Reporte PDF de una evaluación',
    success: ok({ mediaType: 'application/pdf', description: 'El reporte.' }),
    errors: NOT_FOUND,
  },

  'GET /api/students/:id/export/pdf': {
    tag: 'Reportes',
    summary:
      'El expediente completo del estudiante en PDF (derecho de acceso): notas con adendas, evaluaciones, versiones del plan de seguridad y citas',
    success: ok({ mediaType: 'application/pdf', description: 'El expediente.' }),
    errors: { ...NOT_FOUND, 413: RECORD_TOO_LARGE },
  },
  'GET /api/students/:id/export/fhir': {
    tag: 'Reportes',
    summary:
      'El expediente completo del estudiante como Bundle `collection` de FHIR R4 (derecho de acceso)',
    fhirAnswer: true,
    success: ok(ANSWERS.fhirRecordBundle),
    errors: { ...NOT_FOUND, 413: RECORD_TOO_LARGE },
  },

  'GET /api/service': {
    tag: 'Servicio',
    summary: 'Ajustes del servicio (zona horaria)',
    success: ok(ANSWERS.service),
  },
  'GET /api/statistics': {
    tag: 'Estadísticas',
    summary: 'Estadísticas del alcance de quien llama',
    success: ok(ANSWERS.statistics),
  },
  'GET /api/statistics/gender': {
    tag: 'Estadísticas',
    summary: 'Estudiantes por género',
    success: ok(ANSWERS.byGender),
  },
  'GET /api/statistics/risk-level': {
    tag: 'Estadísticas',
    summary: 'Estudiantes por nivel de riesgo',
    success: ok(ANSWERS.byRiskLevel),
  },
  'GET /api/statistics/appointments': {
    tag: 'Estadísticas',
    summary: 'Citas por mes y estado',
    query: [
      {
        name: 'months',
        schema: { type: 'integer', minimum: 1 },
        description: 'Cuántos meses, hasta el actual.',
      },
    ],
    success: ok(ANSWERS.appointmentStatistics),
  },

  'GET /api/users': {
    tag: 'Administración',
    summary: 'Cuentas del personal, por páginas',
    query: [
      { name: 'q', schema: { type: 'string' }, description: 'Busca por nombre o correo.' },
      { name: 'role', schema: { enum: ['ADMIN', 'PSYCHOLOGIST'] }, description: 'Solo este rol.' },
      {
        name: 'status',
        schema: { enum: ['active', 'inactive'] },
        description: 'Activas o desactivadas.',
      },
      ...PAGED,
    ],
    success: ok(ANSWERS.users),
    errors: {
      400: 'Los filtros de la consulta no son válidos (q, rol, estado, página o su tamaño).',
    },
  },
  'POST /api/users': {
    tag: 'Administración',
    summary: 'Crear una cuenta (se envía la invitación)',
    body: userSchema,
    success: created(ANSWERS.userCreated),
    errors: { 409: 'Ya existe una cuenta con ese correo.' },
  },
  'PUT /api/users/:id': {
    tag: 'Administración',
    summary: 'Editar una cuenta',
    body: userSchema,
    success: ok(ANSWERS.userUpdated),
    errors: NOT_FOUND,
  },
  'POST /api/users/:id/deactivate': {
    tag: 'Administración',
    summary: 'Desactivar una cuenta',
    success: ok(ANSWERS.userSaved),
    errors: NOT_FOUND,
  },
  'POST /api/users/:id/reactivate': {
    tag: 'Administración',
    summary: 'Reactivar una cuenta',
    success: ok(ANSWERS.userSaved),
    errors: NOT_FOUND,
  },
  'POST /api/users/:id/reset-link': {
    tag: 'Administración',
    summary: 'Enviar un enlace de contraseña',
    success: ok(ANSWERS.mailSent),
    errors: NOT_FOUND,
  },
  'POST /api/users/:id/mfa/reset': {
    tag: 'Administración',
    summary:
      'Restablecer el segundo factor de otra cuenta (cierra sus sesiones, avisa por correo): con la contraseña actual de quien lo hace en `password` y, si tiene segundo factor, el código de su aplicación en `code`',
    body: mfaResetSchema,
    success: ok(ANSWERS.message),
    errors: {
      ...NOT_FOUND,
      400: 'Falta la contraseña actual de la persona administradora o no es la correcta (cuenta como un inicio de sesión fallido); falta su código o no es correcto (cuenta como un código fallido). No se restablece nada.',
      403: 'No sobre la propia cuenta.',
      409: 'La cuenta no tiene segundo factor.',
      429: 'Demasiadas contraseñas o códigos equivocados (los límites del inicio de sesión y de los códigos).',
      ...KEY_UNREADABLE,
    },
  },
  'GET /api/service/mfa': {
    tag: 'Administración',
    summary: 'La política del segundo factor',
    success: ok(ANSWERS.mfaPolicy),
  },
  'PUT /api/service/mfa': {
    tag: 'Administración',
    summary: 'Exigir (o no) el segundo factor a los psicólogos/as',
    body: mfaPolicySchema,
    success: ok(ANSWERS.mfaPolicySaved),
  },
  'GET /api/admin/students': {
    tag: 'Administración',
    summary: 'Todos los estudiantes y su asignación (sin datos clínicos)',
    query: [
      { name: 'q', schema: { type: 'string' }, description: 'Busca por nombre o correo.' },
      {
        name: 'psychologistId',
        schema: { anyOf: [uuid, { const: 'none' }] },
        description: 'Los de este psicólogo, o `none`: sin asignar.',
      },
      { name: 'batch', schema: uuid, description: 'Los de esta importación.' },
      ...PAGED,
    ],
    success: ok(ANSWERS.adminStudents),
  },
  'GET /api/admin/students/archived': {
    tag: 'Administración',
    summary:
      'Los estudiantes archivados: fechas y cuántos registros conservan (sin datos clínicos)',
    query: [
      { name: 'q', schema: { type: 'string' }, description: 'Busca por nombre o correo.' },
      ...PAGED,
    ],
    success: ok(ANSWERS.archivedStudents),
  },
  'POST /api/admin/students/:id/restore': {
    tag: 'Administración',
    summary: 'Restaurar un estudiante archivado, asignado a un psicólogo',
    body: restoreSchema,
    success: ok(ANSWERS.assigned),
    errors: {
      404: 'No es un estudiante archivado.',
      409: 'La cuenta elegida está desactivada o no aceptó su invitación.',
    },
  },
  'GET /api/admin/students/:id/export/pdf': {
    tag: 'Administración',
    summary: 'El expediente completo de un estudiante archivado en PDF, tras confirmarlo',
    query: [CONFIRM_EXPORT],
    success: ok({ mediaType: 'application/pdf', description: 'El expediente.' }),
    errors: { ...ARCHIVED_EXPORT_ERRORS, 413: RECORD_TOO_LARGE },
  },
  'GET /api/admin/students/:id/export/fhir': {
    tag: 'Administración',
    summary:
      'El expediente completo de un estudiante archivado como Bundle de FHIR R4, tras confirmarlo',
    query: [CONFIRM_EXPORT],
    fhirAnswer: true,
    success: ok(ANSWERS.fhirRecordBundle),
    errors: { ...ARCHIVED_EXPORT_ERRORS, 413: RECORD_TOO_LARGE },
  },
  'GET /api/audit': {
    tag: 'Administración',
    summary: 'Registro de auditoría',
    query: [
      { name: 'from', schema: day, description: 'Desde este día (en la zona del servicio).' },
      { name: 'to', schema: day, description: 'Hasta este día (en la zona del servicio).' },
      { name: 'userId', schema: uuid, description: 'Solo las acciones de esta cuenta.' },
      { name: 'action', schema: { type: 'string' }, description: 'Solo esta acción.' },
      ...paged(MAX_AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
    ],
    success: ok(ANSWERS.audit),
  },
  'GET /api/audit/verify': {
    tag: 'Administración',
    summary: 'Comprobar la integridad del registro de auditoría',
    success: ok(ANSWERS.auditChain),
  },
  'GET /api/mail': {
    tag: 'Administración',
    summary: 'Correos enviados y por enviar',
    query: [
      { name: 'status', schema: { type: 'string' }, description: 'Solo los de este estado.' },
      ...paged(MAX_MAIL_PAGE_SIZE, MAIL_PAGE_SIZE),
    ],
    success: ok(ANSWERS.mails),
  },
  'POST /api/mail/:id/retry': {
    tag: 'Administración',
    summary: 'Reintentar un correo',
    success: ok(ANSWERS.mailSent),
    errors: NOT_FOUND,
  },

  'GET /api/calendar/feed': {
    tag: 'Calendario',
    summary: 'El enlace de calendario propio',
    success: ok(ANSWERS.feed),
  },
  'POST /api/calendar/feed': {
    tag: 'Calendario',
    summary: 'Crear (o cambiar) el enlace de calendario',
    body: feedSettingsSchema,
    success: created(ANSWERS.feedCreated),
  },
  'PUT /api/calendar/feed': {
    tag: 'Calendario',
    summary: 'Preferencias del enlace de calendario',
    body: feedSettingsSchema,
    success: ok(ANSWERS.feedSaved),
  },
  'DELETE /api/calendar/feed': {
    tag: 'Calendario',
    summary: 'Revocar el enlace de calendario',
    success: ok(ANSWERS.feedSaved),
  },
  'GET /api/calendar/:file': {
    tag: 'Calendario',
    summary: 'La agenda como iCalendar (el enlace es la credencial)',
    success: ok({ mediaType: 'text/calendar', description: 'Calendario .ics.' }),
    errors: NOT_FOUND,
  },

  'GET /api/fhir/metadata': {
    tag: 'FHIR',
    summary: 'Lo que ofrece este servidor FHIR (CapabilityStatement); sin sesión',
    fhir: true,
    query: [FHIR_FORMAT],
    success: ok(ANSWERS.fhirCapabilityStatement),
    errors: FHIR_NOT_ACCEPTABLE,
  },
  'GET /api/fhir/Questionnaire/cssrs-since-last-visit': {
    tag: 'FHIR',
    summary: 'El formulario de la Escala Columbia (Questionnaire); sin sesión',
    fhir: true,
    query: [FHIR_FORMAT],
    success: ok(ANSWERS.fhirQuestionnaire),
    errors: FHIR_NOT_ACCEPTABLE,
  },
  'GET /api/fhir/QuestionnaireResponse': {
    tag: 'FHIR',
    summary: 'Las evaluaciones de un estudiante (Bundle de QuestionnaireResponse)',
    fhir: true,
    query: [
      {
        name: 'subject',
        schema: { type: 'string' },
        description: 'El estudiante: `Patient/{id}` o su id. Obligatorio, una sola vez.',
      },
      FHIR_FORMAT,
    ],
    success: ok(ANSWERS.fhirBundle),
    errors: { ...NOT_FOUND, ...FHIR_NOT_ACCEPTABLE },
  },
  'GET /api/fhir/QuestionnaireResponse/:id': {
    tag: 'FHIR',
    summary: 'Una evaluación (QuestionnaireResponse)',
    fhir: true,
    query: [FHIR_FORMAT],
    success: ok(ANSWERS.fhirResponse),
    errors: { ...NOT_FOUND, ...FHIR_NOT_ACCEPTABLE },
  },

  'GET /api/openapi.json': {
    tag: 'Documentación',
    summary: 'Este documento (OpenAPI 3.1)',
    success: ok(ANSWERS.openapi),
  },
  'GET /api/docs': {
    tag: 'Documentación',
    summary: 'Referencia de la API para leer en el navegador',
    success: ok({ mediaType: 'text/html', description: 'La página.' }),
  },
  'GET /api/docs/:file': {
    tag: 'Documentación',
    summary: 'Guion y estilos de la página de referencia',
    success: ok({ mediaType: ['text/javascript', 'text/css'], description: 'El archivo.' }),
    errors: NOT_FOUND,
  },
};
