/**
 * The psychologist's Agenda screen texts (docs/screens-and-routes.md#agenda). A module of its own,
 * imported as '@psicocampus/shared/agenda', so that the /login bundle, which
 * carries MSG, does not carry these.
 */
export const AGENDA_MSG = {
  title: 'Agenda',
  views: 'Vista',
  week: 'Semana',
  day: 'Día',
  list: 'Lista',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  previousDay: 'Día anterior',
  nextDay: 'Día siguiente',
  today: 'Hoy',
  todayMark: 'hoy',
  loading: 'Cargando la agenda...',
  loadError: 'No se pudo cargar la agenda',
  empty: 'No hay citas en este período.',
  free: 'libre',
  /** A free slot's accessible name: 'Lunes 24 de noviembre, 10:00, libre'. */
  freeSlot: (day: string, time: string) => `${day}, ${time}, libre`,
  details: 'Detalles de la cita',
  when: 'Fecha y hora',
  duration: 'Duración',
  minutes: (count: number) => `${count} min`,
  status: 'Estado',
  cancelledBy: 'Cancelada por',
  cancelReason: 'Motivo de la cancelación',
  attended: 'Asistió',
  noShow: 'No asistió',
  cancel: 'Cancelar cita',
  reschedule: 'Reprogramar',
  back: 'Volver',
  close: 'Cerrar',
  whoCancels: '¿Quién cancela?',
  newAppointment: 'Nueva cita',
  closeError: 'No se pudo cambiar el estado de la cita',
  moveError: 'No se pudo reprogramar la cita',
  moveConfirm: 'Reprogramar de todos modos',
  /** A past appointment still 'Programada' (isUnrecorded): on its block, its row and its dialog. */
  unrecorded: 'Sin registrar asistencia',
  /** The same, within an appointment's accessible name, after its status. */
  unrecordedInName: 'sin registrar asistencia',
  unrecordedNotice:
    'Esta cita ya terminó y sigue como Programada: registra si el estudiante asistió o no.',
  /** The agenda's view of them all, and its heading. */
  unrecordedView: 'Sin registrar',
  unrecordedTitle: 'Citas sin registrar asistencia',
  unrecordedIntro:
    'Citas que ya terminaron y siguen como Programada, de la más antigua a la más reciente. Ábrelas para registrar si el estudiante asistió, o cancélalas con su motivo.',
  unrecordedEmpty: 'No tienes citas pasadas sin registrar asistencia.',
  unrecordedLoading: 'Cargando las citas sin registrar asistencia...',
  unrecordedLoadError:
    'No se pudieron cargar las citas sin registrar asistencia. Recarga la página para intentarlo de nuevo.',
  unrecordedPages: 'Páginas de citas sin registrar asistencia',
  /** The home's line: '3 citas sin registrar asistencia'. */
  unrecordedCount: (count: number) =>
    count === 1 ? '1 cita sin registrar asistencia' : `${count} citas sin registrar asistencia`,
  unrecordedOpen: 'Registrar asistencia',
  /** The new appointment's student, looked for by name (the student picker). */
  studentPlaceholder: 'Escribe un nombre o apellido',
  studentHint: 'Escribe parte del nombre y elige al estudiante en la lista.',
  studentSearching: 'Buscando estudiantes...',
  studentNone: (text: string) =>
    text
      ? `Ningún estudiante tuyo coincide con «${text}». Revisa cómo está escrito.`
      : 'No tienes estudiantes asignados.',
  studentCount: (count: number) => (count === 1 ? '1 estudiante' : `${count} estudiantes`),
  studentMore: (shown: number, total: number) =>
    `Se muestran ${shown} de ${total}: escribe más para acotar la búsqueda`,
  studentSearchError:
    'No se pudo buscar a los estudiantes. Revisa la conexión y vuelve a escribir el nombre.',
  studentPick: 'Elige al estudiante en la lista: escribir su nombre no basta.',
} as const;

/**
 * The statistics screens' section on appointments: the
 * psychologist's caseload's, or the whole service's, per month and by how
 * each ended, with the agenda's status words (APPOINTMENT_STATUS_LABELS).
 */
export const APPOINTMENT_STATISTICS_MSG = {
  title: 'Citas por mes (últimos 12 meses)',
  loading: 'Cargando las citas por mes...',
  loadError: 'No se pudieron cargar las citas por mes.',
  /** The chart's key, above it: which colour is which status. */
  legend: 'Estado de la cita',
} as const;
