/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a database error is a unique index refusing a row. drizzle wraps
 * the driver's error (node-postgres or PGlite) in its own, so the code is
 * looked for along the `cause` chain.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
