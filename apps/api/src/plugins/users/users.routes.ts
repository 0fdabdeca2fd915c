import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import type { FastifyInstance } from 'fastify';
import { fullName, MSG, ROLES, userSchema, type AuditAction } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { pageInfo, readPage, type PageParams } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { validateBody } from '../../lib/validate';
import { adminOnly, signedIn } from '../auth/authenticate';
import { emailConfirmUrl } from '../auth/email-changes';
import { passwordLinkUrl } from '../auth/password-tokens';
import { emailChangeConfirmMail, emailChangeRequestedMail } from '../../mail/templates';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { reportMail } from '../mail/mail-report';
import {
  accountLinkMail,
  createStaffAccount,
  deactivateStaffAccount,
  issueAccountLink,
  reactivateStaffAccount,
  updateStaffAccount,
  userNotFound,
} from './user-accounts';
import {
  countStaffUsers,
  findStaffUser,
  listStaffUsers,
  type StaffUserFilters,
} from './user.queries';
import { toStaffUser } from './user.view';

type IdParams = { Params: { id: string } };

/** Longer than any name or e-mail; a longer search is not a search. */
const MAX_SEARCH_LENGTH = 100;

/** Only administrators manage accounts (docs/permissions.md#administrators); every call is audited. */
const audited = (action: AuditAction, record: 'user' | null = 'user') => ({
  ...adminOnly,
  config: { audit: { action, record } },
});

/**
 * `?q=&role=&status=active|inactive&page=&pageSize=` (docs/api.md#paged-lists);
 * one 400 names every wrong parameter.
 */
function parseUserQuery(query: unknown): { filters: StaffUserFilters; page: PageParams } {
  const reader = new QueryReader(query);
  const filters: StaffUserFilters = {
    q: reader.text('q', MAX_SEARCH_LENGTH),
    role: reader.oneOf('role', ROLES),
  };
  const status = reader.oneOf('status', ['active', 'inactive'] as const);
  if (status) filters.active = status === 'active';
  const page = readPage(reader);
  reader.done();
  return { filters, page };
}

/** The id of a URL, or the same 404 as an unknown account. */
function accountId(id: string): string {
  if (!isUuid(id)) throw userNotFound();
  return id;
}

async function staffUserOr404(db: Database, id: string, now: Date) {
  const row = await findStaffUser(db, id, now);
  if (!row) throw userNotFound();
  return toStaffUser(row);
}

/** The administrators' management of staff accounts (docs/screens-and-routes.md#admin-area, "users"). */
export async function usersRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerAccountRoutes(app, ctx);
  registerAccessRoutes(app, ctx);
}

/** The staff accounts: listed, created (with their invitation) and edited. */
function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get('/api/users', audited('user.list', null), async (request) => {
    const { filters, page } = parseUserQuery(request.query);
    const [rows, total] = await Promise.all([
      listStaffUsers(db, filters, page, ctx.now()),
      countStaffUsers(db, filters),
    ]);
    return { ok: true, users: rows.map(toStaffUser), ...pageInfo(page, total) };
  });

  app.post('/api/users', audited('user.create'), async (request, reply) => {
    const { user: admin } = signedIn(request);
    const body = await validateBody(userSchema, request.body);
    const now = ctx.now();
    const created = await createStaffAccount(db, body, now);
    request.auditRecordId = created.user.id;
    const link = { user: created.user, token: created.token, purpose: 'invite' as const };
    const mail = await ctx.mail.enqueue(
      accountLinkMail(link, passwordLinkUrl(ctx.config.publicUrl, created.token), admin),
      { kind: 'invite', userId: created.user.id },
    );
    reportMail(request, mail, {
      sent: ADMIN_MSG.userCreated,
      queued: SERVER_MSG.mailQueue.userCreated,
    });
    void reply.status(201);
    return {
      ok: true,
      msg: ADMIN_MSG.userCreated,
      user: await staffUserOr404(db, created.user.id, now),
    };
  });

  app.put<IdParams>('/api/users/:id', audited('user.update'), async (request) => {
    const { user: admin } = signedIn(request);
    const id = accountId(request.params.id);
    const body = await validateBody(userSchema, request.body);
    const now = ctx.now();
    const change = await updateStaffAccount(db, id, body, admin.id, now);
    const user = await staffUserOr404(db, id, now);
    if (!change) return { ok: true, msg: ADMIN_MSG.userUpdated, user };
    // The account keeps its address until the new one confirms (docs/decisions.md#e-mail-changes-and-assignments).
    request.auditDetail = { emailChangeRequested: true };
    const requestedBy = { kind: 'admin' as const, name: fullName(admin) };
    const { user: before, newEmail, token } = change;
    await ctx.mail.enqueue(
      emailChangeRequestedMail(before.email, before.firstName, {
        newEmail,
        requestedBy,
        loginUrl: `${ctx.config.publicUrl}/login`,
      }),
      { kind: 'notice', userId: id },
    );
    const mail = await ctx.mail.enqueue(
      emailChangeConfirmMail(newEmail, before.firstName, {
        link: emailConfirmUrl(ctx.config.publicUrl, token),
        requestedBy,
      }),
      { kind: 'email-change', userId: id },
    );
    reportMail(request, mail, {
      sent: MSG.emailChange.pendingByAdmin(newEmail),
      queued: SERVER_MSG.mailQueue.emailChangeByAdmin(newEmail),
    });
    return { ok: true, msg: MSG.emailChange.pendingByAdmin(newEmail), user };
  });
}

/** An account's access: deactivated, reactivated, and a new link to set its password. */
function registerAccessRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.post<IdParams>('/api/users/:id/deactivate', audited('user.deactivate'), async (request) => {
    const { user: admin } = signedIn(request);
    const id = accountId(request.params.id);
    const now = ctx.now();
    await deactivateStaffAccount(db, admin.id, id, now);
    return { ok: true, msg: ADMIN_MSG.deactivated, user: await staffUserOr404(db, id, now) };
  });

  app.post<IdParams>('/api/users/:id/reactivate', audited('user.reactivate'), async (request) => {
    const id = accountId(request.params.id);
    const now = ctx.now();
    await reactivateStaffAccount(db, id, now);
    return { ok: true, msg: ADMIN_MSG.reactivated, user: await staffUserOr404(db, id, now) };
  });

  app.post<IdParams>('/api/users/:id/reset-link', audited('user.reset_link'), async (request) => {
    const { user: admin } = signedIn(request);
    const link = await issueAccountLink(db, accountId(request.params.id), ctx.now());
    const mail = await ctx.mail.enqueue(
      accountLinkMail(link, passwordLinkUrl(ctx.config.publicUrl, link.token), admin),
      { kind: link.purpose === 'invite' ? 'invite' : 'reset', userId: link.user.id },
    );
    reportMail(request, mail, {
      sent: ADMIN_MSG.resetLinkSent,
      queued: SERVER_MSG.mailQueue.resetLink,
    });
    return { ok: true, msg: ADMIN_MSG.resetLinkSent };
  });
}
