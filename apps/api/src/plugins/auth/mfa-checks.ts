import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG, type AuditAction } from '@psicocampus/shared/domain';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { TotpKeyUnreadableError } from '../../security/totp-keys';
import { findUserById, type UserRow } from '../users/user.queries';
import { requireCurrentPassword } from './current-password';
import { addressLimitFor } from './login-limits';
import {
  checkCode,
  codeLimitFor,
  countChallengeFailure,
  findLiveChallenge,
  recordCodeAttempt,
  useChallenge,
  type LiveChallenge,
} from './second-factor';
import { createSession, findActiveSession, toSessionUser } from './sessions';

/** Public (a challenge is the proof), audited; the record is the account concerned. */
export const publicAudited = (action: AuditAction) => ({
  config: { public: true, audit: { action, record: 'user' as const } },
});
export const audited = (action: AuditAction) => ({
  config: { audit: { action, record: 'user' as const } },
});

const MAX_TOKEN_LENGTH = 200;

/** Whose second factor a call concerns: a challenge's account, or the session's. */
export interface Subject {
  user: UserRow;
  challenge: LiveChallenge | null;
  /** The session a voluntary call comes with (the others of the account end on a reset). */
  sessionId: string | null;
}

export function wrongCode(message: string = MFA_MSG.codeWrong): RecordedRefusal {
  return new RecordedRefusal(400, message, [{ field: 'code', msg: message }]);
}

/** A right code used once already: answered as such, and never counted as a wrong guess. */
export function codeAlreadyUsed(): HttpError {
  return new HttpError(400, MFA_MSG.codeAlreadyUsed, [
    { field: 'code', msg: MFA_MSG.codeAlreadyUsed },
  ]);
}

/** The address's limit first (counted as a call of kind 'mfa'), for the calls that take a challenge. */
export async function admitAddress(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  const limited = await addressLimitFor(db, 'mfa', request.ip, now);
  if (!limited) return;
  await recordCodeAttempt(db, { email: '', clientAddress: request.ip, outcome: 'blocked' }, now);
  throw RecordedRefusal.from(limited);
}

/**
 * The account of a challenge (forced enrolment, code step) or of the
 * session in `x-token` (the profile): 401 when neither is alive.
 */
export async function subjectOf(
  db: Database,
  request: FastifyRequest,
  challengeToken: string | undefined,
  purpose: 'verify' | 'enroll',
  now: Date,
): Promise<Subject> {
  if (challengeToken) {
    await admitAddress(db, request, now);
    const challenge = await findLiveChallenge(db, challengeToken, purpose, now);
    const user = challenge ? await findUserById(db, challenge.userId) : null;
    if (!challenge || !user) {
      await recordCodeAttempt(
        db,
        { email: '', clientAddress: request.ip, outcome: 'failure' },
        now,
      );
      throw new RecordedRefusal(401, MFA_MSG.challengeExpired);
    }
    request.auditRecordId = user.id;
    if (!user.active) throw new RecordedRefusal(403, MSG.auth.accountDisabled);
    request.auditActor = { id: user.id, role: toSessionUser(user).role };
    return { user, challenge, sessionId: null };
  }
  const token = request.headers['x-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw new HttpError(401, MSG.api.unauthorized);
  }
  const active = await findActiveSession(db, token, now);
  if (!active) throw new HttpError(401, MSG.api.unauthorized);
  request.auth = { user: toSessionUser(active.user), sessionId: active.sessionId };
  request.auditRecordId = active.user.id;
  return { user: active.user, challenge: null, sessionId: active.sessionId };
}

/**
 * The account's TOTP key as its app holds it. One this server cannot open
 * (sealed under another MFA_ENCRYPTION_KEY, or altered in the database) is
 * the operator's to mend, not the person's wrong code: 503, and a log line.
 */
export function totpKeyOf(
  ctx: AppContext,
  stored: string,
  userId: string,
  request: FastifyRequest,
): string {
  try {
    return ctx.totpKeys.open(stored, userId);
  } catch (error) {
    if (!(error instanceof TotpKeyUnreadableError)) throw error;
    request.log.error({ userId }, error.message);
    throw new HttpError(503, MFA_MSG.keyUnreadable);
  }
}

/** The limits of code checks: the challenge's wrong codes, the account's in 15 minutes. */
export async function admitCode(
  db: Database,
  subject: Subject,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  const limited = await codeLimitFor(db, subject.user, subject.challenge, now);
  if (!limited) return;
  await recordCodeAttempt(
    db,
    { email: subject.user.email, clientAddress: request.ip, outcome: 'blocked' },
    now,
  );
  throw RecordedRefusal.from(limited);
}

/** A wrong code: counted for the challenge and the account, then refused. */
export async function countFailure(
  db: Database,
  subject: Subject,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  if (subject.challenge) await countChallengeFailure(db, subject.challenge.id);
  await recordCodeAttempt(
    db,
    { email: subject.user.email, clientAddress: request.ip, outcome: 'failure' },
    now,
  );
}

/** The account's current password, typed again for a change a session alone must not make. */
export async function requirePasswordOf(
  db: Database,
  user: UserRow,
  password: string | undefined,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  if (!password) {
    throw new HttpError(400, MSG.auth.currentPasswordRequired, [
      { field: 'password', msg: MSG.auth.currentPasswordRequired },
    ]);
  }
  await requireCurrentPassword(db, {
    user,
    password,
    field: 'password',
    clientAddress: request.ip,
    now,
  });
}

/**
 * A signed-in user's fresh proof of who they are, for a change a session
 * alone must not make (ASVS V3.7.1): the current password, then, when the
 * account has a second factor, a current code of its app. Each wrong one
 * counts under the limits of its kind (the sign-in's, the codes'), and a
 * right code is used up like a sign-in's.
 */
export async function requireFreshProof(
  ctx: AppContext,
  user: UserRow,
  proof: { password?: string; code?: string },
  subject: Subject,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  const { db } = ctx;
  await requirePasswordOf(db, user, proof.password, request, now);
  if (!user.mfaSecret) return;
  if (!proof.code) {
    throw new HttpError(400, MFA_MSG.codeRequired, [{ field: 'code', msg: MFA_MSG.codeRequired }]);
  }
  await admitCode(db, subject, request, now);
  const check = await checkCode(
    totpKeyOf(ctx, user.mfaSecret, user.id, request),
    proof.code,
    now,
    user.mfaLastStep ?? null,
  );
  if (check === 'replayed') throw codeAlreadyUsed();
  if (check === 'wrong') {
    await countFailure(db, subject, request, now);
    throw wrongCode();
  }
  await db.update(users).set({ mfaLastStep: check.step }).where(eq(users.id, user.id));
}

/** Opens the session a challenge was the last step to, as the sign-in answers it. */
export async function signIn(
  ctx: AppContext,
  subject: Subject & { challenge: LiveChallenge },
  request: FastifyRequest,
) {
  const { db } = ctx;
  const now = ctx.now();
  await useChallenge(db, subject.challenge.id, now);
  await recordCodeAttempt(
    db,
    { email: subject.user.email, clientAddress: request.ip, outcome: 'success' },
    now,
  );
  const { token } = await createSession(db, subject.user.id, request.ip, now);
  return {
    ok: true as const,
    token,
    user: toSessionUser(subject.user),
    msg: MSG.auth.welcomeText,
  };
}
