import { mixed, object, type InferType } from 'yup';
import { lineText, text } from './text';
import { MSG } from '../messages';
import { ROLES, type Role } from '../roles';
import { personNameField } from './person-name';
import { PHONE_PATTERN } from './student.schemas';
import { emailAddress } from './email-address';

const M = MSG.students;

/** POST /api/users and PUT /api/users/:id: a staff account (docs/screens-and-routes.md#admin-area). */
export const userSchema = object({
  firstName: personNameField(M.firstNameRequired),
  lastName: personNameField(M.lastNameRequired),
  email: emailAddress(M.emailRequired, M.emailInvalid),
  role: mixed<Role>()
    .required(MSG.validation.roleRequired)
    .oneOf([...ROLES], MSG.validation.roleRequired),
  phone: lineText()
    .trim()
    .optional()
    .matches(PHONE_PATTERN, { message: M.phoneFormat, excludeEmptyString: true }),
});
export type UserBody = InferType<typeof userSchema>;

/** PUT /api/students/:id/assignment: a psychologist, or null to leave the student unassigned. */
export const assignmentSchema = object({
  psychologistId: text()
    .trim()
    .uuid(MSG.api.invalidId)
    .nullable()
    .defined(MSG.validation.psychologistRequired),
});
export type AssignmentBody = InferType<typeof assignmentSchema>;

/**
 * POST /api/admin/students/:id/restore: the psychologist an archived student
 * is given back to (docs/api.md#archived-students); never nobody.
 */
export const restoreSchema = object({
  psychologistId: text()
    .trim()
    .uuid(MSG.api.invalidId)
    .required(MSG.validation.psychologistRequired),
});
export type RestoreBody = InferType<typeof restoreSchema>;
