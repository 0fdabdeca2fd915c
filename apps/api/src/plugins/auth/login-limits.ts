import { and, count, eq, gt, lt, lte, max, min, ne, or } from 'drizzle-orm';
import { isStorableText, MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { AUTH_POLICY, throttleMs } from './auth.policy';

/**
 * 'success', 'failure' (wrong or unknown credentials, or a body that could
 * not be read) or 'blocked' (refused by a limit). For the recovery calls,
 * 'success' means the call was let through to be answered.
 */
export type LoginOutcome = 'success' | 'failure' | 'blocked';

/** The unauthenticated calls limited per address (`login_attempts.kind`). */
export type LimitedCall =
  'login' | 'forgot-password' | 'reset-check' | 'reset' | 'calendar-feed' | 'mfa';

/**
 * How many calls of each kind one address may make in a window. The login's
 * are those of docs/sign-in-and-sessions.md#brute-force-limits; the recovery calls are limited like it: each
 * one costs the server work (a reset hashes a password with argon2, a
 * forgot-password may send a mail), and none is made more than a few times
 * by a person. The recovery links themselves are 256-bit tokens; these
 * limits are about load and mail, not guessing.
 */
export const ADDRESS_LIMITS: Record<LimitedCall, { max: number; windowMs: number }> = {
  login: { max: AUTH_POLICY.maxCallsPerAddress, windowMs: AUTH_POLICY.addressWindowMs },
  'forgot-password': { max: 10, windowMs: 60_000 },
  'reset-check': { max: 30, windowMs: 60_000 },
  reset: { max: 10, windowMs: 60_000 },
  // A calendar program fetches a feed every few minutes at most; many
  // psychologists' programs may share one address (a calendar provider's).
  'calendar-feed': { max: 120, windowMs: 60_000 },
  // Codes after a correct password, like the sign-in itself.
  mfa: { max: AUTH_POLICY.maxCallsPerAddress, windowMs: AUTH_POLICY.addressWindowMs },
};

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
 * The 429 (with `Retry-After`) for a call of `kind` from an address that
 * has used up its calls of that kind in the window, or null. Counted in the
 * database, so that it holds across server processes.
 */
export async function addressLimitFor(
  db: Database,
  kind: LimitedCall,
  clientAddress: string,
  now: Date,
): Promise<HttpError | null> {
  const { max: allowed, windowMs } = ADDRESS_LIMITS[kind];
  const since = new Date(now.getTime() - windowMs);
  const [calls] = await db
    .select({ total: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, kind),
        eq(loginAttempts.clientAddress, clientAddress),
        gt(loginAttempts.at, since),
      ),
    );
  if (!calls || calls.total < allowed) return null;
  const oldest = asDate(calls.oldest) ?? now;
  return tooMany(
    MSG.auth.tooManyRequests,
    secondsUntil(new Date(oldest.getTime() + windowMs), now),
  );
}

/** An e-mail's failed sign-ins within the window (each counted since the last success that concerns it). */
export interface EmailFailures {
  /** From anywhere, since the account's last success. */
  total: number;
  /** How many addresses those came from. */
  addresses: number;
  latest: Date | null;
  /** From the caller's address, since the last success from there. */
  here: { total: number; oldest: Date | null };
}

/** The latest successful sign-in of `email` in the window, from `clientAddress` when given. */
/**
 * The account's last success in the window up to `now`: a count asked for a
 * moment (an alert prepared after the answer) ignores what came after it.
 */
async function lastSuccess(
  db: Database,
  email: string,
  window: { start: Date; end: Date },
  clientAddress?: string,
) {
  const [success] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, 'login'),
        eq(loginAttempts.email, email),
        eq(loginAttempts.outcome, 'success'),
        clientAddress === undefined ? undefined : eq(loginAttempts.clientAddress, clientAddress),
        gt(loginAttempts.at, window.start),
        lte(loginAttempts.at, window.end),
      ),
    );
  return asDate(success?.at ?? null) ?? window.start;
}

