import type { Appointment } from './entities';

/**
 * Appointments whose attendance nobody recorded: ended while still
 * 'Programada' (docs/screens-and-routes.md#agenda). Shared by the server,
 * which lists them (GET /api/appointments/unrecorded, docs/api.md#appointments),
 * and the agenda and the home, which flag and count them.
 */

/**
 * "Sin registrar asistencia" by page (GET /api/appointments/unrecorded): 20 a
 * page unless asked otherwise, within the limits of every paged list
 * (paging.ts).
 */
export const UNRECORDED_PAGE_SIZE = 20;

/** One page of GET /api/appointments/unrecorded, with the total of them all. */
export interface UnrecordedAppointmentsAnswer {
  ok: true;
  appointments: Appointment[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Whether an appointment ended while still 'Programada': nobody recorded
 * whether the student came (docs/screens-and-routes.md#agenda). The
 * server's GET /api/appointments/unrecorded lists exactly these.
 */
export function isUnrecorded(
  appointment: Pick<Appointment, 'status' | 'date' | 'durationMinutes'>,
  now: number,
): boolean {
  return (
    appointment.status === 'SCHEDULED' &&
    Date.parse(appointment.date) + appointment.durationMinutes * 60_000 <= now
  );
}
