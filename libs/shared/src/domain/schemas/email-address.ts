import { lineText } from './text';

/**
 * A domain with at least one dot after the '@' (docs/decisions.md#person-names-and-e-mail-addresses):
 * yup's own test accepts 'ana@uni', which no mail reaches from outside a
 * private network and which is, in practice, a typo for 'ana@uni.edu'.
 */
const DOTTED_DOMAIN = /@[^@\s.]+(?:\.[^@\s.]+)+$/;

/** An e-mail address a person types: trimmed, required, at most 254 characters. */
export const emailAddress = (requiredMessage: string, invalidMessage: string) =>
  lineText()
    .trim()
    .required(requiredMessage)
    .max(254, invalidMessage)
    .email(invalidMessage)
    .matches(DOTTED_DOMAIN, { message: invalidMessage, excludeEmptyString: true });
