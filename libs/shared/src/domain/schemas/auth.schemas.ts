import { boolean, object, ref, type InferType } from 'yup';
import { lineText, secretText, text } from './text';
import { MSG } from '../messages';
import { emailAddress } from './email-address';

/**
 * Validation of sign-in and password forms, shared by the Formik forms and
 * the server (which also refuses any field not named here). The server also refuses the most common passwords (a list too
 * large for the browser) with `MSG.auth.passwordTooCommon`.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** A new password: 10–128 characters, no composition rules (docs/sign-in-and-sessions.md#passwords). */
export const newPasswordField = () =>
  text()
    .required(MSG.auth.passwordRequired)
    .min(PASSWORD_MIN, MSG.auth.passwordTooShort)
    .max(PASSWORD_MAX, MSG.auth.passwordTooLong);

const requiredEmail = (requiredMessage: string) =>
  lineText().trim().required(requiredMessage).max(254, MSG.auth.invalidEmail);

/** POST /api/auth/login */
export const loginSchema = object({
  email: requiredEmail(MSG.auth.missingFields),
  password: secretText()
    .required(MSG.auth.missingFields)
    .max(PASSWORD_MAX, MSG.auth.passwordTooLong),
});
export type LoginBody = InferType<typeof loginSchema>;

/** The login form: the call's fields and the accepted terms (docs/rules-and-messages.md#login). */
export const loginFormSchema = object({
  email: lineText().trim().required(MSG.auth.missingFields),
  password: secretText()
    .required(MSG.auth.missingFields)
    .max(PASSWORD_MAX, MSG.auth.passwordTooLong),
  acceptTerms: boolean().oneOf([true], MSG.auth.mustAcceptTerms).required(MSG.auth.mustAcceptTerms),
});
export type LoginForm = InferType<typeof loginFormSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = object({
  email: emailAddress(MSG.auth.forgotEmailRequired, MSG.auth.invalidEmail),
});
export type ForgotPasswordBody = InferType<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password/check */
export const resetTokenSchema = object({
  token: lineText().trim().required(MSG.auth.tokenRequired).max(200, MSG.auth.resetLinkInvalid),
});
export type ResetTokenBody = InferType<typeof resetTokenSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordSchema = resetTokenSchema.shape({ password: newPasswordField() });
export type ResetPasswordBody = InferType<typeof resetPasswordSchema>;

/** The reset-password form: the new password twice. */
export const resetPasswordFormSchema = object({
  password: newPasswordField(),
  confirmation: text()
    .required(MSG.auth.confirmRequired)
    .oneOf([ref('password')], MSG.auth.passwordsDoNotMatch),
});
export type ResetPasswordForm = InferType<typeof resetPasswordFormSchema>;

/** PUT /api/auth/password */
export const changePasswordSchema = object({
  currentPassword: secretText()
    .required(MSG.auth.currentPasswordRequired)
    .max(PASSWORD_MAX, MSG.auth.currentPasswordWrong),
  newPassword: newPasswordField().notOneOf([ref('currentPassword')], MSG.auth.samePassword),
});
export type ChangePasswordBody = InferType<typeof changePasswordSchema>;

/** The change-password form: the call's fields plus a confirmation. */
export const changePasswordFormSchema = changePasswordSchema.shape({
  confirmation: text()
    .required(MSG.auth.confirmRequired)
    .oneOf([ref('newPassword')], MSG.auth.passwordsDoNotMatch),
});
export type ChangePasswordForm = InferType<typeof changePasswordFormSchema>;
