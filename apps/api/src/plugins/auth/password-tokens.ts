import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordTokens } from '../../db/schema';
import { AUTH_POLICY } from './auth.policy';
import { hashToken, newToken } from './tokens';

export type PasswordTokenPurpose = 'reset' | 'invite';

/**
 * The address a mail carries for a token: always PUBLIC_URL, never anything
 * taken from a request. The reset-password view serves both purposes.
 */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

/**
 * Issues a single-use link token for a user and voids every older one, so
 * only the newest link works (docs/sign-in-and-sessions.md#password-recovery).
 */
export async function issuePasswordToken(
  db: Database,
  userId: string,
  purpose: PasswordTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  const lifetime = purpose === 'invite' ? AUTH_POLICY.inviteTokenMs : AUTH_POLICY.resetTokenMs;
  await db.transaction(async (tx) => {
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
    await tx.insert(passwordTokens).values({
      userId,
      tokenHash: hashToken(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetime),
    });
  });
  return token;
}

/** How many recovery links a user got recently (to stop mail floods). */
export async function recentResetTokens(db: Database, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - AUTH_POLICY.failureWindowMs);
  const [row] = await db
    .select({ total: count() })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, 'reset'),
        gt(passwordTokens.createdAt, since),
      ),
    );
  return row?.total ?? 0;
}

/** The live token a link carries (unused, unexpired), or null. */
export async function findLiveToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a live token used, atomically: of two requests racing with the
 * same link, only one gets the row back.
 */
export async function consumeToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
