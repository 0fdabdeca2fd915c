import { string } from 'yup';
import { MSG } from '../messages';
import { installSpanishLocale } from './yup-locale';

// Before any schema is built (every schema module imports this one); see yup-locale.ts.
installSpanishLocale();

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a text can be stored as it was typed. PostgreSQL refuses NUL in
 * text and JSON (the save would fail as a server error), and a lone
 * surrogate half is silently turned into U+FFFD on its way to the database.
 * Neither comes from a keyboard; both come from pasted binary, a crafted
 * call or an old .xls file.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Unicode's bidirectional controls: the embeddings and overrides
 * (U+202A–U+202E), the isolates (U+2066–U+2069) and the invisible marks
 * (U+200E, U+200F, U+061C). Each changes the order in which the text
 * around it is shown, so a note holding one can read on screen, in a PDF
 * or in a spreadsheet differently from what it stores ("Trojan Source").
 * No Spanish text needs one; they come from pasted right-to-left text or
 * from someone who means to mislead.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** Whether a text holds a bidirectional control (see BIDI_CONTROL). */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/**
 * What a field of one line can never hold: the C0 and C1 controls (TAB, CR
 * and LF among them) and Unicode's line and paragraph separators. A name or
 * an address holding one prints on two lines in a PDF, a mail header or a
 * spreadsheet cell, and reads differently from what the screen showed.
 */
const NOT_ON_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

/** Whether a text fits on one line (see NOT_ON_ONE_LINE). */
export function isSingleLine(value: string): boolean {
  return !NOT_ON_ONE_LINE.test(value);
}

/**
 * A secret that is compared, never shown: a password being checked. It
 * refuses only what cannot be stored; refusing more would lock out an
 * account whose password was set before a rule existed.
 */
export const secretText = () =>
  string().test(
    'storable-text',
    MSG.validation.invalidCharacters,
    (value) => typeof value !== 'string' || isStorableText(value),
  );

/**
 * A text field of the shared schemas: yup's string() that also refuses
 * what cannot be stored and the controls that make a text read differently
 * from what it holds. The one rule every form, the server and the import
 * share (docs/decisions.md).
 */
export const text = () =>
  secretText().test(
    'no-bidi-control',
    MSG.validation.bidiControl,
    (value) => typeof value !== 'string' || !hasBidiControl(value),
  );

/**
 * A field of one line (a name, an e-mail address, a phone, a city, an
 * appointment's reason): a text() that also refuses line breaks, tabs and
 * other controls (docs/rules-and-messages.md#person-names-and-text-fields).
 * The forms, the server and the import share it.
 */
export const lineText = () =>
  text().test(
    'single-line',
    MSG.validation.singleLine,
    (value) => typeof value !== 'string' || isSingleLine(value),
  );
