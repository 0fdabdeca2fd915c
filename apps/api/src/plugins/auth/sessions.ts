import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { isRole, SESSION_TIMINGS, type SessionUser } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { columnPlaceholder, preparedFor } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { AUTH_POLICY } from './auth.policy';
import type { UserRow } from '../users/user.queries';
import type { CachedSession, SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

/** The user as the front end keeps it (docs/data-model.md#local-data `user-data`). */
export function toSessionUser(user: UserRow): SessionUser {
  if (!isRole(user.role)) throw new Error(`user ${user.id} has an unknown role`);
  return {
    id: user.id,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  };
}

/** Opens a session for a user who just signed in; returns the token to send back. */
export async function createSession(
  db: Database,
  userId: string,
  clientAddress: string,
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TIMINGS.absoluteMs),
      clientAddress,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
}

const sessionStatements = preparedFor((db) => ({
  findActive: db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, columnPlaceholder('now', sessions.expiresAt)),
        gt(sessions.lastSeenAt, columnPlaceholder('idleSince', sessions.lastSeenAt)),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_find_active'),
  touch: db
    .update(sessions)
    .set({ lastSeenAt: columnPlaceholder('now', sessions.lastSeenAt) })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_touch'),
}));

/**
 * The session a token opens, if it is still alive: not ended, not idle for
 * `SESSION_TIMINGS.idleMs`, not past its `absoluteMs`, and its user still
 * active. Marks it seen (at most once a minute). With a cache, a session
 * found alive in the last seconds is not looked up again (session-cache.ts
 * says when that holds).
 */
export async function findActiveSession(
  db: Database,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<ActiveSession | null> {
  const statements = sessionStatements(db);
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  // A copy that looks idle or expired is asked about again: another process
  // may have marked the session seen since.
  if (cached && isAlive(cached, now)) {
    if (now.getTime() - cached.lastSeenAt.getTime() > AUTH_POLICY.touchEveryMs) {
      // Set first, so that calls arriving meanwhile do not touch it too.
      cached.lastSeenAt = now;
      await statements.touch.execute({ now, sessionId: cached.sessionId });
    }
    return { sessionId: cached.sessionId, user: cached.user };
  }
  const generation = cache?.generation ?? 0;
  const idleSince = new Date(now.getTime() - SESSION_TIMINGS.idleMs);
  const [row] = await statements.findActive.execute({ tokenHash, now, idleSince });
  if (!row) return null;
  let lastSeenAt = row.session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > AUTH_POLICY.touchEveryMs) {
    await statements.touch.execute({ now, sessionId: row.session.id });
    lastSeenAt = now;
  }
  cache?.remember(tokenHash, generation, {
    sessionId: row.session.id,
    user: row.user,
    lastSeenAt,
    expiresAt: row.session.expiresAt,
    cachedAt: now.getTime(),
  });
  return { sessionId: row.session.id, user: row.user };
}

function isAlive(session: CachedSession, now: Date): boolean {
  return (
    session.expiresAt.getTime() > now.getTime() &&
    session.lastSeenAt.getTime() > now.getTime() - SESSION_TIMINGS.idleMs
  );
}

export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user, but `keepSessionId` if given. */
export async function endUserSessions(
  db: Database,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Deletes sessions that ended (or expired) more than a day ago. */
export async function pruneSessions(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db.delete(sessions).where(or(lt(sessions.endedAt, dayAgo), lt(sessions.expiresAt, dayAgo)));
}
