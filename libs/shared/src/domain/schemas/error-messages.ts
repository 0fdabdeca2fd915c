import { ValidationError, type AnyObjectSchema } from 'yup';

// These live with the schemas, not with the forms, so that ValidationError is
// the class of the very yup copy the schemas throw from: the front ends load
// this module once, as the shared @psicocampus/shared/domain.

/**
 * The message of every failing field (the first rule each one breaks, as
 * the field itself shows it), in the schema's field order and without
 * repeats (docs/rules-and-messages.md#validation-rules: on save, all errors are joined into one alert); an
 * empty list when the values are valid.
 */
export function allErrorMessages(schema: AnyObjectSchema, values: unknown): string[] {
  try {
    schema.validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const rank = (path: string | undefined) => {
      const index = order.indexOf((path ?? '').split(/[.[]/)[0] ?? '');
      return index === -1 ? order.length : index;
    };
    const problems = error.inner.length ? error.inner : [error];
    const firstPerField = new Map<string, string>();
    for (const problem of problems) {
      const path = problem.path ?? '';
      if (!firstPerField.has(path)) firstPerField.set(path, problem.message);
    }
    const sorted = [...firstPerField].sort(([a], [b]) => rank(a) - rank(b));
    return [...new Set(sorted.map(([, message]) => message))];
  }
}

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
