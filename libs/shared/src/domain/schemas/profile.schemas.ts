import { object, type InferType } from 'yup';
import { text } from './text';
import { MSG } from '../messages';
import { PHONE_PATTERN } from './student.schemas';

const M = MSG.students;
const NAME_PATTERN = /^[\p{L}\p{M}\s'-]+$/u;

const nameField = (requiredMessage: string) =>
  text()
    .trim()
    .required(requiredMessage)
    .min(2, M.nameLength)
    .max(30, M.nameLength)
    .matches(NAME_PATTERN, M.nameLetters);

/** PUT /api/auth/profile: a staff member's own data ('configuration', 'profile-admin'). */
export const profileSchema = object({
  firstName: nameField(M.firstNameRequired),
  lastName: nameField(M.lastNameRequired),
  email: text().trim().required(M.emailRequired).max(254, M.emailInvalid).email(M.emailInvalid),
  phone: text()
    .trim()
    .optional()
    .matches(PHONE_PATTERN, { message: M.phoneFormat, excludeEmptyString: true }),
});
export type ProfileBody = InferType<typeof profileSchema>;
