import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { fullName, MSG } from '@psicocampus/shared/domain';
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
import { mfaResetMail } from '../../mail/templates';
import { findUserById } from '../users/user.queries';
import { userNotFound } from '../users/user-accounts';
import { adminOnly, signedIn } from './authenticate';
import { keepingTheCount } from './login-limits';
import {
  admitAddress,
  admitCode,
  audited,
  codeAlreadyUsed,
  countFailure,
  publicAudited,
  requireFreshProof,
  requirePasswordOf,
  signIn,
  subjectOf,
  totpKeyOf,
  wrongCode,
} from './mfa-checks';
import {
  acceptedStep,
  checkCode,
  clearSecondFactor,
  issueRecoveryCodes,
  lockSecondFactor,
  mfaPolicy,
  newTotpSecret,
  otpauthUrl,
  recoveryCodesLeft,
  requiredFor,
  setPsychologistsRequired,
  useRecoveryCode,
} from './second-factor';
import { endUserSessions } from './sessions';

/**
 * The second factor's calls (docs/sign-in-and-sessions.md#second-factor):
 * the code step of a sign-in, enrolment (forced by a challenge, or from
 * the profile with a session), disabling, an administrator's reset and the
 * service's policy. Every refusal that counts toward a limit is a
 * RecordedRefusal: it commits its count with its audit row.
 */
export async function mfaRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerCodeStepRoute(app, ctx);
  registerEnrolmentRoutes(app, ctx);
  registerOwnSecondFactorRoutes(app, ctx);
  registerAdminResetRoute(app, ctx);
  registerPolicyRoutes(app, ctx);
}

/** The sign-in's code step: a code of the app, or a recovery code, against a challenge. */
function registerCodeStepRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/auth/login/mfa', publicAudited('auth.mfa_verify'), async (request) => {
    const now = ctx.now();
    await admitAddress(db, request, now);
    const body = await keepingTheCount(() => validateBody(mfaLoginSchema, request.body));
    const subject = await subjectOf(db, request, body.challenge, 'verify', now);
    const { user } = subject;
    await lockSecondFactor(db, user.id);
    const current = await findUserById(db, user.id);
    if (!current?.mfaSecret) throw new RecordedRefusal(401, MFA_MSG.challengeExpired);
    await admitCode(db, subject, request, now);
    const challenge = subject.challenge!;

    if (body.recoveryCode) {
      const left = await useRecoveryCode(db, user.id, body.recoveryCode, now);
      if (left === null) {
        await countFailure(db, subject, request, now);
        throw new RecordedRefusal(400, MFA_MSG.recoveryCodeWrong, [
          { field: 'recoveryCode', msg: MFA_MSG.recoveryCodeWrong },
        ]);
      }
      request.auditDetail = { method: 'recovery_code', recoveryCodesLeft: left };
      const answer = await signIn(ctx, { ...subject, challenge }, request);
      return { ...answer, recoveryCodesLeft: left, notice: MFA_MSG.recoveryCodesLeft(left) };
    }

    const check = await checkCode(
      totpKeyOf(ctx, current.mfaSecret, user.id, request),
      body.code ?? '',
      now,
      current.mfaLastStep ?? null,
    );
    if (check === 'replayed') throw codeAlreadyUsed();
    if (check === 'wrong') {
      await countFailure(db, subject, request, now);
      throw wrongCode();
    }
    await db.update(users).set({ mfaLastStep: check.step }).where(eq(users.id, user.id));
    request.auditDetail = { method: 'totp' };
    return signIn(ctx, { ...subject, challenge }, request);
  });
}

/** Enrolment: a new key kept pending, then confirmed by a code of the app that scanned it. */
function registerEnrolmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/auth/mfa/enroll', publicAudited('auth.mfa_enroll'), async (request) => {
    const now = ctx.now();
    const body = await validateBody(mfaEnrollSchema, request.body);
    const { user, challenge } = await subjectOf(db, request, body.challenge, 'enroll', now);
    if (user.mfaSecret) throw new HttpError(409, MFA_MSG.alreadyEnrolled);
    // A challenge is a password just typed; a session is not (a stolen token
    // must not put its thief's key on the account).
    if (!challenge) await requirePasswordOf(db, user, body.password, request, now);
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
    const subject = await subjectOf(db, request, body.challenge, 'enroll', now);
    await lockSecondFactor(db, subject.user.id);
    const user = await findUserById(db, subject.user.id);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    if (user.mfaSecret) throw new HttpError(409, MFA_MSG.alreadyEnrolled);
    if (!user.mfaPendingSecret) throw new HttpError(409, MFA_MSG.enrollFirst);
    await admitCode(db, subject, request, now);
    const step = await acceptedStep(
      totpKeyOf(ctx, user.mfaPendingSecret, user.id, request),
      body.code,
      now,
      null,
    );
    if (step === null) {
      await countFailure(db, subject, request, now);
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
      const answer = await signIn(ctx, { ...subject, challenge: subject.challenge }, request);
      return { ...answer, recoveryCodes };
    }
    return { ok: true, msg: MFA_MSG.enrolled, recoveryCodes };
  });
}

/** A signed-in user's own second factor: its state, and disabling it. */
function registerOwnSecondFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
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
    await requireFreshProof(ctx, user, body, { user, challenge: null, sessionId }, request, now);
    await clearSecondFactor(db, user.id, now);
    return { ok: true, msg: MFA_MSG.disabled };
  });
}

/** An administrator's reset of another account's second factor. */
function registerAdminResetRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
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
      const subject = { user: self, challenge: null, sessionId };
      await requireFreshProof(ctx, self, body, subject, request, now);
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
}

/** The service's policy: whether psychologists must have a second factor. */
function registerPolicyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
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
