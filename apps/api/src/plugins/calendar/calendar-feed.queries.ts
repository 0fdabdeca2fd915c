import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export async function findFeedOf(
  db: Database,
  psychologistId: string,
): Promise<CalendarFeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.psychologistId, psychologistId));
  return row ?? null;
}

/** Creates the psychologist's feed, or replaces its token (the old URL stops working at once). */
export async function saveFeed(
  db: Database,
  values: { psychologistId: string; tokenHash: string; showNames: boolean; now: Date },
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: calendarFeeds.psychologistId,
      set: { tokenHash: values.tokenHash, showNames: values.showNames, updatedAt: values.now },
    });
}

export async function updateFeedShowNames(
  db: Database,
  psychologistId: string,
  showNames: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(calendarFeeds)
    .set({ showNames, updatedAt: now })
    .where(eq(calendarFeeds.psychologistId, psychologistId))
    .returning({ id: calendarFeeds.psychologistId });
  return rows.length > 0;
}

export async function deleteFeed(db: Database, psychologistId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.psychologistId, psychologistId))
    .returning({ id: calendarFeeds.psychologistId });
  return rows.length > 0;
}

/**
 * The feed a token opens: only an active psychologist's. A deactivated
 * account's link shows nothing, as its sessions do.
 */
export async function findFeedByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<{ psychologistId: string; showNames: boolean } | null> {
  const [row] = await db
    .select({ psychologistId: calendarFeeds.psychologistId, showNames: calendarFeeds.showNames })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.psychologistId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, tokenHash),
        eq(users.active, true),
        eq(users.role, 'PSYCHOLOGIST'),
      ),
    );
  return row ?? null;
}
