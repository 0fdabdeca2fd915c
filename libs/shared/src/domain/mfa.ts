import { boolean, object, type InferType } from 'yup';
import { secretText, text } from './schemas/text';
import { PASSWORD_MAX } from './schemas/auth.schemas';
import { MSG } from './messages';

/**
 * The second factor for staff (docs/sign-in-and-sessions.md#second-factor):
 * time-based one-time codes (RFC 6238) and single-use recovery codes. An
 * entry of its own (`@psicocampus/shared/mfa`) so that the /login bundle,
 * which carries MSG, does not carry these texts: the screens that use them
 * are loaded when the server asks for a code.
 */

/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A code of the authenticator app: six digits (spaces typed between them are ignored). */
export const TOTP_DIGITS = 6;

export const MFA_MSG = {
  codeRequired: 'Escribe el código de 6 dígitos de tu aplicación de autenticación.',
  codeFormat: 'El código tiene 6 dígitos.',
  codeWrong: 'El código no es correcto. Revisa que sea el que muestra ahora tu aplicación.',
  /** A right code already used (each is good once): a wait, not a wrong guess. */
  codeAlreadyUsed:
    'Este código ya se usó para entrar. Espera a que tu aplicación muestre el siguiente (cambia cada 30 segundos) y escríbelo.',
  recoveryCodeRequired: 'Escribe uno de tus códigos de recuperación.',
  recoveryCodeWrong: 'El código de recuperación no es correcto o ya se usó.',
  challengeRequired: 'Vuelve a iniciar sesión.',
  challengeExpired: 'El paso de verificación caducó. Vuelve a iniciar sesión.',
  keyUnreadable:
    'No se puede comprobar tu segundo factor en este servidor. Avisa al administrador del servicio.',
  tooManyCodes: (minutes: number) =>
    `Demasiados códigos incorrectos. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  tooManyForChallenge:
    'Demasiados códigos incorrectos para este inicio de sesión. Vuelve a iniciar sesión.',
  recoveryCodesLeft: (left: number) =>
    left === 0
      ? 'Has usado tu último código de recuperación: entra en tu perfil y activa de nuevo el segundo factor para tener otros.'
      : `Te ${left === 1 ? 'queda 1 código' : `quedan ${left} códigos`} de recuperación.`,
  alreadyEnrolled: 'Tu cuenta ya tiene un segundo factor. Desactívalo antes de configurar otro.',
  notEnrolled: 'Tu cuenta no tiene un segundo factor.',
  enrollFirst: 'Pide primero una clave nueva (configurar el segundo factor).',
  enrolled:
    'Segundo factor activado. Guarda tus códigos de recuperación: no se volverán a mostrar.',
  disabled: 'Segundo factor desactivado.',
  requiredByPolicy:
    'Tu cuenta necesita un segundo factor: no se puede desactivar. Puedes pedir a una persona administradora que lo restablezca.',
  resetSelf: 'No puedes restablecer tu propio segundo factor: usa tu perfil.',
  resetNone:
    'Esta cuenta no tiene segundo factor: no hay nada que restablecer. Lo configurará al iniciar sesión si se le exige.',
  resetDone: 'Segundo factor restablecido: la persona lo configurará al volver a iniciar sesión.',
  policySaved: 'Política del segundo factor guardada.',
  policyInvalid: 'Indica si se exige el segundo factor a los psicólogos/as (sí o no).',
  // The screens.
  stepTitle: 'Verificación en dos pasos',
  stepText: 'Escribe el código de 6 dígitos que muestra tu aplicación de autenticación.',
  codeLabel: 'Código de verificación',
  verify: 'Verificar',
  verifying: 'Verificando...',
  useRecoveryCode: 'Usar un código de recuperación',
  useAppCode: 'Usar el código de la aplicación',
  recoveryCodeLabel: 'Código de recuperación',
  backToLogin: 'Volver al inicio de sesión',
  enrollTitle: 'Configura el segundo factor',
  enrollText:
    'Tu cuenta necesita un segundo factor. Escanea el código QR con una aplicación de autenticación (por ejemplo, FreeOTP, Google Authenticator o Microsoft Authenticator) o escribe la clave, y confirma con el primer código que muestre.',
  enrollPasswordText:
    'Para añadir un segundo factor a tu cuenta, escribe primero tu contraseña actual.',
  enrollProfileText:
    'Escanea el código QR con una aplicación de autenticación o escribe la clave, y confirma con el primer código que muestre.',
  qrAlt: 'Código QR para la aplicación de autenticación',
  keyLabel: 'Clave',
  confirm: 'Confirmar',
  recoveryTitle: 'Tus códigos de recuperación',
  recoveryText:
    'Cada código sirve una sola vez si pierdes el teléfono. Guárdalos en un lugar seguro: no se volverán a mostrar.',
  download: 'Descargar',
  copy: 'Copiar',
  copied: 'Códigos copiados.',
  continue: 'Continuar',
  recoveryFileName: 'psicocampus-codigos-de-recuperacion.txt',
  profileTitle: 'Segundo factor',
  profileOn: 'Activado: al iniciar sesión se te pide un código de tu aplicación.',
  profileOff: 'Desactivado: solo se te pide la contraseña.',
  profileRequired: 'Tu cuenta lo necesita.',
  enable: 'Activar el segundo factor',
  disable: 'Desactivar el segundo factor',
  passwordLabel: 'Contraseña actual',
  resetAction: 'Restablecer segundo factor',
  resetConfirm: (name: string) =>
    `¿Restablecer el segundo factor de ${name}? Se cerrarán sus sesiones y lo configurará al volver a iniciar sesión.`,
  resetProofText:
    'Para confirmar que eres tú, escribe tu contraseña actual. Una sesión abierta no basta para quitar el segundo factor de otra cuenta.',
  resetProofWithCodeText:
    'Para confirmar que eres tú, escribe tu contraseña actual y el código de 6 dígitos que muestra ahora tu aplicación de autenticación. Una sesión abierta no basta para quitar el segundo factor de otra cuenta.',
  resetOwnCodeLabel: 'Código de tu aplicación de autenticación',
  resetting: 'Restableciendo...',
  policyTitle: 'Segundo factor',
  policyAdmins: 'Obligatorio para las personas administradoras.',
  policyPsychologists: 'Exigir el segundo factor a los psicólogos/as',
  loadError: 'No se pudo cargar el estado del segundo factor.',
  saveError: 'No se pudo guardar. Inténtalo de nuevo.',
} as const;

/**
 * A code as an authenticator app shows it ('123 456') as it is checked
 * ('123456'): the schemas read it so, and the forms send it so.
 */
export const withoutSpaces = (code: string): string => code.replace(/\s+/g, '');

const spacesRemoved = (value: unknown) =>
  typeof value === 'string' ? withoutSpaces(value) : value;

/**
 * A code as it may be sent, spaces and all ('123 456'): what the API's
 * document says of a code field, since it cannot see the transform that
 * removes them before the six digits are checked.
 */
const SENT_CODE = { jsonSchema: { pattern: '^\\s*(\\d\\s*){6}$' } };

/** Six digits, spaces between them ignored (an app shows '123 456'). */
const totpCode = () =>
  text()
    .transform(spacesRemoved)
    .required(MFA_MSG.codeRequired)
    .matches(/^\d{6}$/, MFA_MSG.codeFormat)
    .meta(SENT_CODE);

/** A recovery code as handed out ('abcde-fghij'); case and dashes are forgiven. */
const recoveryCode = () => text().trim().required(MFA_MSG.recoveryCodeRequired).max(64);

/** The challenge a sign-in answered; long random text, never shown. */
const challenge = () => secretText().max(200, MFA_MSG.challengeExpired);

/** POST /api/auth/login/mfa: the challenge with a code, or with a recovery code. */
export const mfaLoginSchema = object({
  challenge: challenge().required(MFA_MSG.challengeRequired),
  code: text()
    .transform(spacesRemoved)
    .matches(/^\d{6}$/, { message: MFA_MSG.codeFormat, excludeEmptyString: true })
    .meta(SENT_CODE),
  recoveryCode: text().trim().max(64, MFA_MSG.recoveryCodeWrong),
}).test('code-or-recovery-code', MFA_MSG.codeRequired, function (value) {
  if (value.code || value.recoveryCode) return true;
  return this.createError({ path: 'code', message: MFA_MSG.codeRequired });
});
export type MfaLoginBody = InferType<typeof mfaLoginSchema>;

/**
 * POST /api/auth/mfa/enroll: a challenge (forced enrolment, right after the
 * password), or with `x-token` the current password: a session alone never
 * puts a factor on an account (docs/sign-in-and-sessions.md#second-factor).
 */
export const mfaEnrollSchema = object({
  challenge: challenge(),
  password: secretText().max(PASSWORD_MAX, MSG.auth.currentPasswordWrong),
});
export type MfaEnrollBody = InferType<typeof mfaEnrollSchema>;

/** The profile's first step of an enrolment: the current password, before any key is made. */
export const mfaEnrollFormSchema = object({
  password: secretText()
    .required(MSG.auth.currentPasswordRequired)
    .max(PASSWORD_MAX, MSG.auth.currentPasswordWrong),
});

/** POST /api/auth/mfa/confirm */
export const mfaConfirmSchema = object({ challenge: challenge(), code: totpCode() });
export type MfaConfirmBody = InferType<typeof mfaConfirmSchema>;

/** The current password, typed again for a change a session alone must not make. */
const currentPassword = () =>
  secretText()
    .required(MSG.auth.currentPasswordRequired)
    .max(PASSWORD_MAX, MSG.auth.currentPasswordWrong);

/** DELETE /api/auth/mfa */
export const mfaDisableSchema = object({ password: currentPassword(), code: totpCode() });
export type MfaDisableBody = InferType<typeof mfaDisableSchema>;

/**
 * POST /api/users/:id/mfa/reset: the administrator's own fresh proof, so
 * that a stolen session alone cannot strip another account's second factor
 * (docs/sign-in-and-sessions.md#second-factor). The administrator's current
 * password, and the current code of their own app when they have a second
 * factor (the server asks for it then; it ignores one sent without).
 */
export const mfaResetSchema = object({
  password: currentPassword(),
  code: text()
    .transform(spacesRemoved)
    .matches(/^\d{6}$/, { message: MFA_MSG.codeFormat, excludeEmptyString: true })
    .meta(SENT_CODE),
});
export type MfaResetBody = InferType<typeof mfaResetSchema>;

/** The reset's form for an administrator who has a second factor: the code is asked too. */
export const mfaResetWithCodeSchema = object({ password: currentPassword(), code: totpCode() });

/**
 * The login's code step checks its one field before sending it, with the
 * rules `mfaLoginSchema` applies to that field on the server: the app's code,
 * or a recovery code after "Usar un código de recuperación".
 */
export const codeFormSchema = object({ code: totpCode() });
export const recoveryCodeFormSchema = object({ recoveryCode: recoveryCode() });

/** PUT /api/service/mfa */
export const mfaPolicySchema = object({
  psychologistsRequired: boolean()
    .strict()
    .typeError(MFA_MSG.policyInvalid)
    .required(MFA_MSG.policyInvalid),
});
export type MfaPolicyBody = InferType<typeof mfaPolicySchema>;

/** GET /api/auth/mfa */
export interface MfaStatus {
  enabled: boolean;
  /** The policy requires one of this account: it cannot be disabled. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** GET /api/service/mfa */
export interface MfaPolicy {
  adminsRequired: boolean;
  psychologistsRequired: boolean;
}

/** What POST /api/auth/login answers instead of a session when a code is needed. */
export type MfaLoginStep =
  | { ok: true; mfaRequired: true; challenge: string }
  | { ok: true; mfaEnrollmentRequired: true; challenge: string };