export async function emailFailures(
  db: Database,
  email: string,
  clientAddress: string,
  now: Date,
): Promise<EmailFailures> {
  const window = { start: new Date(now.getTime() - AUTH_POLICY.failureWindowMs), end: now };
  const failuresSince = (since: Date) =>
    and(
      eq(loginAttempts.kind, 'login'),
      eq(loginAttempts.email, email),
      eq(loginAttempts.outcome, 'failure'),
      gt(loginAttempts.at, since),
      lte(loginAttempts.at, now),
    );
  // One row per address: as many as there are places the failures came from.
  const byAddress = await db
    .select({ total: count(), latest: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(failuresSince(await lastSuccess(db, email, window)))
    .groupBy(loginAttempts.clientAddress);
  const [here] = await db
    .select({ total: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(
      and(
        failuresSince(await lastSuccess(db, email, window, clientAddress)),
        eq(loginAttempts.clientAddress, clientAddress),
      ),
    );
  const latest = byAddress.reduce<Date | null>((last, row) => {
    const at = asDate(row.latest);
    return at && (!last || at > last) ? at : last;
  }, null);
  return {
    total: byAddress.reduce((sum, row) => sum + row.total, 0),
    addresses: byAddress.length,
    latest,
    here: { total: here?.total ?? 0, oldest: asDate(here?.oldest ?? null) },
  };
}

/** Whether the account signed in from this address recently: its owner's place. */
async function isKnownAddress(db: Database, email: string, clientAddress: string, now: Date) {
  const [known] = await db
    .select({ total: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, 'login'),
        eq(loginAttempts.email, email),
        eq(loginAttempts.clientAddress, clientAddress),
        eq(loginAttempts.outcome, 'success'),
        gt(loginAttempts.at, new Date(now.getTime() - AUTH_POLICY.knownAddressMs)),
      ),
    );
  return (known?.total ?? 0) > 0;
}

/**
 * The brute-force limits of docs/sign-in-and-sessions.md#brute-force-limits,
 * counted in the database so that they hold across server processes:
 * - the 31st login call from one address within a minute;
 * - the 6th failure for one e-mail from one address within 15 minutes (since
 *   its last success): that address waits out the window;
 * - after 5 failures for one e-mail from anywhere, a try from an address the
 *   account has not signed in from waits `throttleMs` after the last failure.
 *   Slowed, never locked: six calls from six places cannot keep the owner out.
 * Each is answered 429 with `Retry-After`; the password is not checked.
 */
export async function loginLimitFor(
  db: Database,
  email: string,
  clientAddress: string,
  now: Date,
): Promise<HttpError | null> {
  const byAddress = await addressLimitFor(db, 'login', clientAddress, now);
  if (byAddress) return byAddress;

  const failures = await emailFailures(db, email, clientAddress, now);
  if (failures.here.total >= AUTH_POLICY.maxFailuresPerEmailAndAddress) {
    const oldest = failures.here.oldest ?? now;
    const retryAfter = secondsUntil(new Date(oldest.getTime() + AUTH_POLICY.failureWindowMs), now);
    return tooMany(MSG.auth.tooManyFailures(Math.ceil(retryAfter / 60)), retryAfter);
  }
  if (failures.total < AUTH_POLICY.maxFailuresPerEmail || !failures.latest) return null;
  const readyAt = new Date(failures.latest.getTime() + throttleMs(failures.total));
  if (readyAt <= now || (await isKnownAddress(db, email, clientAddress, now))) return null;
  const retryAfter = secondsUntil(readyAt, now);
  return tooMany(MSG.auth.accountThrottled(retryAfter), retryAfter);
}

/** One call counted by the limits; a sign-in ('login') unless `kind` says otherwise. */
export async function recordLoginAttempt(
  db: Database,
  attempt: {
    kind?: LimitedCall;
    email: string;
    clientAddress: string;
    outcome: LoginOutcome;
    at: Date;
  },
): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/**
 * Counts a call against its address's limit and returns the 429 it gets, or
 * null (counted as 'blocked' when refused: an address that keeps calling
 * stays refused). A recovery call let through counts as a 'success'; a
 * sign-in that could not be read, as a 'failure' (of the e-mail it names,
 * if any: '' when the body has none).
 */
export async function admitCall(
  db: Database,
  call: { kind: LimitedCall; email: string; clientAddress: string; at: Date },
  admitted: LoginOutcome = 'success',
): Promise<HttpError | null> {
  const limited = await addressLimitFor(db, call.kind, call.clientAddress, call.at);
  await recordLoginAttempt(db, { ...call, outcome: limited ? 'blocked' : admitted });
  return limited;
}

/**
 * `admitCall` for a call that names no e-mail (a link's check or use): the
 * request's address is all that is counted.
 */
export function admitFromAddress(
  db: Database,
  kind: LimitedCall,
  request: { ip: string },
  at: Date,
): Promise<HttpError | null> {
  return admitCall(db, { kind, email: '', clientAddress: request.ip, at });
}

/**
 * The e-mail of a body that may be of any shape, lower-cased, or '' when it
 * has none the database could store (NUL, half a surrogate pair).
 */
export function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return '';
  const readable = email.trim().toLowerCase().slice(0, 254);
  return isStorableText(readable) ? readable : '';
}

/** Old attempts are of no use; a sign-in's success is kept while it makes its address known. */
export async function pruneLoginAttempts(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - AUTH_POLICY.attemptRetentionMs);
  const knownSince = new Date(now.getTime() - AUTH_POLICY.knownAddressMs);
  await db
    .delete(loginAttempts)
    .where(
      or(
        lt(loginAttempts.at, knownSince),
        and(
          lt(loginAttempts.at, before),
          or(ne(loginAttempts.kind, 'login'), ne(loginAttempts.outcome, 'success')),
        ),
      ),
    );
}

/**
 * Runs the rest of a handler whose call has been counted by a limit, so that
 * any refusal keeps the count: inside an audited write, a plain refusal would
 * roll the counted call back with everything else.
 */
export async function keepingTheCount<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && !(error instanceof RecordedRefusal)) {
      throw RecordedRefusal.from(error);
    }
    throw error;
  }
}
