import { object, string, type InferType } from 'yup';
import { MSG } from '../messages';

const M = MSG.appointments;

/** How far in the past a date may be and still count as "now" (clock drift, slow typing). */
export const APPOINTMENT_GRACE_MS = 5 * 60_000;

const dateField = () =>
  string()
    .trim()
    .required(M.dateRequired)
    .test('valid-date', M.dateInvalid, (value) => !value || !Number.isNaN(Date.parse(value)))
    .test(
      'not-past',
      M.datePast,
      (value) =>
        !value ||
        Number.isNaN(Date.parse(value)) ||
        Date.parse(value) >= Date.now() - APPOINTMENT_GRACE_MS,
    );

/** The embedded appointment form (SEED §5): date not before now, reason required, notes optional. */
export const appointmentFormSchema = object({
  date: dateField(),
  reason: string().trim().required(M.reasonRequired).max(200, M.reasonTooLong),
  notes: string().trim().max(2000, M.notesTooLong).default(''),
});
export type AppointmentForm = InferType<typeof appointmentFormSchema>;

/** POST /api/appointments: the form's fields and the student. `date` is ISO 8601. */
export const appointmentSchema = appointmentFormSchema.shape({
  studentId: string().trim().required(M.studentRequired).uuid(MSG.api.invalidId),
});
export type AppointmentBody = InferType<typeof appointmentSchema>;
