import type { AuditChainBreak } from './audit';

/**
 * The administrators' texts: their screens (the admin remote) and the
 * server's answers to their calls. Part of the one Spanish catalogue with
 * messages.ts (MSG), in a module of its own, imported as
 * '@psicocampus/shared/admin-messages', so that /login and the psychologists'
 * screens do not download them (docs/limits-and-budgets.md#speed-and-size-budgets).
 */
export const ADMIN_MSG = {
  homeTitle: 'Inicio',
  homeSubtitle: 'Resumen del servicio',
  psychologistsCount: 'Psicólogos/as activos/as',
  studentsCount: 'Estudiantes',
  assessmentsThisMonth: 'Evaluaciones este mes',
  highRiskStudents: 'Estudiantes con riesgo alto o muy alto',
  highRiskHint: 'Según su última evaluación. Solo se muestran cifras.',
  usersTitle: 'Usuarios',
  usersSubtitle: 'Cuentas del personal del servicio',
  searchUsers: 'Buscar por nombre o correo...',
  searchUsersLabel: 'Buscar usuarios',
  roleFilter: 'Rol',
  statusFilter: 'Estado',
  allRoles: 'Todos los roles',
  allStatuses: 'Todos',
  active: 'Activa',
  inactive: 'Desactivada',
  pendingPassword: 'Invitación pendiente',
  noUsers: 'Ningún usuario coincide con la búsqueda.',
  columnName: 'Nombre',
  columnEmail: 'Correo electrónico',
  columnRole: 'Rol',
  columnStatus: 'Estado',
  columnCaseload: 'Estudiantes',
  columnActions: 'Acciones',
  newUser: 'Nuevo usuario',
  createUserTitle: 'Nuevo usuario',
  editUserTitle: 'Editar usuario',
  createUser: 'Crear usuario',
  updateUser: 'Guardar cambios',
  userCreated: 'Usuario creado. Le enviamos un correo con el enlace para crear su contraseña.',
  userUpdated: 'Usuario actualizado correctamente.',
  userSaveError: 'No se pudo guardar el usuario.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  edit: 'Editar',
  deactivate: 'Desactivar',
  reactivate: 'Reactivar',
  sendResetLink: 'Enviar enlace de contraseña',
  deactivateTitle: '¿Estás seguro?',
  deactivateText: (name: string) =>
    `${name} no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato.`,
  deactivateConfirm: 'Sí, desactivar',
  reactivateText: (name: string) => `${name} podrá volver a iniciar sesión.`,
  reactivateConfirm: 'Sí, reactivar',
  deactivated: 'Cuenta desactivada.',
  reactivated: 'Cuenta reactivada.',
  statusError: 'No se pudo cambiar el estado de la cuenta.',
  resetLinkText: (email: string) =>
    `Se enviará un enlace para crear una nueva contraseña a ${email}.`,
  resetLinkConfirm: 'Sí, enviar',
  resetLinkSent: 'Enlace enviado por correo.',
  resetLinkError: 'No se pudo enviar el enlace.',
  cannotDeactivateSelf: 'No puedes desactivar tu propia cuenta.',
  lastAdmin: 'Debe quedar al menos una cuenta de administración activa.',
  roleChangeWithCaseload: (count: number) =>
    `Esta cuenta tiene ${count === 1 ? '1 estudiante asignado/a' : `${count} estudiantes asignados/as`}. ` +
    'Reasígnalos/as a otro/a psicólogo/a antes de cambiar su rol a Administrador/a.',
  resetLinkInactive:
    'La cuenta está desactivada: reactívala antes de enviar un enlace de contraseña.',
  userNotFound: 'El usuario no existe.',
  alreadyActive: 'La cuenta ya está activa.',
  alreadyInactive: 'La cuenta ya está desactivada.',
  assignmentTitle: 'Asignación de estudiantes',
  assignmentSubtitle: 'Asigna cada estudiante a un/a psicólogo/a del servicio.',
  searchStudents: 'Buscar estudiante...',
  searchStudentsLabel: 'Buscar estudiantes por nombre o correo',
  psychologistFilter: 'Psicólogo/a',
  allPsychologists: 'Todos/as',
  unassigned: 'Sin asignar',
  assignTo: 'Asignar a',
  assign: 'Asignar',
  assigned: (student: string, psychologist: string) =>
    `${student} quedó asignado/a a ${psychologist}.`,
  unassignedDone: (student: string) => `${student} quedó sin psicólogo/a asignado/a.`,
  assignmentError: 'No se pudo cambiar la asignación.',
  notAPsychologist: 'La cuenta elegida no es de un/a psicólogo/a activo/a.',
  /** docs/decisions.md: nobody may hold files through an account its owner has not taken up. */
  psychologistPendingInvite:
    'Esa cuenta todavía no aceptó su invitación (no ha creado su contraseña): no se le pueden asignar estudiantes hasta que lo haga.',
  psychologistInactive:
    'Esa cuenta está desactivada: no se le pueden asignar estudiantes. Reactívala primero.',
  noStudents: 'Ningún estudiante coincide con la búsqueda.',
  /** The assignment narrowed to one import, from the audit log's "Ver los estudiantes". */
  batchFilterActive:
    'Se muestran solo los estudiantes creados por una importación (los que siguen en el servicio).',
  batchFilterClear: 'Ver todos los estudiantes',
  profileTitle: 'Mi perfil',
  auditTitle: 'Registro de auditoría',
  auditSubtitle:
    'Cada lectura y escritura de datos clínicos y cada inicio de sesión. No se puede modificar ni eliminar.',
  homeFiguresLabel: 'Cifras del servicio',
  goToUsers: 'Gestionar usuarios',
  goToStatistics: 'Ver estadísticas',
  usersCaption: 'Cuentas del personal del servicio',
  usersCount: (count: number) =>
    `${count.toLocaleString('es')} ${count === 1 ? 'usuario' : 'usuarios'}`,
  usersPages: 'Páginas de los usuarios',
  usersFiltersLegend: 'Buscar y filtrar usuarios',
  loadUsersError: 'No se pudieron cargar los usuarios.',
  saving: 'Guardando...',
  rowActions: (name: string) => `Acciones para ${name}`,
  studentsFiltersLegend: 'Buscar y filtrar estudiantes',
  assignmentCaption: 'Estudiantes del servicio y su psicólogo/a asignado/a',
  columnStudent: 'Estudiante',
  columnSemester: 'Semestre',
  columnPsychologist: 'Psicólogo/a asignado/a',
  columnAssign: 'Cambiar asignación',
  assignSelectLabel: (student: string) => `Psicólogo/a para ${student}`,
  assigning: 'Asignando...',
  studentsTotal: (total: number) =>
    `${total.toLocaleString('es')} ${total === 1 ? 'estudiante' : 'estudiantes'}`,
  assignmentPages: 'Páginas de la asignación de estudiantes',
  /** Taking a student from a psychologist asks first: that psychologist loses the file. */
  reassignTitle: '¿Cambiar de psicólogo/a?',
  reassignText: (student: string, from: string, to: string) =>
    `${student} pasará de ${from} a ${to}. ${from} dejará de ver su expediente y recibirá un aviso por correo.`,
  reassignConfirm: 'Sí, reasignar',
  unassignTitle: '¿Dejar sin psicólogo/a?',
  unassignText: (student: string, from: string) =>
    `${student} dejará de estar asignado/a a ${from}, que dejará de ver su expediente y recibirá un aviso por correo. Nadie lo verá hasta que se le asigne de nuevo.`,
  unassignConfirm: 'Sí, dejar sin asignar',
  loadStudentsError: 'No se pudieron cargar los estudiantes.',
  /**
   * Archived students (docs/screens-and-routes.md#admin-area): who they are,
   * when and by whom they were archived, how many records they keep; never
   * a clinical text. Restoring gives them to a psychologist.
   */
  archived: {
    nav: 'Archivados',
    title: 'Estudiantes archivados',
    subtitle:
      'Estudiantes con registros clínicos que su psicólogo/a eliminó: se conservan todos sus registros. Restaura uno para asignarlo de nuevo.',
    caption: 'Estudiantes archivados, con sus fechas y cuántos registros conservan',
    searchLabel: 'Buscar estudiantes archivados por nombre o correo',
    columnStudent: 'Estudiante',
    columnCreated: 'Alta',
    columnArchived: 'Archivado',
    columnArchivedBy: 'Archivado por',
    columnRecords: 'Registros',
    columnRestore: 'Restaurar',
    records: (notes: number, assessments: number, plans: number, appointments: number) =>
      `${notes} ${notes === 1 ? 'nota' : 'notas'}, ${assessments} ${assessments === 1 ? 'evaluación' : 'evaluaciones'}, ${plans} ${plans === 1 ? 'revisión del plan' : 'revisiones del plan'}, ${appointments} ${appointments === 1 ? 'cita' : 'citas'}`,
    unknownArchiver: 'Cuenta eliminada',
    restoreTo: (student: string) => `Psicólogo/a al que se restaura ${student}`,
    chooseTarget: 'Elegir psicólogo/a...',
    restore: 'Restaurar',
    restoring: 'Restaurando...',
    restoreTitle: '¿Restaurar el expediente?',
    restoreText: (student: string, to: string) =>
      `${student} volverá a estar activo/a, asignado/a a ${to}, con todos sus registros.`,
    /** Restored to another psychologist: the one who archived them is told, as in a reassignment. */
    restoreNotice: (archivedBy: string) =>
      `${archivedBy}, que lo archivó, recibirá un aviso por correo.`,
    restoreConfirm: 'Sí, restaurar',
    restored: (student: string, psychologist: string) =>
      `${student} fue restaurado/a y quedó asignado/a a ${psychologist}.`,
    restoreError: 'No se pudo restaurar el estudiante.',
    notArchived: 'El estudiante no existe o no está archivado.',
    empty: 'No hay estudiantes archivados.',
    noMatches: 'Ningún estudiante archivado coincide con la búsqueda.',
    loadError: 'No se pudieron cargar los estudiantes archivados.',
    pages: 'Páginas de los estudiantes archivados',
  },
  inactiveSuffix: '(desactivada)',
  /**
   * The audit log's chain (docs/data-model.md#audit-chain), on the audit
   * screen and in `npm run audit:verify`.
   */
  auditChain: {
    heading: 'Integridad del registro',
    explain:
      'Cada entrada lleva la huella de la anterior, calculada por la base de datos: una entrada modificada, borrada o intercalada después rompe la cadena en ese punto.',
    check: 'Comprobar la integridad',
    checking: 'Comprobando la cadena del registro...',
    intact: (checked: number) =>
      `Registro íntegro: ${checked.toLocaleString('es')} ${checked === 1 ? 'entrada verificada' : 'entradas verificadas'}.`,
    head: (seq: number, hash: string) => `Última entrada: n.º ${seq}, huella ${hash}.`,
    broken: (seq: number, id: string, at: string, why: string) =>
      `La cadena del registro se rompe en la entrada n.º ${seq} (id ${id}, ${at}): ${why}.`,
    missing: (from: number, to: number) =>
      from === to
        ? `falta la entrada n.º ${from} antes de ella: se borró`
        : `faltan las entradas n.º ${from} a ${to} antes de ella: se borraron`,
    unlinked:
      'no enlaza con la entrada anterior: se insertó fuera de la cadena, o se reescribió la anterior',
    altered: 'su contenido no coincide con su huella: se modificó después de escribirse',
    /** Said only when `checked` > 0. */
    intactBefore: (checked: number) =>
      checked === 1
        ? 'La entrada anterior está íntegra.'
        : `Las ${checked.toLocaleString('es')} entradas anteriores están íntegras.`,
    whoCould:
      'La aplicación nunca modifica ni borra entradas (y en PostgreSQL con dos roles, el rol del servidor no puede): el cambio se hizo directamente en la base de datos, con el rol propietario del esquema o con el superusuario.',
    loadError: 'No se pudo comprobar la integridad del registro.',
  },
} as const;

/**
 * Where and why the audit log's chain breaks, in one sentence, with the
 * entry's time as the caller writes it (on the service's clock).
 */
export function auditChainBreakText(broken: Omit<AuditChainBreak, 'at'>, at: string): string {
  const M = ADMIN_MSG.auditChain;
  let why: string = M.altered;
  if (broken.reason === 'unlinked') why = M.unlinked;
  if (broken.reason === 'missing' && broken.missing) {
    why = M.missing(broken.missing.from, broken.missing.to);
  }
  return M.broken(broken.seq, broken.id, at, why);
}
