import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { AUTH_POLICY } from './auth.policy';

export type LoginOutcome = 'success' | 'failure' | 'blocked';

/** Drivers differ: PGlite gives a Date for min(), node-postgres may give a string. */
function asDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

function secondsUntil(moment: Date, now: Date): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * The brute-force limits of PRODUCT §3, counted in the database so that they
 * hold across server processes: the 31st login call from one address within
 * a minute, and the 6th failure for one e-mail within 15 minutes (since its
 * last success), are refused with 429 and `Retry-After`.
 */
export async function loginLimitFor(
  db: Database,
  email: string,
  clientAddress: string,
  now: Date,
): Promise<HttpError | null> {
  const addressSince = new Date(now.getTime() - AUTH_POLICY.addressWindowMs);
  const [calls] = await db
    .select({ total: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clientAddress, clientAddress), gt(loginAttempts.at, addressSince)));
  if (calls && calls.total >= AUTH_POLICY.maxCallsPerAddress) {
    const oldest = asDate(calls.oldest) ?? now;
    return tooMany(
      MSG.auth.tooManyRequests,
      secondsUntil(new Date(oldest.getTime() + AUTH_POLICY.addressWindowMs), now),
    );
  }

  const windowStart = new Date(now.getTime() - AUTH_POLICY.failureWindowMs);
  const [success] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.outcome, 'success'),
        gt(loginAttempts.at, windowStart),
      ),
    );
  const since = asDate(success?.at ?? null) ?? windowStart;
  const [failures] = await db
    .select({ total: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.outcome, 'failure'),
        gt(loginAttempts.at, since),
      ),
    );
  if (failures && failures.total >= AUTH_POLICY.maxFailuresPerEmail) {
    const oldest = asDate(failures.oldest) ?? now;
    const retryAfter = secondsUntil(new Date(oldest.getTime() + AUTH_POLICY.failureWindowMs), now);
    return tooMany(MSG.auth.tooManyFailures(Math.ceil(retryAfter / 60)), retryAfter);
  }
  return null;
}

export async function recordLoginAttempt(
  db: Database,
  attempt: { email: string; clientAddress: string; outcome: LoginOutcome; at: Date },
): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

export async function pruneLoginAttempts(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - AUTH_POLICY.attemptRetentionMs);
  await db.delete(loginAttempts).where(lt(loginAttempts.at, before));
}
