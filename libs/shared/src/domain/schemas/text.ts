import './yup-locale';
import { string } from 'yup';
import { MSG } from '../messages';

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
 * A text field of the shared schemas: yup's string() that also refuses
 * what cannot be stored (forms, the server and the import alike).
 */
export const text = () =>
  string().test(
    'storable-text',
    MSG.validation.invalidCharacters,
    (value) => typeof value !== 'string' || isStorableText(value),
  );
