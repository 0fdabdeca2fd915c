import type { FastifyInstance } from 'fastify';
import { emailChangeTokenSchema, isRole, MSG } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { validateBody } from '../../lib/validate';
import { emailChangedMail, invitationMail } from '../../mail/templates';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { reportMail } from '../mail/mail-report';
import { findUserById } from '../users/user.queries';
import { confirmEmailChange, findLiveEmailChange } from './email-changes';
import { admitFromAddress, keepingTheCount } from './login-limits';
import { passwordLinkUrl } from './password-tokens';

/**
 * The page a confirmation link opens (`/confirm-email/<token>`) checks the
 * link, then confirms it when the person presses "Confirmar correo": never
 * on the link alone, since mail scanners open links. Both calls are public:
 * the link is the proof, as with a reset link.
 */
export async function emailChangeRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  // Limited per address like the reset link's check and use, and sharing their
  // counts: the tokens (256 bits) cannot be guessed, but each call costs work.
  app.post('/api/auth/email-change/check', { config: { public: true } }, async (request) => {
    const now = ctx.now();
    const limited = await admitFromAddress(db, 'reset-check', request, now);
    if (limited) throw limited;
    const body = await validateBody(emailChangeTokenSchema, request.body);
    const change = await findLiveEmailChange(db, body.token, now);
    const user = change ? await findUserById(db, change.userId) : null;
    if (!change || !user?.active) throw new HttpError(400, MSG.emailChange.linkInvalid);
    return { ok: true, newEmail: change.newEmail, firstName: user.firstName };
  });

  app.post(
    '/api/auth/email-change/confirm',
    {
      config: {
        public: true,
        audit: { action: 'auth.email_change_confirm', record: 'user' },
      },
    },
    async (request) => {
      const now = ctx.now();
      const limited = await admitFromAddress(db, 'reset', request, now);
      if (limited) throw RecordedRefusal.from(limited);
      const { before, newEmail, invitationToken } = await keepingTheCount(async () => {
        const body = await validateBody(emailChangeTokenSchema, request.body);
        // A savepoint: a link refused halfway (an address taken meanwhile)
        // leaves nothing of this behind, while the counted call stays.
        return db.transaction((tx) => confirmEmailChange(tx, body.token, now));
      });
      request.auditRecordId = before.id;
      if (isRole(before.role)) request.auditActor = { id: before.id, role: before.role };
      const loginUrl = `${ctx.config.publicUrl}/login`;
      await ctx.mail.enqueue(
        emailChangedMail(before.email, before.firstName, { newEmail, loginUrl }),
        { kind: 'notice', userId: before.id },
      );
      if (invitationToken) {
        // The first invitation went to the old address and no longer works.
        const mail = await ctx.mail.enqueue(
          invitationMail(newEmail, before.firstName, {
            invitedBy: null,
            role: isRole(before.role) ? before.role : 'PSYCHOLOGIST',
            link: passwordLinkUrl(ctx.config.publicUrl, invitationToken),
          }),
          { kind: 'invite', userId: before.id },
        );
        reportMail(request, mail, {
          sent: MSG.emailChange.confirmedInvite(newEmail),
          queued: SERVER_MSG.mailQueue.confirmedInvite(newEmail),
        });
      }
      return {
        ok: true,
        msg: invitationToken
          ? MSG.emailChange.confirmedInvite(newEmail)
          : MSG.emailChange.confirmed(newEmail),
        email: newEmail,
      };
    },
  );
}
