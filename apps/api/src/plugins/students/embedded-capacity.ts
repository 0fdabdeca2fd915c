import { count } from 'drizzle-orm';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import { students } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

/**
 * The most students the embedded database (PGlite) holds
 * (docs/limits-and-budgets.md#embedded-database). PGlite runs every query on
 * the server's own thread: past this size one caseload list or the service's
 * statistics hold that thread longer than the liveness budget, and every
 * other call waits behind it. It leaves room for one import of the most
 * rows a file may hold (5,000) on top of the demo data. PostgreSQL has no
 * such limit.
 */
export const EMBEDDED_MAX_STUDENTS = 6_000;

/**
 * Refuses a write that took the embedded database past its limit
 * with a 409 that says what to do; `added` is how many students it created.
 * Called after the insert, in the write's own transaction: PGlite runs one
 * transaction at a time, so the count is exact, and the refusal rolls the
 * whole write back (nothing of it is kept).
 */
export async function refuseBeyondEmbeddedCapacity(ctx: AppContext, added: number): Promise<void> {
  if (ctx.database.kind !== 'pglite' || added === 0) return;
  const limit = ctx.config.embeddedMaxStudents ?? EMBEDDED_MAX_STUDENTS;
  const [row] = await ctx.db.select({ total: count() }).from(students);
  const total = row?.total ?? 0;
  if (total <= limit) return;
  const room = Math.max(0, limit - (total - added));
  throw new HttpError(
    409,
    room === 0
      ? SERVER_MSG.embeddedCapacity.full(limit)
      : SERVER_MSG.embeddedCapacity.importTooLarge(limit, room),
  );
}
