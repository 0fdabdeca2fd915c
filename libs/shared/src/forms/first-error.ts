import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * The message of the first failing field, in the schema's field order, or
 * null when the values are valid: for forms whose rule is "the first
 * failing message wins" (the login's 'Faltan datos', the assessment's
 * 'Validación').
 */
export function firstErrorMessage(schema: AnyObjectSchema, values: unknown): string | null {
  try {
    schema.validateSync(values, { abortEarly: false });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const rank = (path: string | undefined) => {
      const index = order.indexOf((path ?? '').split(/[.[]/)[0] ?? '');
      return index === -1 ? order.length : index;
    };
    const problems = error.inner.length ? error.inner : [error];
    const [first] = [...problems].sort((a, b) => rank(a.path) - rank(b.path));
    return first?.message ?? null;
  }
}
