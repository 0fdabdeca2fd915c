import { APPOINTMENT_MAX_MINUTES, APPOINTMENT_MIN_MINUTES, MSG } from '@psicocampus/shared';
import { TextField } from '@psicocampus/shared/forms';
import { toZonedInputValue } from '../../lib/service-clock';

/**
 * When and for how long: the date-time (no earlier than `now`) and the
 * duration (15–180 minutes), as booking and rescheduling both ask them. The
 * date-time is typed on the service's clock (`zone`).
 */
export function AppointmentTimeFields({ now, zone }: { now: number; zone: string }) {
  return (
    <>
      <TextField
        name="date"
        type="datetime-local"
        label={MSG.appointments.date}
        min={toZonedInputValue(now, zone)}
        required
      />
      <TextField
        name="durationMinutes"
        type="number"
        label={MSG.appointments.duration}
        min={APPOINTMENT_MIN_MINUTES}
        max={APPOINTMENT_MAX_MINUTES}
        step={5}
        required
      />
    </>
  );
}
