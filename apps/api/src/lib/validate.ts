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
 * paths. yup would silently drop them; PRODUCT §10 wants them refused.
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
 * `{"toString": 1, "valueOf": 1}` as a number does too. Such a body is the
 * client's mistake, not a fault of the server.
 */
function isCastFailure(error: unknown): boolean {
  return error instanceof TypeError;
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
    const errors = unknown.map((field) => ({ field, msg: MSG.api.unknownField(field) }));
    throw new HttpError(400, errors[0]!.msg, errors);
  }
  try {
    return await schema.validate(body, { abortEarly: false });
  } catch (error) {
    if (isCastFailure(error)) {
      const errors = await fieldsThatCannotBeRead(schema, body as Record<string, unknown>);
      throw new HttpError(400, errors[0]?.msg ?? MSG.api.invalidBody, errors);
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
    throw new HttpError(400, errors[0]?.msg ?? MSG.api.invalidBody, errors);
  }
}
