import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  MSG,
  resetPasswordSchema,
  resetTokenSchema,
  type AuditAction,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { validateBody } from '../../lib/validate';
import { loginAlertMail, passwordChangedMail, passwordResetMail } from '../../mail/templates';
import {
  findUserByEmail,
  findUserById,
  setPasswordHash,
  type UserRow,
} from '../users/user.queries';
import { AUTH_POLICY } from './auth.policy';
import { signedIn } from './authenticate';
import { isCommonPassword } from './common-passwords';
import { afterAnswer } from '../mail/mail-report';
import { requireCurrentPassword } from './current-password';
import {
  admitCall,
  admitFromAddress,
  emailFailures,
  emailOf,
  loginLimitFor,
  pruneLoginAttempts,
  recordLoginAttempt,
  keepingTheCount,
} from './login-limits';
import {
  consumeToken,
  findLiveToken,
  issuePasswordToken,
  passwordLinkUrl,
  recentResetTokens,
} from './password-tokens';
import {
  createSession,
  endSession,
  endUserSessions,
  pruneSessions,
  toSessionUser,
} from './sessions';
import { pruneChallenges, secondFactorStep } from './second-factor';
import { newToken } from './tokens';

const PUBLIC = { config: { public: true } } as const;

/** Sign-in events go to the audit log; their record is the account concerned. */
const audited = (action: AuditAction, isPublic = false) => ({
  config: { public: isPublic, audit: { action, record: 'user' as const } },
});

function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, MSG.auth.passwordTooCommon, [
      { field, msg: MSG.auth.passwordTooCommon },
    ]);
  }
}

/**
 * A sign-in whose body the schema refuses is still a sign-in call from its
 * address (docs/sign-in-and-sessions.md#brute-force-limits: the 31st in a minute gets 429, whatever it sends),
 * and a failure of the e-mail it names, if one can be read. It is counted,
 * and answered 400, or 429 once the address is over its limit.
 */
async function refuseUnreadableLogin(
  ctx: AppContext,
  refusal: unknown,
  sent: unknown,
  clientAddress: string,
): Promise<never> {
  if (!(refusal instanceof HttpError)) throw refusal;
  const call = { kind: 'login' as const, email: emailOf(sent), clientAddress, at: ctx.now() };
  const limited = await admitCall(ctx.db, call, 'failure');
  throw RecordedRefusal.from(limited ?? refusal);
}

/**
 * A sign-in refused before its handler runs (not JSON, nested too deep,
 * too large, another content type) is a call from its address all the
 * same: counted, and answered 429 once the address is over its limit.
 * Refusals of the handler itself have already been counted (and audited).
 */
function countRefusedBody(ctx: AppContext) {
  return async (error: FastifyError | HttpError, request: FastifyRequest) => {
    const status = error.statusCode ?? 500;
    if (!request.auditWritten && status >= 400 && status < 500) {
      const call = { kind: 'login' as const, email: '', clientAddress: request.ip, at: ctx.now() };
      const limited = await admitCall(ctx.db, call, 'failure');
      if (limited) throw limited;
    }
    // Answered by the server's own error handler, as every other refusal.
    throw error;
  };
}

/**
 * The failure that slows an account down (docs/sign-in-and-sessions.md#brute-force-limits)
 * mails its owner, once per window. Prepared after the answer has left (and
 * the failure it counts is committed), so a known e-mail's answer takes no
 * longer than an unknown one's.
 */
function alertOwnerOnceSlowedDown(
  ctx: AppContext,
  user: UserRow,
  clientAddress: string,
  now: Date,
): void {
  ctx.mail.enqueueComposed(
    async () => {
      const failures = await emailFailures(ctx.db, user.email.toLowerCase(), clientAddress, now);
      if (failures.total < AUTH_POLICY.maxFailuresPerEmail) return null;
      const since = new Date(now.getTime() - AUTH_POLICY.failureWindowMs);
      const subject = SERVER_MSG.mail.loginAlert.subject;
      if (await ctx.mail.queuedFor(user.id, subject, since)) return null;
      return loginAlertMail(user.email, user.firstName, failures, `${ctx.config.publicUrl}/login`);
    },
    { kind: 'notice', userId: user.id },
  );
}

