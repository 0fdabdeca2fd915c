/**
 * The Spanish message catalogue: every sentence the product shows or answers,
 * in one place, for the front ends and the server alike. Texts quoted in
 * SEED.md are copied exactly; the others follow its tone.
 */
export const MSG = {
  common: {
    cancel: 'Cancelar',
    save: 'Guardar',
    retry: 'Reintentar',
    back: 'Volver',
    loading: 'Cargando...',
    error: 'Error',
    confirmTitle: '¿Estás seguro?',
    confirmText: 'Esta acción no se puede deshacer',
    confirmDelete: 'Sí, eliminar',
    notSpecified: 'No especificado',
    notFoundName: 'No encontrado',
    notAssigned: 'No asignado',
    networkError: 'Error de conexión con el servidor.',
    genericRequestError: 'Error al procesar la solicitud',
  },
  shell: {
    productName: 'PsicoCampus',
    serviceName: 'Servicio de Orientación Psicológica',
    moduleUnavailable: 'Este módulo no está disponible en este momento.',
    moduleLoading: 'Cargando módulo...',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La dirección que buscas no existe o fue movida.',
    notFoundLink: 'Ir al inicio',
    logout: 'Cerrar sesión',
    mainNav: 'Navegación principal',
    skipToContent: 'Saltar al contenido',
  },
  session: {
    expired: 'Tu sesión ha expirado. Inicia sesión de nuevo.',
    idleTitle: '¿Sigues ahí?',
    idleText:
      'Por seguridad, tu sesión se cerrará en 5 minutos si no hay actividad. ¿Quieres continuar?',
    keepAlive: 'Seguir conectado',
    loggedOut: 'Has cerrado sesión.',
  },
  api: {
    notFound: 'El recurso solicitado no existe.',
    routeNotFound: 'La ruta solicitada no existe.',
    internal: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo en unos minutos.',
    unauthorized: 'Tu sesión ha expirado. Inicia sesión de nuevo.',
    forbidden: 'No tienes permiso para realizar esta acción.',
    invalidBody: 'Los datos enviados no son válidos.',
    invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
    bodyTooLarge: 'La solicitud supera el tamaño máximo permitido.',
    unsupportedMediaType: 'Tipo de contenido no admitido.',
    unknownField: (field: string) => `Campo no permitido: ${field}.`,
    conflict: 'Otra persona modificó este registro. Recarga para ver los cambios.',
    healthOk: 'Servidor y base de datos en funcionamiento.',
    healthDbDown: 'La base de datos no responde.',
  },
} as const;

export type Messages = typeof MSG;
