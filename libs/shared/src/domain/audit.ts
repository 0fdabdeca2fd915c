import type { AuditEntryView } from './entities';

/**
 * The actions the audit log records (docs/permissions.md#audit-log), with the Spanish names the
 * administrators' audit screen shows. The server writes these names; the
 * screen filters by them.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.login': 'Inicio de sesión',
  'auth.logout': 'Cierre de sesión',
  'auth.password_reset': 'Restablecimiento de contraseña',
  'auth.password_change': 'Cambio de contraseña',
  'auth.email_change_confirm': 'Confirmación de un cambio de correo',
  'auth.mfa_verify': 'Código del segundo factor al iniciar sesión',
  'auth.mfa_enroll': 'Configuración del segundo factor',
  'auth.mfa_confirm': 'Activación del segundo factor',
  'auth.mfa_disable': 'Desactivación del segundo factor',
  'student.list': 'Consulta de la lista de estudiantes',
  'student.read': 'Consulta de un estudiante',
  'student.create': 'Alta de un estudiante',
  'student.update': 'Modificación de un estudiante',
  'student.delete': 'Eliminación de un estudiante',
  'student.import': 'Importación de estudiantes',
  'student.assign': 'Asignación de un estudiante',
  'student.reassign': 'Reasignación de un estudiante a otro/a psicólogo/a',
  'student.unassign': 'Retirada de un estudiante a su psicólogo/a',
  'template.download': 'Descarga de la plantilla',
  'note.create': 'Alta de una nota clínica',
  'note.update': 'Modificación de una nota clínica',
  'note.delete': 'Eliminación de una nota clínica',
  'note.list_recent': 'Consulta de notas recientes',
  'note.sign': 'Firma de una nota clínica',
  'note.addendum': 'Adenda a una nota clínica',
  'note.list_pending': 'Consulta de notas pendientes de firma',
  'appointment.list': 'Consulta de citas',
  'appointment.create': 'Alta de una cita',
  'appointment.agenda': 'Consulta de la agenda',
  'appointment.update': 'Modificación de una cita',
  'appointment.status': 'Cambio de estado de una cita',
  'psychologist.read': 'Consulta de un psicólogo/a',
  'profile.read': 'Consulta del propio perfil',
  'profile.update': 'Modificación del propio perfil',
  'assessment.create': 'Registro de una evaluación',
  'assessment.list': 'Consulta de evaluaciones',
  'assessment.read': 'Consulta de una evaluación',
  'assessment.final_remarks': 'Observaciones posteriores de una evaluación',
  'assessment.clinician_level': 'Registro del nivel clínico de una evaluación',
  'report.student': 'Descarga del reporte general',
  'report.assessment': 'Descarga del reporte de una evaluación',
  'safety_plan.read': 'Consulta de un plan de seguridad',
  'safety_plan.save': 'Revisión de un plan de seguridad',
  'report.safety_plan': 'Descarga de un plan de seguridad',
  'follow_up.list': 'Consulta del seguimiento prioritario',
  'follow_up.counts': 'Consulta de los recuentos de seguimiento',
  'student.history': 'Consulta del historial de un estudiante',
  'user.list': 'Consulta de usuarios',
  'user.create': 'Alta de un usuario',
  'user.update': 'Modificación de un usuario',
  'user.deactivate': 'Desactivación de un usuario',
  'user.reactivate': 'Reactivación de un usuario',
  'user.reset_link': 'Envío de enlace de contraseña',
  'user.mfa_reset': 'Restablecimiento del segundo factor de un usuario',
  'service.mfa_policy': 'Cambio de la política del segundo factor',
  'admin.students': 'Consulta de estudiantes (administración)',
  'statistics.read': 'Consulta de estadísticas',
  'audit.read': 'Consulta del registro de auditoría',
  'mail.list': 'Consulta de correos',
  'mail.retry': 'Reintento de un correo',
  'calendar.feed_read': 'Consulta del enlace de calendario',
  'calendar.feed_create': 'Creación del enlace de calendario',
  'calendar.feed_update': 'Modificación del enlace de calendario',
  'calendar.feed_revoke': 'Revocación del enlace de calendario',
  'calendar.feed_fetch': 'Descarga de la agenda por su enlace de calendario',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** success: done; denied: 401/403/404/429; invalid: refused input; error: a server fault. */
export const AUDIT_OUTCOME_LABELS = {
  success: 'Correcto',
  denied: 'Denegado',
  invalid: 'Datos inválidos',
  error: 'Error del servidor',
} as const;
export type AuditOutcome = keyof typeof AUDIT_OUTCOME_LABELS;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/**
 * An entry of `GET /api/audit` (docs/permissions.md#audit-log): the stored entry, and the
 * name of the record it names — the student's or the staff account's, while
 * it exists and the reader may see it; null otherwise (the screen then shows
 * `shortRecordId`).
 */
export interface AuditLogEntry extends AuditEntryView {
  recordName: string | null;
}

/** How many characters of a record id the audit screen shows when it has no name. */
export const SHORT_RECORD_ID_LENGTH = 8;

/** '9a8b7c6d' for '9a8b7c6d-0000-4000-8000-000000000042': enough to tell records apart on a page. */
export function shortRecordId(recordId: string): string {
  return recordId.slice(0, SHORT_RECORD_ID_LENGTH);
}
