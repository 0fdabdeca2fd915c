import { mixed, number, object, type InferType } from 'yup';
import { personNameField } from './person-name';
import { lineText } from './text';
import { EMPLOYMENT_STATUSES, GENDERS, SEMESTERS } from '../enums';
import { MSG } from '../messages';
import { emailAddress } from './email-address';

/**
 * The student rules (docs/rules-and-messages.md), used by the 'Agregar/Editar
 * Estudiante' modal, the edit screen, the Excel import and the server alike.
 */

const M = MSG.students;

/** An optional plus sign, then 6–15 digits, spaces or hyphens. */
export const PHONE_PATTERN = /^\+?[0-9\s-]{6,15}$/;

/** '' from an emptied input means "no value". */
const emptyToUndefined = (value: unknown, original: unknown) =>
  original === '' || original === null ? undefined : value;

const ageField = (min: 0 | 1) =>
  number()
    .transform(emptyToUndefined)
    .typeError(M.ageRequired)
    .required(M.ageRequired)
    .integer(M.ageInteger)
    .min(min, min === 0 ? M.ageRange : M.ageRangeEdit)
    .max(100, min === 0 ? M.ageRange : M.ageRangeEdit);

const textField = (requiredMessage: string, lengthMessage: string) =>
  lineText().trim().required(requiredMessage).min(2, lengthMessage).max(50, lengthMessage);

const phoneField = () =>
  lineText().trim().required(M.phoneRequired).matches(PHONE_PATTERN, M.phoneFormat);

const oneOf = <T extends string>(values: readonly T[], requiredMessage: string) =>
  mixed<T>()
    .transform(emptyToUndefined)
    .required(requiredMessage)
    .oneOf([...values], M.invalidOption);

/** Every field of the student form (docs/rules-and-messages.md#student-form). */
export const studentFormSchema = object({
  firstName: personNameField(M.firstNameRequired),
  lastName: personNameField(M.lastNameRequired),
  age: ageField(0),
  gender: oneOf(GENDERS, M.genderRequired),
  email: emailAddress(M.emailRequired, M.emailInvalid),
  phone: phoneField(),
  city: textField(M.cityRequired, M.cityLength),
  career: textField(M.careerRequired, M.careerLength),
  careerLevel: oneOf(SEMESTERS, M.careerLevelRequired),
  employmentStatus: oneOf(EMPLOYMENT_STATUSES, M.employmentRequired),
  income: number()
    .transform(emptyToUndefined)
    .typeError(M.incomeNumber)
    .min(0, M.incomeNegative)
    .max(1_000_000_000, M.incomeTooLarge)
    .nullable()
    .optional(),
});
export type StudentForm = InferType<typeof studentFormSchema>;

/** The largest version a record can reach: the database keeps it in a 32-bit integer. */
export const VERSION_MAX = 2_147_483_647;

/** The version a record was read at (docs/limits-and-budgets.md#limits-and-bad-input); anything else is not one the server gave. */
export const versionField = () =>
  number()
    .typeError(M.versionRequired)
    .required(M.versionRequired)
    .integer(M.versionRequired)
    .min(1, M.versionRequired)
    .max(VERSION_MAX, M.versionRequired);

/** POST /api/students, and each row of an import. */
export const studentCreateSchema = studentFormSchema;
export type StudentCreateBody = InferType<typeof studentCreateSchema>;

/** PUT /api/students/:id from the modal: every field, and the version it was read at. */
export const studentUpdateSchema = studentFormSchema.shape({ version: versionField() });
export type StudentUpdateBody = InferType<typeof studentUpdateSchema>;

/**
 * The edit screen's fields (docs/rules-and-messages.md#edit-student-screen).
 * Names follow the same rule as everywhere (personNameField). It differs from
 * the modal's schema where the product's edit screen does: it edits a subset
 * (no e-mail, gender, employment or income), so phone, city, career and
 * semester may be left empty; and its age is 1–100, not 0–100, with its own
 * message ('La edad debe estar entre 1 y 100 años'), as that screen has always
 * asked.
 */
export const studentEditFormSchema = object({
  firstName: personNameField(M.firstNameRequired),
  lastName: personNameField(M.lastNameRequired),
  age: ageField(1),
  phone: lineText()
    .trim()
    .transform(emptyToUndefined)
    .optional()
    .matches(PHONE_PATTERN, { message: M.phoneFormat, excludeEmptyString: true }),
  city: lineText()
    .trim()
    .transform(emptyToUndefined)
    .optional()
    .min(2, M.cityLength)
    .max(50, M.cityLength),
  career: lineText()
    .trim()
    .transform(emptyToUndefined)
    .optional()
    .min(2, M.careerLength)
    .max(50, M.careerLength),
  level: mixed<(typeof SEMESTERS)[number]>()
    .transform(emptyToUndefined)
    .optional()
    .oneOf([...SEMESTERS, undefined], M.invalidOption),
});
export type StudentEditForm = InferType<typeof studentEditFormSchema>;

/** PUT /api/students/:id from the edit screen. */
export const studentEditSchema = studentEditFormSchema.shape({ version: versionField() });
export type StudentEditBody = InferType<typeof studentEditSchema>;

/**
 * Which of the two PUT shapes a body is: the modal sends every field (with
 * the e-mail); the edit screen sends its subset, never the e-mail.
 */
export function isFullStudentUpdate(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'email' in body;
}
