/**
 * The agenda's views as its address names them (`?vista=`), so that a link
 * from elsewhere in the remote (the home's, to 'sin-registrar') opens one.
 */

/** The agenda's views: three of a period, and the appointments still to record. */
export type AgendaView = 'week' | 'day' | 'list' | 'unrecorded';

export const VIEW_PARAM = 'vista';
export const VIEW_NAMES: Record<AgendaView, string> = {
  week: 'semana',
  day: 'dia',
  list: 'lista',
  unrecorded: 'sin-registrar',
};

/** The agenda's address showing the appointments still to record, from the dashboard's home. */
export const UNRECORDED_AGENDA_LINK = `agenda?${VIEW_PARAM}=${VIEW_NAMES.unrecorded}`;
