import { lineText } from './text';
import { MSG } from '../messages';

/**
 * A person's name, for students and staff alike (the one rule of
 * docs/decisions.md#person-names-and-e-mail-addresses): letters (any accent,
 * ñ) and spaces, and a hyphen or an apostrophe only between two letters
 * ("Pérez-Luna", "O'Brien"; the typographic ’ too, which phones type for ').
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:(?:\s+|['’-])[\p{L}\p{M}]+)*$/u;

/** The limits of a first or last name, in characters. */
export const PERSON_NAME_LENGTH = { min: 2, max: 30 } as const;

/** A required first or last name; `requiredMessage` says which one is missing. */
export const personNameField = (requiredMessage: string) =>
  lineText()
    .trim()
    .required(requiredMessage)
    .min(PERSON_NAME_LENGTH.min, MSG.students.nameLength)
    .max(PERSON_NAME_LENGTH.max, MSG.students.nameLength)
    .matches(PERSON_NAME_PATTERN, MSG.students.nameLetters);
