import {
  ObjectSchema,
  ValidationError,
  type AnyObjectSchema,
  type InferType,
  type Schema,
} from 'yup';
import { MSG, type FieldError } from '@psicocampus/shared/domain';
import { HttpError } from './http-error';

/**
 * The fields of `value` that `schema` does not name, at any depth, as dotted
 * paths. yup would silently drop them; docs/limits-and-budgets.md#limits-and-bad-input wants them refused.
 */
export function unknownFields(schema: AnyObjectSchema, value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const fields = schema.fields as Record<string, unknown>;
  return Object.keys(value).flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) return [path];
    return field instanceof ObjectSchema
      ? unknownFields(field, (value as Record<string, unknown>)[key], path)
      : [];
  });
}

/**
 * Whether yup failed to even read a value rather than finding it invalid. Its
 * conversions call what the value offers: `{"note": {"toString": 1}}` or
 * `{"email": []}` (trimmed as if it were text) throw a TypeError, and
 * `{"toString": 1, "valueOf": 1}` as a number does too. A value nested
 * deeper than its walk can go throws a RangeError (the JSON parser refuses
 * such bodies first: see body-shape.ts; this is for bodies that come another
 * way). Such a body is the client's mistake, not a fault of the server.
 */
function isCastFailure(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError;
}

/** The longest field name an answer repeats: a key is the client's text, of any length. */
const FIELD_NAME_MAX = 64;

/** How many of a body's problems an answer lists, and in how many bytes of JSON. */
const ERRORS_MAX = 30;
const ERRORS_BYTES_MAX = 2_500;

/** A dotted path of plain names: what a form or an integrator's code would send. */
const READABLE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * An unknown field as the answer names it: by its name when it reads as one,
 * otherwise not at all. A key is the client's text, of any length and any
 * characters, and a refusal never repeats what was sent.
 */
function unknownFieldError(path: string): FieldError {
  return READABLE_FIELD.test(path) && path.length <= FIELD_NAME_MAX
    ? { field: path, msg: MSG.api.unknownField(path) }
    : { field: '', msg: MSG.api.unknownFieldUnnamed };
}

/**
 * The first problems, as many as fit: an answer stays small whatever the
 * body holds (a body of a thousand unknown keys is not answered with a
 * thousand lines). The form shows the same problems from the same schema
 * before sending, so a shortened list hides nothing from a person.
 */
function boundedErrors(errors: FieldError[]): FieldError[] {
  const kept: FieldError[] = [];
  let bytes = 0;
  for (const error of errors) {
    bytes += Buffer.byteLength(JSON.stringify(error)) + 1;
    if (kept.length && (kept.length >= ERRORS_MAX || bytes > ERRORS_BYTES_MAX)) break;
    kept.push(error);
  }
  return kept;
}

function refusal(errors: FieldError[]): HttpError {
  const listed = boundedErrors(errors);
  return new HttpError(400, listed[0]?.msg ?? MSG.api.invalidBody, listed);
}

/** The top-level fields whose own schema cannot read their value, for the 400's `errors`. */
async function fieldsThatCannotBeRead(
  schema: AnyObjectSchema,
  body: Record<string, unknown>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.fields as Record<string, Schema>)) {
    if (!Object.hasOwn(body, field)) continue;
    try {
      await fieldSchema.validate(body[field], { abortEarly: false });
    } catch (error) {
      if (isCastFailure(error)) errors.push({ field, msg: MSG.validation.wrongType });
    }
  }
  return errors;
}

/**
 * Validates a request body with a shared schema (the one the form uses) and
 * returns its cleaned value. Any problem answers 400 with every field's
 * Spanish message; the first one is the answer's `msg`.
 */
export async function validateBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
): Promise<InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, MSG.api.invalidBody);
  }
  const unknown = unknownFields(schema, body);
  if (unknown.length) {
    throw refusal(unknown.slice(0, ERRORS_MAX).map(unknownFieldError));
  }
  try {
    return await schema.validate(body, { abortEarly: false });
  } catch (error) {
    if (isCastFailure(error)) {
      throw refusal(await fieldsThatCannotBeRead(schema, body as Record<string, unknown>));
    }
    if (!(error instanceof ValidationError)) throw error;
    const problems = error.inner.length ? error.inner : [error];
    // One message per field: the first rule it broke (as the form shows it).
    const errors: FieldError[] = [];
    for (const problem of problems) {
      const field = problem.path ?? '';
      if (!errors.some((known) => known.field === field)) {
        errors.push({ field, msg: problem.message });
      }
    }
    throw refusal(errors);
  }
}
