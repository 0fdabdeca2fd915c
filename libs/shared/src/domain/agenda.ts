/**
 * The psychologist's Agenda screen texts (issue 18). A module of its own,
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
} as const;

/**
 * The statistics screens' section on appointments (issue 18): the
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
