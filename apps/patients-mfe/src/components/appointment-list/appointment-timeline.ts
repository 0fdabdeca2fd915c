import type { Appointment } from '@psicocampus/shared';
import { isSameDayIn } from '../../lib/service-clock';

const time = (appointment: Appointment) => Date.parse(appointment.date);

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
