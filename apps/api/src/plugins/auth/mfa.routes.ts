import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { fullName, MSG, type AuditAction } from '@psicocampus/shared/domain';
import {
  MFA_MSG,
  mfaConfirmSchema,
  mfaDisableSchema,
  mfaEnrollSchema,
  mfaLoginSchema,
  mfaPolicySchema,
  mfaResetSchema,
} from '@psicocampus/shared/mfa';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { TotpKeyUnreadableError } from '../../security/totp-keys';
import { mfaResetMail } from '../../mail/templates';
import { findUserById, type UserRow } from '../users/user.queries';
import { userNotFound } from '../users/user-accounts';
import { adminOnly, signedIn } from './authenticate';
import { requireCurrentPassword } from './current-password';
import { addressLimitFor, keepingTheCount } from './login-limits';
import {
  acceptedStep,
  checkCode,
  clearSecondFactor,
  codeLimitFor,
  countChallengeFailure,
  findLiveChallenge,
  issueRecoveryCodes,
  lockSecondFactor,
  mfaPolicy,
  newTotpSecret,
  otpauthUrl,
  recordCodeAttempt,
  recoveryCodesLeft,
  requiredFor,
  setPsychologistsRequired,
  useChallenge,
  useRecoveryCode,
  type LiveChallenge,
} from './second-factor';
import { createSession, endUserSessions, findActiveSession, toSessionUser } from './sessions';

/** Public (a challenge is the proof), audited; the record is the account concerned. */
const publicAudited = (action: AuditAction) => ({
  config: { public: true, audit: { action, record: 'user' as const } },
});
const audited = (action: AuditAction) => ({
  config: { audit: { action, record: 'user' as const } },
});

const MAX_TOKEN_LENGTH = 200;

/** Whose second factor a call concerns: a challenge's account, or the session's. */
interface Subject {
  user: UserRow;
  challenge: LiveChallenge | null;
  /** The session a voluntary call comes with (the others of the account end on a reset). */
  sessionId: string | null;
}

function wrongCode(message: string = MFA_MSG.codeWrong): RecordedRefusal {
  return new RecordedRefusal(400, message, [{ field: 'code', msg: message }]);
}

/** A right code used once already: answered as such, and never counted as a wrong guess. */
function codeAlreadyUsed(): HttpError {
  return new HttpError(400, MFA_MSG.codeAlreadyUsed, [
    { field: 'code', msg: MFA_MSG.codeAlreadyUsed },
  ]);
}

/**
 * The second factor's calls (docs/sign-in-and-sessions.md#second-factor):
 * the code step of a sign-in, enrolment (forced by a challenge, or from
 * the profile with a session), disabling, an administrator's reset and the
 * service's policy. Every refusal that counts toward a limit is a
 * RecordedRefusal: it commits its count with its audit row.
 */