/**
 * Sign-in, sessions and password recovery (docs/sign-in-and-sessions.md).
 */
export async function authRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  // Compared against when the e-mail is unknown, so that an unknown e-mail
  // costs the same argon2 work as a wrong password and answers in the same time.
  const decoyHash = await hashPassword(newToken());
  registerSignInRoute(app, ctx, decoyHash);
  registerSessionRoutes(app, ctx);
  registerPasswordRecoveryRoutes(app, ctx);
  registerPasswordChangeRoute(app, ctx);
  scheduleMaintenance(app, ctx);
}

/** The password step of a sign-in, counted under its limits whatever it sends. */
function registerSignInRoute(app: FastifyInstance, ctx: AppContext, decoyHash: string): void {
  const { db } = ctx;
  const login = { ...audited('auth.login', true), errorHandler: countRefusedBody(ctx) };
  app.post('/api/auth/login', login, async (request) => {
    const clientAddress = request.ip;
    const body = await validateBody(loginSchema, request.body).catch((refusal: unknown) =>
      refuseUnreadableLogin(ctx, refusal, request.body, clientAddress),
    );
    const email = body.email.toLowerCase();

    // The request runs in one transaction (an audited write); the attempt is
    // recorded whatever the outcome, so a refusal is a RecordedRefusal: it
    // commits the attempt before it is answered.
    // One login at a time per e-mail, across processes, so the limit is exact.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const now = ctx.now();
    const limited = await loginLimitFor(db, email, clientAddress, now);
    if (limited) {
      await recordLoginAttempt(db, { email, clientAddress, outcome: 'blocked', at: now });
      throw RecordedRefusal.from(limited);
    }
    const user = await findUserByEmail(db, email);
    const matches = await verifyPassword(user?.passwordHash ?? decoyHash, body.password);
    if (!user || !user.passwordHash || !matches) {
      await recordLoginAttempt(db, { email, clientAddress, outcome: 'failure', at: now });
      if (user?.active)
        afterAnswer(request, () => alertOwnerOnceSlowedDown(ctx, user, clientAddress, now));
      request.auditRecordId = user?.id ?? null;
      throw new RecordedRefusal(401, MSG.auth.invalidCredentials);
    }
    await recordLoginAttempt(db, { email, clientAddress, outcome: 'success', at: now });
    request.auditRecordId = user.id;
    // Said only to someone who knows the password, so it reveals nothing.
    if (!user.active) throw new RecordedRefusal(403, MSG.auth.accountDisabled);
    const sessionUser = toSessionUser(user);
    request.auditActor = { id: sessionUser.id, role: sessionUser.role };
    // A second factor, or its enrolment, comes before any session (mfa.routes.ts).
    const step = await secondFactorStep(db, ctx.config, user, now);
    if (step) {
      request.auditDetail = { secondFactor: 'mfaRequired' in step ? 'code' : 'enrolment' };
      return step;
    }
    const { token } = await createSession(db, user.id, clientAddress, now);
    return { ok: true, token, user: sessionUser, msg: MSG.auth.welcomeText };
  });
}

/** Signing out, and who the session is. */
function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/auth/logout', audited('auth.logout'), async (request) => {
    const { sessionId, user } = signedIn(request);
    request.auditRecordId = user.id;
    await endSession(db, sessionId, ctx.now());
    return { ok: true, msg: MSG.auth.loggedOut };
  });

  app.get('/api/auth/me', async (request) => {
    const { user } = signedIn(request);
    return { ok: true, user };
  });
}

