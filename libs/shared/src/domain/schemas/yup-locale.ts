import { setLocale } from 'yup';
import { MSG } from '../messages';

const V = MSG.validation;

/*
 * yup's default messages are English and quote the value that was sent
 * ("note must be a `string` type, but the final value was: ..."). Every rule
 * a schema leaves without a message of its own gets a Spanish one instead.
 * yup reads these when a schema is built, so every schema module imports
 * this one (through ./text) before building anything.
 */
setLocale({
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
});
