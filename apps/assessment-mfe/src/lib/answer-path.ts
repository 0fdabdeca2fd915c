/**
 * Dotted paths into the form's answers ('actualAttempt.totalAttempts'), the
 * way Formik and the server's 400 `errors` name fields.
 */

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`, or undefined. */
export function getAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (!isPlain(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `source` with `value` at `path` (missing objects on the way are created). */
export function setAt<T extends object>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const base: Plain = { ...(source as Plain) };
  if (!key) return source;
  base[key] = rest.length
    ? setAt(isPlain(base[key]) ? (base[key] as Plain) : {}, rest.join('.'), value)
    : value;
  return base as T;
}

/** `[{field, msg}]` as Formik's nested errors object (the first message of a field wins). */
export function errorsAt(
  problems: ReadonlyArray<{ field: string; msg: string }>,
): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const problem of problems) {
    if (getAt(errors, problem.field) === undefined)
      errors = setAt(errors, problem.field, problem.msg);
  }
  return errors;
}
