import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * For the rest of the transaction `tx`, the append-only rows it inserts keep
 * the creation times it gives (`created_at`, an audit row's `at`) instead of
 * the database's clock (migration 0018, docs/data-model.md#times-set-by-the-database):
 * the demo data's history, and tests that need a row from another day.
 *
 * The database grants it only to the tables' owner (or a superuser), who
 * could disable the triggers anyway: a single-role database (PGlite, the
 * demo). The server's role in production is never the owner, so there
 * this changes nothing and the rows get the database's time. An audit row
 * still gets its place and hash from the database.
 */
export async function keepGivenTimes(tx: Database): Promise<void> {
  await tx.execute(sql`select set_config('psicocampus.keep_given_times', 'on', true)`);
}
