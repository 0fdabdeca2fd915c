import { setLocale, type LocaleObject } from 'yup';
import { MSG } from '../messages';

const V = MSG.validation;

/*
 * yup's default messages are English and quote the value that was sent
 * ("note must be a `string` type, but the final value was: ..."). Every rule
 * a schema leaves without a message of its own gets a Spanish one instead.
 */
export const SPANISH_LOCALE = {
  mixed: {
    default: V.invalid,
    required: V.required,
    defined: V.required,
    notNull: V.required,
    oneOf: V.oneOf,
    notOneOf: V.oneOf,
    notType: V.wrongType,
  },
  string: {
    length: ({ length }) => V.exactLength(length),
    min: ({ min }) => V.tooShort(min),
    max: ({ max }) => V.tooLong(max),
    matches: V.format,
    email: V.email,
    url: V.format,
    uuid: V.uuid,
    datetime: V.date,
    datetime_offset: V.date,
    datetime_precision: V.date,
    trim: V.format,
    lowercase: V.format,
    uppercase: V.format,
  },
  number: {
    min: ({ min }) => V.atLeast(min),
    max: ({ max }) => V.atMost(max),
    lessThan: ({ less }) => V.atMost(less),
    moreThan: ({ more }) => V.atLeast(more),
    positive: ({ more }) => V.atLeast(more),
    negative: ({ less }) => V.atMost(less),
    integer: V.integer,
  },
  date: { min: V.date, max: V.date },
  boolean: { isValue: V.invalid },
  object: { noUnknown: V.invalid, exact: V.invalid },
  array: {
    length: V.invalid,
    min: ({ min }) => V.tooFewItems(min),
    max: ({ max }) => V.tooManyItems(max),
  },
  tuple: { notType: V.wrongType },
} satisfies LocaleObject;

let installed = false;

/**
 * Puts the Spanish messages in place of yup's. yup reads its locale when a
 * rule is added to a schema, so this must run before any schema is built:
 * ./text calls it as it loads, and every schema module imports ./text.
 *
 * It is a function that ./text calls, not a bare `import './yup-locale'`,
 * on purpose: the package declares itself free of side effects (so that
 * bundlers can drop what an app does not use), and esbuild and rspack then
 * drop a bare import, which left the built server and the built front ends
 * answering in English with the submitted value quoted
 * (docs/limits-and-budgets.md#limits-and-bad-input).
 */
export function installSpanishLocale(): void {
  if (installed) return;
  setLocale(SPANISH_LOCALE);
  installed = true;
}
