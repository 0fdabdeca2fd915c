import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailOutcome } from '@psicocampus/shared/mail';
import type { AppContext } from '../../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The mail this answer reports on, and what to say as it turns out (`reportMail`). */
    mailReport: MailReport | null;
    /** Work to start once the answer has left (`afterAnswer`). */
    afterAnswer: Array<() => void> | null;
  }
}

interface MailReport {
  id: string;
  /** The answer's `msg` when the mail has left. */
  sent: string;
  /** The answer's `msg` when it is still in the queue (or gave up). */
  queued: string;
}

/**
 * Says that this request's answer must tell what happened to `mail`: once
 * the request's transaction has committed (the mail was queued in it), the
 * answer waits a few seconds for its first try and its `msg` becomes `sent`
 * or `queued` accordingly, with `mail: { id, status }` beside it. An answer
 * never claims a mail left when it did not (docs/decisions.md#mail).
 */
export function reportMail(
  request: FastifyRequest,
  mail: MailOutcome,
  texts: { sent: string; queued: string },
): void {
  request.mailReport = { id: mail.id, ...texts };
}

/**
 * Starts `work` once this request's answer has left: after its transaction
 * committed (an audited write's), so the work reads what the request wrote,
 * and after the answer, so its time never shows in the answer's.
 */
export function afterAnswer(request: FastifyRequest, work: () => void): void {
  (request.afterAnswer ??= []).push(work);
}

/**
 * The hooks that deliver what requests queued: `preSerialization` runs once
 * the handler's answer is final, which for an audited write is after its
 * transaction committed; `onResponse` starts the mail nobody waits for.
 */
export function registerMailReports(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('mailReport', null);
  app.decorateRequest('afterAnswer', null);
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const report = request.mailReport;
    if (!report || reply.statusCode >= 300 || typeof payload !== 'object' || payload === null) {
      done(null, payload);
      return;
    }
    request.mailReport = null;
    ctx.mail.tryNow([report.id]).then(
      ([outcome]) => {
        const mail = outcome ?? { id: report.id, status: 'queued' as const };
        done(null, { ...payload, msg: mail.status === 'sent' ? report.sent : report.queued, mail });
      },
      (error: unknown) => {
        // The mail is queued all the same; the poller will try it.
        request.log.error({ err: error, mailId: report.id }, 'first try of a mail failed');
        done(null, { ...payload, msg: report.queued, mail: { id: report.id, status: 'queued' } });
      },
    );
  });
  app.addHook('onResponse', (request, _reply, done) => {
    for (const work of request.afterAnswer ?? []) work();
    request.afterAnswer = null;
    ctx.mail.flush();
    done();
  });
}
