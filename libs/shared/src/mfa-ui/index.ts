/**
 * The second factor on screen: enrolment with its QR code and the
 * recovery codes. An entry of its own (`@psicocampus/shared/mfa-ui`), loaded
 * only when the server asks for a second factor or a profile shows it, never
 * by /login's first load: the QR code library goes with it.
 */
export { Enrolment, type EnrolmentProps } from './enrolment.component';
export { RecoveryCodes } from './recovery-codes.component';
export { SecondFactorSection } from './second-factor-section.component';
