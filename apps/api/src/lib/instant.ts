/** An instant as ISO 8601 writes one: a date, a time, and its offset from UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a query parameter names, or null. The offset is required: an
 * instant without one would be read on the server's clock, not the caller's.
 */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
