import { randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  MFA_MSG,
  RECOVERY_CODE_COUNT,
  type MfaLoginStep,
  type MfaPolicy,
} from '@psicocampus/shared/mfa';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  loginAttempts,
  mfaChallenges,
  mfaRecoveryCodes,
  serviceSettings,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../users/user.queries';
import { AUTH_POLICY } from './auth.policy';
import { recordLoginAttempt } from './login-limits';
import { hashToken, newToken } from './tokens';

/**
 * The second factor (docs/sign-in-and-sessions.md#second-factor):
 * TOTP codes of RFC 6238 (SHA-1, 6 digits, 30-second steps, the defaults of
 * every authenticator app) checked by otplib, and single-use recovery codes
 * kept only as argon2id hashes. Nothing here logs a key or a code.
 */

const STEP_SECONDS = 30;

/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'PsicoCampus';

/** A new TOTP key: 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * What a code is for `secret` at `now`, one step of drift either way
 * accepted: right and new (its time step), right but not later than
 * `lastStep` (each code is accepted once: a replay, which is a wait and not
 * a guess), or wrong.
 */
export type CodeCheck = { step: number } | 'replayed' | 'wrong';

export async function checkCode(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<CodeCheck> {
  if (!/^\d{6}$/.test(code)) return 'wrong';
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: STEP_SECONDS,
    });
    if (!result.valid || !('timeStep' in result)) return 'wrong';
    return lastStep !== null && result.timeStep <= lastStep
      ? 'replayed'
      : { step: result.timeStep };
  } catch {
    // A stored key that cannot be read accepts nothing.
    return 'wrong';
  }
}

/** The time step of a right, new code (see checkCode); null otherwise. */
export async function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const check = await checkCode(secret, code, now, lastStep);
  return typeof check === 'object' ? check.step : null;
}

/** Letters and digits nobody misreads (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 'abcde-fghjk': 10 characters of a 31-letter alphabet, about 50 bits. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(31)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** How a typed recovery code is compared: case, spaces and dashes forgiven. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Replaces an account's recovery codes with 10 new ones; returns them, the only time they exist in clear. */
export async function issueRecoveryCodes(
  db: Database,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code))));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  return codes;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.total ?? 0;
}

/** Uses one recovery code; the number left after it, or null when none matches. */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  typed: string,
  now: Date,
): Promise<number | null> {
  const code = normalizeRecoveryCode(typed);
  if (code.length === 0) return null;
  const unused = await db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (await verifyPassword(candidate.codeHash, code)) {
      await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(eq(mfaRecoveryCodes.id, candidate.id));
      return unused.length - 1;
    }
  }
  return null;
}

export type ChallengePurpose = 'verify' | 'enroll';

/** A challenge for the step after the password: returns its token, stored only as a hash. */
export async function issueChallenge(
  db: Database,
  userId: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: hashToken(token),
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_POLICY.mfaChallengeMs),
  });
  return token;
}

export type LiveChallenge = typeof mfaChallenges.$inferSelect;

/** The unused, unexpired challenge of a token and purpose, locked for this transaction, or null. */
export async function findLiveChallenge(
  db: Database,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<LiveChallenge | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        eq(mfaChallenges.purpose, purpose),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countChallengeFailure(db: Database, challengeId: string): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ failures: sql`${mfaChallenges.failures} + 1` })
    .where(eq(mfaChallenges.id, challengeId));
}

export async function useChallenge(db: Database, challengeId: string, now: Date): Promise<void> {
  await db.update(mfaChallenges).set({ usedAt: now }).where(eq(mfaChallenges.id, challengeId));
}

export async function pruneChallenges(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - AUTH_POLICY.attemptRetentionMs);
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, dayAgo));
}

/** One code check at a time per account, across processes: replay and limits are exact. */
export async function lockSecondFactor(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mfa:${userId}`}))`);
}

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

const secondsUntil = (moment: number, now: Date) =>
  Math.max(1, Math.ceil((moment - now.getTime()) / 1000));

