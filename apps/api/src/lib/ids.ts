/** Any UUID PostgreSQL's uuid type accepts in its canonical form (all versions). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a URL may be given to the database. A malformed one
 * would make PostgreSQL fail the query (a 500); callers answer 404 instead.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
