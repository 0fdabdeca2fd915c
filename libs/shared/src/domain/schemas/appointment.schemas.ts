import { boolean, mixed, number, object, type InferType } from 'yup';
import { lineText, text } from './text';
import { MSG } from '../messages';
import { APPOINTMENT_CANCELLERS, type AppointmentCanceller } from '../enums';
import { versionField } from './student.schemas';

const M = MSG.appointments;

/** How far in the past a date may be and still count as "now" (clock drift, slow typing). */
export const APPOINTMENT_GRACE_MS = 5 * 60_000;

/** An appointment's length in minutes (docs/data-model.md#appointment): a session by default. */
export const APPOINTMENT_DEFAULT_MINUTES = 50;
export const APPOINTMENT_MIN_MINUTES = 15;
export const APPOINTMENT_MAX_MINUTES = 180;

/** The longest period `GET /api/appointments?from=&to=` answers: two months of agenda. */
export const APPOINTMENT_RANGE_MAX_DAYS = 62;

/** The statuses a scheduled appointment can be closed with (`POST /api/appointments/:id/status`). */
export const APPOINTMENT_CLOSING_STATUSES = ['ATTENDED', 'NO_SHOW', 'CANCELLED'] as const;

const validDateField = () =>
  text()
    .trim()
    .required(M.dateRequired)
    .test('valid-date', M.dateInvalid, (value) => !value || !Number.isNaN(Date.parse(value)));

const dateField = () =>
  validDateField().test(
    'not-past',
    M.datePast,
    (value) =>
      !value ||
      Number.isNaN(Date.parse(value)) ||
      Date.parse(value) >= Date.now() - APPOINTMENT_GRACE_MS,
  );

const durationField = () =>
  number()
    .typeError(M.durationRange)
    .nonNullable(M.durationRange)
    .integer(M.durationRange)
    .min(APPOINTMENT_MIN_MINUTES, M.durationRange)
    .max(APPOINTMENT_MAX_MINUTES, M.durationRange);

const reasonField = () => lineText().trim().required(M.reasonRequired).max(200, M.reasonTooLong);
const notesField = () => text().trim().max(2000, M.notesTooLong).default('');

/** "Schedule it anyway": the answer to the overlap question (a 409 APPOINTMENT_OVERLAP). */
const confirmOverlapField = () => boolean().strict().typeError(MSG.validation.wrongType).optional();

/** The embedded appointment form (docs/rules-and-messages.md#appointment-form): date not before now, reason required, notes optional. */
export const appointmentFormSchema = object({
  date: dateField(),
  reason: reasonField(),
  notes: notesField(),
});
export type AppointmentForm = InferType<typeof appointmentFormSchema>;

/**
 * POST /api/appointments: the form's fields and the student. `date` is ISO
 * 8601; the duration is a session's when not given.
 */
export const appointmentSchema = appointmentFormSchema.shape({
  studentId: text().trim().required(M.studentRequired).uuid(MSG.api.invalidId),
  durationMinutes: durationField().default(APPOINTMENT_DEFAULT_MINUTES),
  confirmOverlap: confirmOverlapField(),
});
export type AppointmentBody = InferType<typeof appointmentSchema>;
/** What a client sends to create one: the duration and the confirmation may be left out. */
export type AppointmentCreateInput = Omit<AppointmentBody, 'durationMinutes' | 'confirmOverlap'> & {
  durationMinutes?: number;
  confirmOverlap?: boolean;
};

/**
 * PUT /api/appointments/:id: every field, and the version it was read at. The
 * date may be in the past when it is not being moved (the notes of a past
 * session); the server refuses a move into the past.
 */
export const appointmentUpdateSchema = object({
  date: validDateField(),
  durationMinutes: durationField().required(M.durationRange),
  reason: reasonField(),
  notes: notesField(),
  version: versionField(),
  confirmOverlap: confirmOverlapField(),
});
export type AppointmentUpdateBody = InferType<typeof appointmentUpdateSchema>;

/**
 * POST /api/appointments/:id/status: attended, no-show, or cancelled by the
 * student or the service with a reason (which is dropped for the others).
 */
export const appointmentStatusSchema = object({
  status: mixed<(typeof APPOINTMENT_CLOSING_STATUSES)[number]>()
    .required(MSG.validation.oneOf)
    .oneOf(APPOINTMENT_CLOSING_STATUSES, MSG.validation.oneOf),
  cancelledBy: mixed<AppointmentCanceller>().when('status', {
    is: 'CANCELLED',
    then: (s) =>
      s.required(M.cancelledByRequired).oneOf(APPOINTMENT_CANCELLERS, M.cancelledByRequired),
    otherwise: (s) => s.strip(),
  }),
  reason: lineText()
    .trim()
    .when('status', {
      is: 'CANCELLED',
      then: (s) => s.required(M.cancelReasonRequired).max(200, M.reasonTooLong),
      otherwise: (s) => s.strip(),
    }),
  version: versionField(),
});
export type AppointmentStatusBody = InferType<typeof appointmentStatusSchema>;
