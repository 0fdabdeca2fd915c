import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { emailChanges, passwordTokens, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import { userEmailTaken } from '../staff/staff.queries';
import { findUserById, type UserRow } from '../users/user.queries';
import { issuePasswordToken } from './password-tokens';
import { endUserSessions } from './sessions';
import { hashToken, newToken } from './tokens';

/**
 * A change of an account's e-mail (docs/decisions.md#e-mail-changes-and-assignments). Whoever asks for it (the
 * owner, or an administrator), the account keeps its address until the new
 * one confirms through a link mailed there, and the old address is told
 * both when it is asked for and when it happens. Without this, whoever could
 * edit an address could send the account's reset link to a mailbox they
 * read: an account takeover that the owner would learn of too late.
 */

/** A confirmation link lives a day: long enough to be read, short enough to be of little use to a thief. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

/** The address a confirmation mail carries: PUBLIC_URL, never anything taken from a request. */
export function emailConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email/${token}`;
}

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** Not confirmed, not replaced, not expired. */
const live = (now: Date) =>
  and(
    isNull(emailChanges.confirmedAt),
    isNull(emailChanges.voidedAt),
    gt(emailChanges.expiresAt, now),
  );

/**
 * Records a requested change and returns the link's token (only its SHA-256
 * is stored). Every older pending change of the account is voided: only the
 * newest link works.
 */
export async function requestEmailChange(
  db: Database,
  change: { userId: string; newEmail: string; requestedById: string; now: Date },
): Promise<string> {
  const { userId, newEmail, requestedById, now } = change;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ voidedAt: now })
      .where(
        and(
          eq(emailChanges.userId, userId),
          isNull(emailChanges.confirmedAt),
          isNull(emailChanges.voidedAt),
        ),
      );
    await tx.insert(emailChanges).values({
      userId,
      newEmail,
      requestedById,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
    });
  });
  return token;
}

/** The address an account is moving to, while its link is live; null otherwise. */
export async function pendingEmailOf(
  db: Database,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), live(now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** The live change a link carries, or null (the link check: it spends nothing). */
export async function findLiveEmailChange(
  db: Database,
  token: string,
  now: Date,
): Promise<EmailChangeRow | null> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, hashToken(token)), live(now)))
    .limit(1);
  return row ?? null;
}

export interface ConfirmedEmailChange {
  /** The account as it was before: its `email` is the old address, to be told. */
  before: UserRow;
  newEmail: string;
  /**
   * A new invitation for an account whose owner has not chosen a password
   * yet: the first one went to the old address, and stops working now.
   */
  invitationToken: string | null;
}

const linkInvalid = () => new HttpError(400, MSG.emailChange.linkInvalid);
const emailTaken = () => new HttpError(409, MSG.emailChange.emailTaken);

/**
 * Applies the change a link carries, once: the address changes, every
 * session of the account ends (as after a password change) and every
 * password link sent to the old address stops working. The claim is one
 * UPDATE, so of two confirmations racing with the same link only one gets
 * the row. Meant to run in one transaction (the audited request's): a
 * refusal after the claim rolls it back and the link stays usable.
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  now: Date,
): Promise<ConfirmedEmailChange> {
  const [change] = await db
    .update(emailChanges)
    .set({ confirmedAt: now })
    .where(and(eq(emailChanges.tokenHash, hashToken(token)), live(now)))
    .returning();
  const before = change ? await findUserById(db, change.userId) : null;
  // A deactivated account moves nowhere: it is reactivated first, like a reset link.
  if (!change || !before?.active) throw linkInvalid();
  if (await userEmailTaken(db, change.newEmail, before.id)) throw emailTaken();
  await db
    .update(users)
    .set({ email: change.newEmail, updatedAt: now })
    .where(eq(users.id, before.id))
    .catch((error: unknown) => {
      // Taken between the check and the update: the unique index decides.
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  await endUserSessions(db, before.id, now);
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, before.id), isNull(passwordTokens.usedAt)));
  const invitationToken = before.passwordHash
    ? null
    : await issuePasswordToken(db, before.id, 'invite', now);
  return { before, newEmail: change.newEmail, invitationToken };
}
