import type { AuditAction } from './audit';

/**
 * Actions added after the sign-in page reached its size budget
 * (docs/limits-and-budgets.md#front-end): `AUDIT_ACTIONS` is in every page's
 * bundle, this list only where the log is read (the audit screen, the
 * server), so a new action costs the sign-in page nothing.
 */
export const LATER_AUDIT_ACTIONS = [
  'student.purge',
  'report.record_pdf',
  'report.record_fhir',
] as const;

/**
 * The Spanish name of each action of the audit log (`AUDIT_ACTIONS` of the
 * domain), as the administrators' audit screen and a student's history show
 * it. Every action has one: the type refuses a missing or an unknown one.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
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
  'student.archive': 'Archivo de un estudiante con registros clínicos',
  'student.restore': 'Restauración de un estudiante archivado',
  'student.purge':
    'Eliminación definitiva de un estudiante archivado (plazo de conservación cumplido)',
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
  'note.list': 'Consulta de las notas clínicas de un estudiante',
  'appointment.list': 'Consulta de citas',
  'appointment.create': 'Alta de una cita',
  'appointment.agenda': 'Consulta de la agenda',
  'appointment.update': 'Modificación de una cita',
  'appointment.status': 'Cambio de estado de una cita',
  'appointment.unrecorded': 'Consulta de las citas sin registrar asistencia',
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
  'report.record_pdf': 'Exportación del expediente completo de un estudiante (PDF)',
  'report.record_fhir': 'Exportación del expediente completo de un estudiante (FHIR)',
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
  'admin.archived_students': 'Consulta de estudiantes archivados (administración)',
  'statistics.read': 'Consulta de estadísticas',
  'audit.read': 'Consulta del registro de auditoría',
  'audit.verify': 'Comprobación de la integridad del registro de auditoría',
  'mail.list': 'Consulta de correos',
  'mail.retry': 'Reintento de un correo',
  'calendar.feed_read': 'Consulta del enlace de calendario',
  'calendar.feed_create': 'Creación del enlace de calendario',
  'calendar.feed_update': 'Modificación del enlace de calendario',
  'calendar.feed_revoke': 'Revocación del enlace de calendario',
  'calendar.feed_fetch': 'Descarga de la agenda por su enlace de calendario',
};

/**
 * Every action of the log, in the order of its labels (the audit screen's
 * filter). Read from the labels, not from `AUDIT_ACTIONS`: this module then
 * imports nothing the sign-in page loads, and adds nothing to its bundle.
 */
export const EVERY_AUDIT_ACTION = Object.keys(AUDIT_ACTION_LABELS) as readonly AuditAction[];

const EVERY_ACTION: ReadonlySet<string> = new Set(EVERY_AUDIT_ACTION);

/** Whether a value (a filter read from the address bar) names an action of the log. */
export function isLoggedAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && EVERY_ACTION.has(value);
}