/** A forgotten password: the link mailed, checked, and used to set a new one. */
function registerPasswordRecoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/auth/forgot-password', PUBLIC, async (request) => {
    const now = ctx.now();
    // Counted for known and unknown e-mails alike, so the limit tells nothing either.
    const limited = await admitCall(db, {
      kind: 'forgot-password',
      email: emailOf(request.body),
      clientAddress: request.ip,
      at: now,
    });
    if (limited) throw limited;
    const body = await validateBody(forgotPasswordSchema, request.body);
    const user = await findUserByEmail(db, body.email);
    // The same answer, after the same work, whether or not the e-mail has an
    // account: the link is issued and mailed once the answer has left, so not
    // even its timing tells (docs/sign-in-and-sessions.md#password-recovery).
    if (user?.active) {
      ctx.mail.enqueueComposed(
        async () => {
          const recent = await recentResetTokens(db, user.id, now);
          if (recent >= AUTH_POLICY.maxResetMailsPerAccount) return null;
          const token = await issuePasswordToken(db, user.id, 'reset', now);
          const link = passwordLinkUrl(ctx.config.publicUrl, token);
          return passwordResetMail(user.email, user.firstName, link);
        },
        { kind: 'reset', userId: user.id },
      );
    }
    return { ok: true, msg: MSG.auth.forgotSent };
  });

  app.post('/api/auth/reset-password/check', PUBLIC, async (request) => {
    const now = ctx.now();
    const limited = await admitFromAddress(db, 'reset-check', request, now);
    if (limited) throw limited;
    const body = await validateBody(resetTokenSchema, request.body);
    const live = await findLiveToken(db, body.token, now);
    if (!live) throw new HttpError(400, MSG.auth.resetLinkInvalid);
    const user = await findUserById(db, live.userId);
    if (!user?.active) throw new HttpError(400, MSG.auth.resetLinkInvalid);
    return { ok: true, purpose: live.purpose, email: user.email, firstName: user.firstName };
  });

  app.post('/api/auth/reset-password', audited('auth.password_reset', true), async (request) => {
    const now = ctx.now();
    const limited = await admitFromAddress(db, 'reset', request, now);
    if (limited) throw RecordedRefusal.from(limited);
    // Each call hashes a password (argon2): a refused one still counts.
    const user = await keepingTheCount(async () => {
      const body = await validateBody(resetPasswordSchema, request.body);
      refuseCommonPassword(body.password, 'password');
      const passwordHash = await hashPassword(body.password);
      // A savepoint: a link that turns out unusable leaves nothing of this behind.
      return db.transaction(async (tx) => {
        const used = await consumeToken(tx, body.token, now);
        const owner = used ? await findUserById(tx, used.userId) : null;
        if (!owner?.active) throw new HttpError(400, MSG.auth.resetLinkInvalid);
        await setPasswordHash(tx, owner.id, passwordHash, now);
        await endUserSessions(tx, owner.id, now);
        return owner;
      });
    });
    request.auditRecordId = user.id;
    await ctx.mail.enqueue(
      passwordChangedMail(user.email, user.firstName, `${ctx.config.publicUrl}/login`),
      { kind: 'notice', userId: user.id },
    );
    return { ok: true, msg: MSG.auth.resetDoneText };
  });
}

/** A signed-in user's change of their own password. */
function registerPasswordChangeRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.put('/api/auth/password', audited('auth.password_change'), async (request) => {
    const { user: sessionUser, sessionId } = signedIn(request);
    request.auditRecordId = sessionUser.id;
    const body = await validateBody(changePasswordSchema, request.body);
    const user = await findUserById(db, sessionUser.id);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    const now = ctx.now();
    // A wrong one counts as a failed sign-in: a session is no password oracle.
    await requireCurrentPassword(db, {
      user,
      password: body.currentPassword,
      field: 'currentPassword',
      clientAddress: request.ip,
      now,
    });
    refuseCommonPassword(body.newPassword, 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash, now);
      await endUserSessions(tx, user.id, now, sessionId);
    });
    await ctx.mail.enqueue(
      passwordChangedMail(user.email, user.firstName, `${ctx.config.publicUrl}/login`),
      { kind: 'notice', userId: user.id },
    );
    return { ok: true, msg: MSG.auth.passwordChanged };
  });
}

/** Old sessions and login attempts are of no use after a day; clear them hourly. */
function scheduleMaintenance(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const maintenance = setInterval(() => {
    const now = ctx.now();
    Promise.all([
      pruneSessions(db, now),
      pruneLoginAttempts(db, now),
      pruneChallenges(db, now),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'auth maintenance failed'));
  }, 60 * 60_000);
  maintenance.unref();
  app.addHook('onClose', async () => clearInterval(maintenance));
}
