import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The key of the staff lock. Above the int4 range on purpose: the login
 * locks key on `hashtext(...)`, an int4, so the two can never meet.
 */
const STAFF_LOCK_KEY = 7_271_500_020_001;

/**
 * Serializes, across every server process, the changes that decide who is
 * an active administrator or psychologist, until the transaction ends.
 *
 * 'exclusive' for account changes (role, deactivation): two administrators
 * deactivating each other at the same moment would otherwise both see the
 * other still active and leave the service with none. 'shared' for student
 * assignments: they may run side by side, but never while the psychologist
 * they check is being deactivated or made an administrator.
 */
export async function lockStaff(tx: Database, mode: 'exclusive' | 'shared'): Promise<void> {
  await (mode === 'exclusive'
    ? tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK_KEY}::bigint)`)
    : tx.execute(sql`select pg_advisory_xact_lock_shared(${STAFF_LOCK_KEY}::bigint)`));
}
