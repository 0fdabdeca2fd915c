import { ObjectSchema, ValidationError, type AnyObjectSchema, type InferType } from 'yup';
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
