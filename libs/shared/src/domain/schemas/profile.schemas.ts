import { object, type InferType } from 'yup';
import { lineText, secretText } from './text';
import { MSG } from '../messages';
import { PASSWORD_MAX } from './auth.schemas';
import { personNameField } from './person-name';
import { PHONE_PATTERN } from './student.schemas';
import { emailAddress } from './email-address';

const M = MSG.students;

/** Whether two addresses name the same mailbox, compared as the server compares them. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const currentPasswordField = () =>
  secretText().max(PASSWORD_MAX, MSG.auth.currentPasswordWrong).optional();

/**
 * PUT /api/auth/profile: a staff member's own data ('configuration',
 * 'profile-admin'). `currentPassword` is needed only when the e-mail
 * changes; see `ownProfileSchema`.
 */
export const profileSchema = object({
  firstName: personNameField(M.firstNameRequired),
  lastName: personNameField(M.lastNameRequired),
  email: emailAddress(M.emailRequired, M.emailInvalid),
  phone: lineText()
    .trim()
    .optional()
    .matches(PHONE_PATTERN, { message: M.phoneFormat, excludeEmptyString: true }),
  currentPassword: currentPasswordField(),
});
export type ProfileBody = InferType<typeof profileSchema>;

/**
 * The own-profile rules for an account whose address is `currentEmail`:
 * changing the e-mail asks for the current password (docs/decisions.md#e-mail-changes-and-assignments), so a
 * session left open on a shared computer cannot move the account to
 * another mailbox. The form and the server build it from the same address.
 */
export const ownProfileSchema = (currentEmail: string) =>
  profileSchema.shape({
    currentPassword: currentPasswordField().when('email', {
      is: (email: unknown) => typeof email === 'string' && !sameEmail(email, currentEmail),
      then: (field) => field.required(MSG.emailChange.currentPasswordRequired),
    }),
  });

/** POST /api/auth/email-change/check and /confirm: the token of the confirmation link. */
export const emailChangeTokenSchema = object({
  token: lineText()
    .trim()
    .required(MSG.emailChange.tokenRequired)
    .max(200, MSG.emailChange.linkInvalid),
});
export type EmailChangeTokenBody = InferType<typeof emailChangeTokenSchema>;
