import { sql } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { RecordedRefusal } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../users/user.queries';
import { loginLimitFor, recordLoginAttempt } from './login-limits';

/**
 * Checks the password a signed-in user typed to confirm a sensitive change
 * of their own account (its e-mail, its password). A session alone is not
 * enough for those (docs/decisions.md#e-mail-changes-and-assignments): whoever finds a session open on a shared
 * computer must not be able to move the account to a mailbox they read.
 *
 * Each wrong password counts as a failed sign-in of the account, under the
 * login's own limits (docs/sign-in-and-sessions.md#brute-force-limits): otherwise a stolen session would be an
 * oracle to guess the password with, without limit. The refusals are
 * `RecordedRefusal`s so that the failure is committed with the request's
 * audit row rather than rolled back with the rest of it.
 *
 * Wrong: 400 with the error on `field`, as the password-change form shows
 * it; over the limit: 429 with `Retry-After`, as the login answers.
 */
export async function requireCurrentPassword(
  db: Database,
  check: { user: UserRow; password: string; field: string; clientAddress: string; now: Date },
): Promise<void> {
  const { user, password, field, clientAddress, now } = check;
  const email = user.email.toLowerCase();
  // The login's lock: a login and this check of one account count in turn.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
  const limited = await loginLimitFor(db, email, clientAddress, now);
  if (limited) {
    await recordLoginAttempt(db, { email, clientAddress, outcome: 'blocked', at: now });
    throw RecordedRefusal.from(limited);
  }
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) return;
  await recordLoginAttempt(db, { email, clientAddress, outcome: 'failure', at: now });
  throw new RecordedRefusal(400, MSG.auth.currentPasswordWrong, [
    { field, msg: MSG.auth.currentPasswordWrong },
  ]);
}
