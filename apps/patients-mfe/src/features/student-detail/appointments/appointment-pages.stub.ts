import type { Appointment } from '@psicocampus/shared';
import type { RecordedCall } from '@psicocampus/shared/testing';

/**
 * What the server answers a page of a student's appointments
 * (docs/api.md#appointments), from the appointments given: from `after` on,
 * soonest first, or before `before`, the latest first, with the total.
 */
export function appointmentPageAnswer(call: RecordedCall, appointments: readonly Appointment[]) {
  const params = new URLSearchParams(call.search);
  const time = (appointment: Appointment) => Date.parse(appointment.date);
  const after = params.get('after');
  const before = params.get('before');
  const chosen = appointments
    .filter((item) => after === null || time(item) >= Date.parse(after))
    .filter((item) => before === null || time(item) < Date.parse(before))
    .sort((a, b) => (before !== null && after === null ? time(b) - time(a) : time(a) - time(b)));
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  return {
    ok: true as const,
    appointments: chosen.slice((page - 1) * pageSize, page * pageSize),
    total: chosen.length,
    page,
    pageSize,
  };
}
