import type { Appointment } from '@psicocampus/shared';
import { isSameDayIn } from '../../lib/service-clock';

export interface AppointmentTimeline {
  /** From now on, soonest first. */
  upcoming: Appointment[];
  /** Before now, most recent first. */
  past: Appointment[];
}

const time = (appointment: Appointment) => Date.parse(appointment.date);

/** Splits appointments at `now`: upcoming soonest first, then past most recent first. */
export function splitAppointments(
  appointments: readonly Appointment[],
  now: number,
): AppointmentTimeline {
  const upcoming = appointments
    .filter((item) => time(item) >= now)
    .sort((a, b) => time(a) - time(b));
  const past = appointments.filter((item) => time(item) < now).sort((a, b) => time(b) - time(a));
  return { upcoming, past };
}

/** Today's appointments (any hour of the day in `zone`) and the later ones, each soonest first. */
export function todayAndLater(
  appointments: readonly Appointment[],
  now: Date,
  zone: string,
): { today: Appointment[]; later: Appointment[] } {
  const sorted = [...appointments].sort((a, b) => time(a) - time(b));
  return {
    today: sorted.filter((item) => isSameDayIn(new Date(item.date), now, zone)),
    later: sorted.filter(
      (item) => time(item) > now.getTime() && !isSameDayIn(new Date(item.date), now, zone),
    ),
  };
}
