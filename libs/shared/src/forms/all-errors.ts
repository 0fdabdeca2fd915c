import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * The message of every failing field (the first rule each one breaks, as
 * the field itself shows it), in the schema's field order and without
 * repeats (SEED §5: on save, all errors are joined into one alert); an
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
