import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  MAIL_STATUSES,
  type MailKind,
  type MailStatus,
  type QueuedMailView,
} from '@psicocampus/shared/mail';
import type { AppContext } from '../../context';
import { mailQueue } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { adminOnly } from '../auth/authenticate';
import { reportMail } from './mail-report';

/** The mail queue's own page sizes (its OpenAPI entry states the same constants). */
export const MAIL_PAGE_SIZE = 50;
export const MAX_MAIL_PAGE_SIZE = 200;

const audited = (action: 'mail.list' | 'mail.retry', record: 'mail' | null) => ({
  ...adminOnly,
  config: { audit: { action, record } },
});

type MailRow = Pick<
  typeof mailQueue.$inferSelect,
  | 'id'
  | 'kind'
  | 'recipient'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'nextAttemptAt'
  | 'sentAt'
>;

/** The envelope and the life of a mail: never its body, which may carry a live link. */
const listed = {
  id: mailQueue.id,
  kind: mailQueue.kind,
  recipient: mailQueue.recipient,
  subject: mailQueue.subject,
  status: mailQueue.status,
  attempts: mailQueue.attempts,
  lastError: mailQueue.lastError,
  createdAt: mailQueue.createdAt,
  nextAttemptAt: mailQueue.nextAttemptAt,
  sentAt: mailQueue.sentAt,
};

function toQueuedMailView(row: MailRow): QueuedMailView {
  const status = row.status as MailStatus;
  return {
    _id: row.id,
    // Written only by the server, from the shared lists (and checked by the table).
    kind: row.kind as MailKind,
    to: row.recipient,
    subject: row.subject,
    status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * The mail queue for administrators ("Correos"): what was sent,
 * what waits and what failed, newest first, by page; and a failed mail put
 * back in the queue and tried at once.
 */
export async function mailRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get('/api/mail', audited('mail.list', null), async (request) => {
    const reader = new QueryReader(request.query);
    const status = reader.oneOf('status', MAIL_STATUSES);
    const { page, pageSize, offset } = readPage(reader, MAIL_PAGE_SIZE, MAX_MAIL_PAGE_SIZE);
    reader.done();
    const where: SQL | undefined = status ? eq(mailQueue.status, status) : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select(listed)
        .from(mailQueue)
        .where(where)
        .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(mailQueue).where(where),
    ]);
    return {
      ok: true,
      mails: rows.map(toQueuedMailView),
      total: counted?.total ?? 0,
      page,
      pageSize,
    };
  });

  app.post<{ Params: { id: string } }>(
    '/api/mail/:id/retry',
    audited('mail.retry', 'mail'),
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new HttpError(404, SERVER_MSG.mailQueue.notFound);
      if (!(await ctx.mail.requeue(id))) {
        const [row] = await db
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(eq(mailQueue.id, id));
        throw row
          ? new HttpError(409, SERVER_MSG.mailQueue.notFailed)
          : new HttpError(404, SERVER_MSG.mailQueue.notFound);
      }
      const mail = { id, status: 'queued' as const };
      reportMail(request, mail, {
        sent: SERVER_MSG.mailQueue.retrySent,
        queued: SERVER_MSG.mailQueue.retryQueued,
      });
      return { ok: true, msg: SERVER_MSG.mailQueue.retryQueued, mail };
    },
  );
}
