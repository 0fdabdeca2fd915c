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
  profileAdminTitle: 'Perfil de administrador',
  auditTitle: 'Registro de auditoría',
  auditSubtitle:
    'Cada lectura y escritura de datos clínicos y cada inicio de sesión. No se puede modificar ni eliminar.',
  homeFiguresLabel: 'Cifras del servicio',
  goToUsers: 'Gestionar usuarios',
  goToStatistics: 'Ver estadísticas',
  usersCaption: 'Cuentas del personal del servicio',
  usersCount: (count: number) => `${count} ${count === 1 ? 'usuario' : 'usuarios'}`,
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
  studentsShown: (shown: number, total: number) =>
    shown === total
      ? `${total} ${total === 1 ? 'estudiante' : 'estudiantes'}`
      : `Mostrando ${shown} de ${total} estudiantes. Afina la búsqueda para ver el resto.`,
  loadStudentsError: 'No se pudieron cargar los estudiantes.',
  inactiveSuffix: '(desactivada)',
} as const;
