/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a database error is a unique index refusing a row. drizzle wraps
 * the driver's error (node-postgres or PGlite) in its own, so the code is
 * looked for along the `cause` chain.
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}

/** The SQLSTATE of a database error, looked for along the `cause` chain; undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether the database refused a value itself (SQLSTATE class 22, "data
 * exception": a NUL in text, a number out of an integer's range, a string
 * that is not a uuid...). The value came from the request, so the answer is
 * a 400, not a server fault; the validation that should have caught it first
 * is what to fix.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
