import { APPOINTMENT_MAX_MINUTES, APPOINTMENT_MIN_MINUTES, MSG } from '@psicocampus/shared';
import { TextField } from '@psicocampus/shared/forms';
import { toLocalInputValue } from '../../lib/local-date-time';

/**
 * When and for how long: the date-time (no earlier than `now`) and the
 * duration (15–180 minutes), as booking and rescheduling both ask them.
 */
export function AppointmentTimeFields({ now }: { now: number }) {
  return (
    <>
      <TextField
        name="date"
        type="datetime-local"
        label={MSG.appointments.date}
        min={toLocalInputValue(new Date(now))}
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
