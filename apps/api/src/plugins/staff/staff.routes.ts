import type { FastifyInstance } from 'fastify';
import { MSG, ownProfileSchema, sameEmail } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { emailChangeConfirmMail, emailChangeRequestedMail } from '../../mail/templates';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { reportMail } from '../mail/mail-report';
import { signedIn } from '../auth/authenticate';
import { requireCurrentPassword } from '../auth/current-password';
import { emailConfirmUrl, pendingEmailOf, requestEmailChange } from '../auth/email-changes';
import { toSessionUser } from '../auth/sessions';
import { findUserById } from '../users/user.queries';
import { updateProfile, userEmailTaken } from './staff.queries';
import { toOwnProfile, toPsychologist } from './staff.view';

const profileEmailTaken = () => new HttpError(409, MSG.profile.emailTaken);

/**
 * Psychologists as other screens show them (docs/api.md#psychologists-and-profiles "fetched by id"), and
 * every signed-in user's own profile (the 'configuration' and 'profile' screens).
 */
export async function staffRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerPsychologistRoute(app, ctx);
  registerProfileReadRoute(app, ctx);
  registerProfileUpdateRoute(app, ctx);
}

/** A psychologist as others see them, deactivated ones included. */
function registerPsychologistRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<{ Params: { id: string } }>(
    '/api/psychologists/:id',
    { config: { audit: { action: 'psychologist.read', record: 'user' } } },
    async (request) => {
      const { id } = request.params;
      // Deactivated psychologists still sign old notes and appointments.
      const user = isUuid(id) ? await findUserById(db, id) : null;
      if (user?.role !== 'PSYCHOLOGIST') throw new HttpError(404, MSG.api.notFound);
      return { ok: true, psychologist: toPsychologist(user) };
    },
  );
}

/** The signed-in user's own profile. */
function registerProfileReadRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get(
    '/api/auth/profile',
    { config: { audit: { action: 'profile.read', record: 'user' } } },
    async (request) => {
      const { user: sessionUser } = signedIn(request);
      request.auditRecordId = sessionUser.id;
      const user = await findUserById(db, sessionUser.id);
      if (!user) throw new HttpError(401, MSG.api.unauthorized);
      const pendingEmail = await pendingEmailOf(db, user.id, ctx.now());
      return { ok: true, profile: toOwnProfile(user, pendingEmail) };
    },
  );
}

/** The own profile saved; a new e-mail waits for its confirmation. */
function registerProfileUpdateRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  /**
   * The own data. A new e-mail needs the current password and waits for the
   * new address to confirm it (docs/decisions.md#e-mail-changes-and-assignments): the answer says so, and the
   * account keeps its address meanwhile. A wrong password counts as a failed
   * sign-in of the account (see requireCurrentPassword).
   */
  app.put(
    '/api/auth/profile',
    { config: { audit: { action: 'profile.update', record: 'user' } } },
    async (request) => {
      const { user: sessionUser } = signedIn(request);
      request.auditRecordId = sessionUser.id;
      const current = await findUserById(db, sessionUser.id);
      if (!current) throw new HttpError(401, MSG.api.unauthorized);
      const body = await validateBody(ownProfileSchema(current.email), request.body);
      const now = ctx.now();
      const keepsEmail = sameEmail(body.email, current.email);
      if (!keepsEmail) {
        await requireCurrentPassword(db, {
          user: current,
          password: body.currentPassword ?? '',
          field: 'currentPassword',
          clientAddress: request.ip,
          now,
        });
        if (await userEmailTaken(db, body.email, current.id)) throw profileEmailTaken();
      }
      const saved = { ...body, email: keepsEmail ? body.email : current.email };
      const user = await updateProfile(db, current.id, saved, now).catch((error: unknown) => {
        throw isUniqueViolation(error) ? profileEmailTaken() : error;
      });
      if (!user) throw new HttpError(401, MSG.api.unauthorized);
      if (keepsEmail) {
        const pendingEmail = await pendingEmailOf(db, user.id, now);
        return { ok: true, msg: MSG.profile.saved, user: toSessionUser(user), pendingEmail };
      }

      const token = await requestEmailChange(db, {
        userId: user.id,
        newEmail: body.email,
        requestedById: user.id,
        now,
      });
      request.auditDetail = { emailChangeRequested: true };
      const requestedBy = { kind: 'owner' as const };
      await ctx.mail.enqueue(
        emailChangeRequestedMail(user.email, user.firstName, {
          newEmail: body.email,
          requestedBy,
          loginUrl: `${ctx.config.publicUrl}/login`,
        }),
        { kind: 'notice', userId: user.id },
      );
      const mail = await ctx.mail.enqueue(
        emailChangeConfirmMail(body.email, user.firstName, {
          link: emailConfirmUrl(ctx.config.publicUrl, token),
          requestedBy,
        }),
        { kind: 'email-change', userId: user.id },
      );
      reportMail(request, mail, {
        sent: MSG.emailChange.pendingOwn(body.email),
        queued: SERVER_MSG.mailQueue.emailChangeOwn(body.email),
      });
      return {
        ok: true,
        msg: MSG.emailChange.pendingOwn(body.email),
        user: toSessionUser(user),
        pendingEmail: body.email,
      };
    },
  );
}