export async function mfaRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db, config } = ctx;

  /** The address's limit first (counted as a call of kind 'mfa'), for the calls that take a challenge. */
  async function admitAddress(request: FastifyRequest, now: Date): Promise<void> {
    const limited = await addressLimitFor(db, 'mfa', request.ip, now);
    if (!limited) return;
    await recordCodeAttempt(db, { email: '', clientAddress: request.ip, outcome: 'blocked' }, now);
    throw RecordedRefusal.from(limited);
  }

  /**
   * The account of a challenge (forced enrolment, code step) or of the
   * session in `x-token` (the profile): 401 when neither is alive.
   */
  async function subjectOf(
    request: FastifyRequest,
    challengeToken: string | undefined,
    purpose: 'verify' | 'enroll',
    now: Date,
  ): Promise<Subject> {
    if (challengeToken) {
      await admitAddress(request, now);
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
  function totpKeyOf(stored: string, userId: string, request: FastifyRequest): string {
    try {
      return ctx.totpKeys.open(stored, userId);
    } catch (error) {
      if (!(error instanceof TotpKeyUnreadableError)) throw error;
      request.log.error({ userId }, error.message);
      throw new HttpError(503, MFA_MSG.keyUnreadable);
    }
  }

  /** The limits of code checks: the challenge's wrong codes, the account's in 15 minutes. */
  async function admitCode(subject: Subject, request: FastifyRequest, now: Date): Promise<void> {
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
  async function countFailure(subject: Subject, request: FastifyRequest, now: Date) {
    if (subject.challenge) await countChallengeFailure(db, subject.challenge.id);
    await recordCodeAttempt(
      db,
      { email: subject.user.email, clientAddress: request.ip, outcome: 'failure' },
      now,
    );
  }

  /** The account's current password, typed again for a change a session alone must not make. */
  async function requirePasswordOf(
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
  async function requireFreshProof(
    user: UserRow,
    proof: { password?: string; code?: string },
    subject: Subject,
    request: FastifyRequest,
    now: Date,
  ): Promise<void> {
    await requirePasswordOf(user, proof.password, request, now);
    if (!user.mfaSecret) return;
    if (!proof.code) {
      throw new HttpError(400, MFA_MSG.codeRequired, [
        { field: 'code', msg: MFA_MSG.codeRequired },
      ]);
    }
    await admitCode(subject, request, now);
    const check = await checkCode(
      totpKeyOf(user.mfaSecret, user.id, request),
      proof.code,
      now,
      user.mfaLastStep ?? null,
    );
    if (check === 'replayed') throw codeAlreadyUsed();
    if (check === 'wrong') {
      await countFailure(subject, request, now);
      throw wrongCode();
    }
    await db.update(users).set({ mfaLastStep: check.step }).where(eq(users.id, user.id));
  }

  /** Opens the session a challenge was the last step to, as the sign-in answers it. */
  async function signIn(subject: Subject & { challenge: LiveChallenge }, request: FastifyRequest) {
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

  app.post('/api/auth/login/mfa', publicAudited('auth.mfa_verify'), async (request) => {
    const now = ctx.now();
    await admitAddress(request, now);
    const body = await keepingTheCount(() => validateBody(mfaLoginSchema, request.body));
    const subject = await subjectOf(request, body.challenge, 'verify', now);
    const { user } = subject;
    await lockSecondFactor(db, user.id);
    const current = await findUserById(db, user.id);
    if (!current?.mfaSecret) throw new RecordedRefusal(401, MFA_MSG.challengeExpired);
    await admitCode(subject, request, now);
    const challenge = subject.challenge!;

    if (body.recoveryCode) {
      const left = await useRecoveryCode(db, user.id, body.recoveryCode, now);
      if (left === null) {
        await countFailure(subject, request, now);
        throw new RecordedRefusal(400, MFA_MSG.recoveryCodeWrong, [
          { field: 'recoveryCode', msg: MFA_MSG.recoveryCodeWrong },
        ]);
      }
      request.auditDetail = { method: 'recovery_code', recoveryCodesLeft: left };
      const answer = await signIn({ ...subject, challenge }, request);
      return { ...answer, recoveryCodesLeft: left, notice: MFA_MSG.recoveryCodesLeft(left) };
    }

    const check = await checkCode(
      totpKeyOf(current.mfaSecret, user.id, request),
      body.code ?? '',
      now,
      current.mfaLastStep ?? null,
    );
    if (check === 'replayed') throw codeAlreadyUsed();
    if (check === 'wrong') {
      await countFailure(subject, request, now);
      throw wrongCode();
    }
    await db.update(users).set({ mfaLastStep: check.step }).where(eq(users.id, user.id));
    request.auditDetail = { method: 'totp' };
    return signIn({ ...subject, challenge }, request);
  });

  app.post('/api/auth/mfa/enroll', publicAudited('auth.mfa_enroll'), async (request) => {
    const now = ctx.now();
    const body = await validateBody(mfaEnrollSchema, request.body);
    const { user, challenge } = await subjectOf(request, body.challenge, 'enroll', now);
    if (user.mfaSecret) throw new HttpError(409, MFA_MSG.alreadyEnrolled);
    // A challenge is a password just typed; a session is not (a stolen token
    // must not put its thief's key on the account).
    if (!challenge) await requirePasswordOf(user, body.password, request, now);
    const secret = newTotpSecret();
    // Kept apart until a code confirms it: a key nobody scanned protects nothing.
    await db
      .update(users)
      .set({ mfaPendingSecret: ctx.totpKeys.seal(secret, user.id), updatedAt: now })
      .where(eq(users.id, user.id));
    return { ok: true, secret, otpauthUrl: otpauthUrl(user.email, secret) };
  });

  app.post('/api/auth/mfa/confirm', publicAudited('auth.mfa_confirm'), async (request) => {
    const now = ctx.now();
    const body = await validateBody(mfaConfirmSchema, request.body);
    const subject = await subjectOf(request, body.challenge, 'enroll', now);
    await lockSecondFactor(db, subject.user.id);
    const user = await findUserById(db, subject.user.id);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    if (user.mfaSecret) throw new HttpError(409, MFA_MSG.alreadyEnrolled);
    if (!user.mfaPendingSecret) throw new HttpError(409, MFA_MSG.enrollFirst);
    await admitCode(subject, request, now);
    const step = await acceptedStep(
      totpKeyOf(user.mfaPendingSecret, user.id, request),
      body.code,
      now,
      null,
    );
    if (step === null) {
      await countFailure(subject, request, now);
      throw wrongCode();
    }
    await db
      .update(users)
      .set({
        mfaSecret: user.mfaPendingSecret,
        mfaPendingSecret: null,
        mfaEnabledAt: now,
        mfaLastStep: step,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    const recoveryCodes = await issueRecoveryCodes(db, user.id, now);
    if (subject.challenge) {
      request.auditDetail = { forced: true };
      const answer = await signIn({ ...subject, challenge: subject.challenge }, request);
      return { ...answer, recoveryCodes };
    }
    return { ok: true, msg: MFA_MSG.enrolled, recoveryCodes };
  });

  app.get('/api/auth/mfa', async (request) => {
    const { user: sessionUser } = signedIn(request);
    const user = await findUserById(db, sessionUser.id);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    const policy = await mfaPolicy(db, config);
    return {
      ok: true,
      mfa: {
        enabled: user.mfaSecret !== null,
        required: requiredFor(policy, user.role),
        recoveryCodesLeft: user.mfaSecret ? await recoveryCodesLeft(db, user.id) : 0,
      },
    };
  });

  app.delete('/api/auth/mfa', audited('auth.mfa_disable'), async (request) => {
    const { user: sessionUser, sessionId } = signedIn(request);
    request.auditRecordId = sessionUser.id;
    const now = ctx.now();
    const body = await validateBody(mfaDisableSchema, request.body);
    await lockSecondFactor(db, sessionUser.id);
    const user = await findUserById(db, sessionUser.id);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    if (!user.mfaSecret) throw new HttpError(409, MFA_MSG.notEnrolled);
    if (requiredFor(await mfaPolicy(db, config), user.role)) {
      throw new HttpError(409, MFA_MSG.requiredByPolicy);
    }
    await requireFreshProof(user, body, { user, challenge: null, sessionId }, request, now);
    await clearSecondFactor(db, user.id, now);
    return { ok: true, msg: MFA_MSG.disabled };
  });

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/mfa/reset',
    {
      ...adminOnly,
      config: { audit: { action: 'user.mfa_reset' as const, record: 'user' as const } },
    },
    async (request) => {
      const { user: admin, sessionId } = signedIn(request);
      const id = request.params.id;
      if (!isUuid(id)) throw userNotFound();
      if (id === admin.id) throw new HttpError(403, MFA_MSG.resetSelf);
      const body = await validateBody(mfaResetSchema, request.body);
      const now = ctx.now();
      // Both accounts' code checks, always in one order: two administrators
      // resetting each other wait in turn instead of deadlocking.
      for (const locked of [admin.id, id].sort()) await lockSecondFactor(db, locked);
      const user = await findUserById(db, id);
      if (!user) throw userNotFound();
      // Nothing to reset: no session ends and nobody is mailed for nothing
      // (the users screen offers the action only for an account that has one).
      if (user.mfaSecret === null) throw new HttpError(409, MFA_MSG.resetNone);
      const self = await findUserById(db, admin.id);
      if (!self) throw new HttpError(401, MSG.api.unauthorized);
      await requireFreshProof(self, body, { user: self, challenge: null, sessionId }, request, now);
      await clearSecondFactor(db, id, now);
      await endUserSessions(db, id, now);
      request.auditDetail = { hadSecondFactor: true };
      await ctx.mail.enqueue(
        mfaResetMail(user.email, user.firstName, fullName(admin), `${config.publicUrl}/login`),
        { kind: 'notice', userId: user.id },
      );
      return { ok: true, msg: MFA_MSG.resetDone };
    },
  );

  app.get('/api/service/mfa', adminOnly, async () => ({
    ok: true,
    policy: await mfaPolicy(db, config),
  }));

  app.put(
    '/api/service/mfa',
    { ...adminOnly, config: { audit: { action: 'service.mfa_policy' as const, record: null } } },
    async (request) => {
      const { user: admin } = signedIn(request);
      const body = await validateBody(mfaPolicySchema, request.body);
      await setPsychologistsRequired(db, body.psychologistsRequired, admin.id, ctx.now());
      request.auditDetail = { psychologistsRequired: body.psychologistsRequired };
      return { ok: true, msg: MFA_MSG.policySaved, policy: await mfaPolicy(db, config) };
    },
  );
}
