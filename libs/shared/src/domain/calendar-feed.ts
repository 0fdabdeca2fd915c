/**
 * The psychologist's calendar feed (docs/api.md#calendar-feed): its answers' shapes and the
 * Agenda's "Suscribirse desde tu calendario" texts. A module of its own,
 * imported as '@psicocampus/shared/calendar-feed', so that the /login
 * bundle does not carry it.
 */

/** Whether the psychologist has a feed, and whether its titles show students' names. */
export interface CalendarFeedState {
  exists: boolean;
  showNames: boolean;
}

export interface CalendarFeedResponse {
  ok: true;
  msg?: string;
  feed: CalendarFeedState;
}

/** POST /api/calendar/feed: the only answer that carries the URL; it is never shown again. */
export interface CalendarFeedCreated extends CalendarFeedResponse {
  msg: string;
  url: string;
}

export const CALENDAR_FEED_MSG = {
  open: 'Suscribirse desde tu calendario',
  title: 'Suscribirse desde tu calendario',
  intro:
    'Un enlace secreto con el que tu programa de calendario (Google Calendar, Outlook, Calendario de Apple…) muestra tu agenda y la mantiene al día. Quien tenga el enlace ve tus citas: no lo compartas.',
  none: 'Aún no tienes un enlace de calendario.',
  active:
    'Tienes un enlace activo. Por seguridad no se vuelve a mostrar: si lo perdiste, crea uno nuevo y el anterior dejará de funcionar.',
  create: 'Crear enlace',
  rotate: 'Crear un enlace nuevo',
  rotateConfirmTitle: '¿Crear un enlace nuevo?',
  rotateConfirmText: 'El enlace anterior dejará de funcionar en los calendarios que lo usen.',
  rotateConfirm: 'Crear enlace nuevo',
  link: 'Enlace de tu calendario',
  onlyOnce:
    'Cópialo ahora y añádelo en tu calendario como «calendario desde una URL» o «suscripción». No se volverá a mostrar.',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar. Selecciona el enlace y cópialo a mano.',
  showNames: 'Mostrar el nombre del estudiante en cada cita',
  showNamesHint: 'Si no, cada cita dice solo «Cita» y su estado.',
  revoke: 'Revocar enlace',
  revokeConfirmTitle: '¿Revocar el enlace?',
  revokeConfirmText:
    'Tu calendario dejará de mostrar la agenda. Podrás crear otro enlace cuando quieras.',
  revokeConfirm: 'Sí, revocar',
  loading: 'Cargando...',
  loadError: 'No se pudo consultar tu enlace de calendario.',
  saveError: 'No se pudo guardar el cambio del enlace de calendario.',
  close: 'Cerrar',
} as const;