/**
 * The 429 for an account that has had `maxCodeFailuresPerAccount` wrong
 * codes in 15 minutes, or for a challenge that has had
 * `maxCodeFailuresPerChallenge`; otherwise null. Failures are kept in
 * `login_attempts` (kind 'mfa') like the sign-in's, so they hold across
 * server processes.
 */
export async function codeLimitFor(
  db: Database,
  user: UserRow,
  challenge: LiveChallenge | null,
  now: Date,
): Promise<HttpError | null> {
  if (challenge && challenge.failures >= AUTH_POLICY.maxCodeFailuresPerChallenge) {
    return tooMany(MFA_MSG.tooManyForChallenge, secondsUntil(challenge.expiresAt.getTime(), now));
  }
  const since = new Date(now.getTime() - AUTH_POLICY.failureWindowMs);
  const [failures] = await db
    .select({ total: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, 'mfa'),
        eq(loginAttempts.email, user.email.toLowerCase()),
        eq(loginAttempts.outcome, 'failure'),
        gt(loginAttempts.at, since),
      ),
    );
  if (!failures || failures.total < AUTH_POLICY.maxCodeFailuresPerAccount) return null;
  const oldest = failures.oldest ? new Date(failures.oldest).getTime() : now.getTime();
  const retryAfter = secondsUntil(oldest + AUTH_POLICY.failureWindowMs, now);
  return tooMany(MFA_MSG.tooManyCodes(Math.ceil(retryAfter / 60)), retryAfter);
}

/** A code check of an account, counted by the limits (and by its address's). */
export function recordCodeAttempt(
  db: Database,
  attempt: { email: string; clientAddress: string; outcome: 'success' | 'failure' | 'blocked' },
  now: Date,
): Promise<void> {
  return recordLoginAttempt(db, {
    kind: 'mfa',
    email: attempt.email.toLowerCase(),
    clientAddress: attempt.clientAddress,
    outcome: attempt.outcome,
    at: now,
  });
}

/** The service's policy: administrators by configuration, psychologists by the setting. */
export async function mfaPolicy(db: Database, config: AppConfig): Promise<MfaPolicy> {
  const [row] = await db
    .select({ psychologists: serviceSettings.mfaRequiredForPsychologists })
    .from(serviceSettings)
    .where(eq(serviceSettings.id, 1));
  return {
    adminsRequired: config.mfaRequiredForAdmins,
    psychologistsRequired: row?.psychologists ?? false,
  };
}

export function requiredFor(policy: MfaPolicy, role: string): boolean {
  return role === 'ADMIN' ? policy.adminsRequired : policy.psychologistsRequired;
}

export async function setPsychologistsRequired(
  db: Database,
  required: boolean,
  adminId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(serviceSettings)
    .values({ id: 1, mfaRequiredForPsychologists: required, updatedAt: now, updatedBy: adminId })
    .onConflictDoUpdate({
      target: serviceSettings.id,
      set: { mfaRequiredForPsychologists: required, updatedAt: now, updatedBy: adminId },
    });
}

/**
 * What the sign-in answers after a correct password: a code step for an
 * account with a second factor, an enrolment step for one the policy
 * requires and has none, or null (a session, as without a second factor).
 */
export async function secondFactorStep(
  db: Database,
  config: AppConfig,
  user: UserRow,
  now: Date,
): Promise<MfaLoginStep | null> {
  if (user.mfaSecret) {
    return {
      ok: true,
      mfaRequired: true,
      challenge: await issueChallenge(db, user.id, 'verify', now),
    };
  }
  if (!requiredFor(await mfaPolicy(db, config), user.role)) return null;
  return {
    ok: true,
    mfaEnrollmentRequired: true,
    challenge: await issueChallenge(db, user.id, 'enroll', now),
  };
}

/** Removes an account's second factor entirely (its own disabling, an administrator's reset). */
export async function clearSecondFactor(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}
