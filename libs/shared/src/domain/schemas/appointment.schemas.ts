import { object, type InferType } from 'yup';
import { text } from './text';
import { MSG } from '../messages';

const M = MSG.appointments;

/** How far in the past a date may be and still count as "now" (clock drift, slow typing). */
export const APPOINTMENT_GRACE_MS = 5 * 60_000;

const dateField = () =>
  text()
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

/** The embedded appointment form (docs/rules-and-messages.md#appointment-form): date not before now, reason required, notes optional. */
export const appointmentFormSchema = object({
  date: dateField(),
  reason: text().trim().required(M.reasonRequired).max(200, M.reasonTooLong),
  notes: text().trim().max(2000, M.notesTooLong).default(''),
});
export type AppointmentForm = InferType<typeof appointmentFormSchema>;

/** POST /api/appointments: the form's fields and the student. `date` is ISO 8601. */
export const appointmentSchema = appointmentFormSchema.shape({
  studentId: text().trim().required(M.studentRequired).uuid(MSG.api.invalidId),
});
export type AppointmentBody = InferType<typeof appointmentSchema>;
