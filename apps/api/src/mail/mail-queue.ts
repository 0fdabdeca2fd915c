import { and, eq, gt, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { MailKind, MailOutcome, MailStatus } from '@psicocampus/shared/mail';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema';
import { outsideTransaction, resolveDatabase } from '../db/unit-of-work';
import { withTimeout } from '../lib/with-timeout';
import { calendarMethodOf } from './appointment-calendar';
import type { MailLog, MailMessage, Mailer } from './mailer';

export interface EnqueueOptions {
  kind: MailKind;
  /** The staff account the mail concerns, if any (an invitation's, a reset's). */
  userId?: string | null;
  /** Not sent before this time (an appointment's reminder). */
  notBefore?: Date;
  /** The appointment the mail is about: its move or cancellation cancels the mail while queued. */
  appointmentId?: string;
  /**
   * When the mail was asked for, if before it is queued (a mail prepared after
   * the answer): its `createdAt`, which "once per window" checks read, so a
   * preparation that runs late on a busy server still counts for its moment.
   */
  askedAt?: Date;
}

export interface MailQueueSettings {
  /** Tries before a mail is given up as 'failed'. */
  maxAttempts: number;
  /** How long to wait after the `attempt`-th failed try (1, 2, …). */
  backoffMs(attempt: number): number;
  /** How long a process holds a mail it took; a crashed one's mail is taken again after it. */
  leaseMs: number;
  /** How often each process looks for mail due (another process's, a retry's). */
  pollMs: number;
  /** Mails taken by one claim. */
  batchSize: number;
  /** How long an administrator's answer waits for its mail's first try. */
  firstTryWaitMs: number;
}

const MINUTE = 60_000;

/** 1, 2, 4 … minutes, at most an hour: eight tries span about two hours. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempt - 1), 60 * MINUTE);
}

export const DEFAULT_MAIL_QUEUE_SETTINGS: MailQueueSettings = {
  maxAttempts: 8,
  backoffMs: defaultBackoffMs,
  leaseMs: 10 * MINUTE,
  pollMs: 30_000,
  batchSize: 10,
  firstTryWaitMs: 5_000,
};

/** What goes into `last_error`: a short line that says why, never a password or a link. */
export function shortError(error: unknown): string {
  const detail = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const message = typeof detail.message === 'string' ? detail.message : String(error);
  const firstLine = (message.split('\n')[0] ?? '')
    // A URL's user and password (an SMTP_URL quoted by a driver), and any link.
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/\S+:\S+@\S+/g, '[…]')
    .trim();
  const code =
    typeof detail.code === 'string' && !firstLine.includes(detail.code) ? `${detail.code}: ` : '';
  return `${code}${firstLine}`.slice(0, 200);
}

type MailRow = typeof mailQueue.$inferSelect;

/**
 * Mail that matters, kept in the database (table mail_queue) until it is
 * sent, and retried with back-off across restarts and server processes.
 * Every process claims due mail with one UPDATE over rows chosen FOR UPDATE
 * SKIP LOCKED, so two processes never take the same mail; a process that
 * dies while sending leaves its mail 'sending' until its lease ends, when any
 * process takes it again. A sent mail's body is cleared: its link must not
 * outlive it. The `Mailer` (SMTP or the outbox) is the delivery step.
 *
 * Delivery starts at once for mail this process queued (after the request's
 * transaction commits: see `flush`), and every `pollMs` for the rest.
 * `idle()` resolves when nothing this process queued or took is in flight.
 */
export class MailQueue {
  private readonly settings: MailQueueSettings;
  private readonly pending = new Set<Promise<unknown>>();
  /** Queued by this process and not tried yet (they may wait for a transaction to commit). */
  private readonly untried = new Set<string>();
  /**
   * Claimed by this process and not yet tried to the end. A lease protects a mail from other
   * processes; this protects it from this one, whose clock may jump past the
   * lease (an NTP step, a test's clock) while the send is still under way.
   */
  private readonly sending = new Set<string>();
  private composing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly deps: {
      /** The server's database; inside a request's transaction, that transaction. */
      db: Database;
      /** The same database, never a request's transaction. */
      root: Database;
      mailer: Mailer;
      log: MailLog;
      now: () => Date;
      settings?: Partial<MailQueueSettings>;
    },
  ) {
    this.settings = { ...DEFAULT_MAIL_QUEUE_SETTINGS, ...deps.settings };
  }

  /** The database outside any request's transaction: deliveries commit on their own. */
  private get root(): Database {
    return this.deps.root;
  }

  /**
   * Queues a mail, in the request's transaction when there is one (it is
   * then queued if and only if the request's change is kept). Delivery is
   * tried once that transaction has committed.
   */
  async enqueue(message: MailMessage, options: EnqueueOptions): Promise<MailOutcome> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .insert(mailQueue)
      .values({
        kind: options.kind,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        userId: options.userId ?? null,
        appointmentId: options.appointmentId ?? null,
        calendar: message.calendar?.content ?? null,
        status: 'queued',
        nextAttemptAt: options.notBefore ?? now,
        createdAt: options.askedAt ?? now,
      })
      .returning({ id: mailQueue.id });
    const id = row!.id;
    if (!options.notBefore || options.notBefore <= now) {
      this.untried.add(id);
      // Outside a transaction the row is already there for everyone.
      if (resolveDatabase(this.deps.db) === this.root) this.flush();
    }
    return { id, status: 'queued' };
  }

  /**
   * Prepares a mail after the answer has left, then queues it. For a mail
   * whose mere preparation (a token written for an existing account) would
   * show in the answer's timing. Preparations run one at a time, in order, as
   * the answers that asked for them did; `compose` returns null to send nothing.
   */
  enqueueComposed(
    compose: () => Promise<MailMessage | null>,
    options: EnqueueOptions = { kind: 'notice' },
  ): void {
    const asked = { askedAt: this.deps.now(), ...options };
    // Outside the asking request's transaction, which has ended by the time
    // this runs: the mail is prepared and queued on the database itself.
    const composed = outsideTransaction(() =>
      this.composing
        // A turn of the event loop first, so the answer is on its way before
        // any of this work, whose queries would otherwise go first.
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(compose)
        .then(async (message) => {
          if (message) await this.enqueue(message, asked);
        })
        .catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'mail not prepared');
        }),
    );
    this.composing = composed;
    this.track(composed);
  }

  /**
   * Tries now the mail this process queued and has not tried yet, once the
   * requests that queued it have answered (their transactions have ended).
   * On PostgreSQL a mail whose request is still open when another request's
   * answer flushes is not seen yet: the next poll sends it.
   */
  flush(): void {
    if (this.untried.size === 0) return;
    const ids = [...this.untried];
    this.untried.clear();
    this.track(this.deliver(ids));
  }

  /**
   * Tries `ids` now and waits for that try at most `firstTryWaitMs`: what an
   * administrator's answer says happened to the mail. A try still under way
   * goes on after the wait.
   */
  async tryNow(ids: string[]): Promise<MailOutcome[]> {
    for (const id of ids) this.untried.delete(id);
    const trying = this.track(this.deliver(ids));
    await withTimeout(trying, this.settings.firstTryWaitMs, 'mail still being sent').catch(
      () => {},
    );
    const rows = await this.root
      .select({ id: mailQueue.id, status: mailQueue.status })
      .from(mailQueue)
      .where(inArray(mailQueue.id, ids));
    return ids.map((id) => ({
      id,
      status: (rows.find((row) => row.id === id)?.status ?? 'queued') as MailStatus,
    }));
  }

  /** One pass now over every mail due (tests drive the queue with it); resolves when it is done. */
  async deliverDue(): Promise<number> {
    const sent = this.track(this.deliver(null));
    const count = await sent;
    await this.idle();
    return count;
  }

  /** Whether a mail with this subject was queued for the account since `since` (sent or not). */
  async queuedFor(userId: string, subject: string, since: Date): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.userId, userId),
          eq(mailQueue.subject, subject),
          gt(mailQueue.createdAt, since),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Puts a failed mail back in the queue with its tries counted from zero; false if it had not failed. */
  async requeue(id: string): Promise<boolean> {
    const rows = await this.deps.db
      .update(mailQueue)
      .set({
        status: 'queued',
        attempts: 0,
        nextAttemptAt: this.deps.now(),
        leaseUntil: null,
      })
      .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed')))
      .returning({ id: mailQueue.id });
    return rows.length > 0;
  }

  /** Looks for due mail every `pollMs` until `stop()`; the timer never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.track(this.deliver(null)).finally(() => {
        this.polling = false;
      });
    }, this.settings.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves when nothing this process queued, prepared or took is left in flight. */
  async idle(): Promise<void> {
    for (;;) {
      this.flush();
      if (this.pending.size === 0) return;
      await Promise.allSettled([...this.pending]);
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    // A failure is logged where it happens; the tracked copy must not go unhandled.
    tracked.catch(() => {});
    return tracked;
  }

  /** Claims and sends the due mail among `ids` (all due mail when null), batch after batch. */
  private async deliver(ids: string[] | null): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const claimed = await this.claim(ids);
        for (const row of claimed) this.sending.add(row.id);
        try {
          for (const row of claimed) {
            if (await this.send(row)) sent += 1;
          }
        } finally {
          for (const row of claimed) this.sending.delete(row.id);
        }
        if (ids !== null || claimed.length < this.settings.batchSize) return sent;
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'mail queue pass failed');
      return sent;
    }
  }

  private async claim(ids: string[] | null): Promise<MailRow[]> {
    const db = this.root;
    const now = this.deps.now();
    const due = or(
      and(eq(mailQueue.status, 'queued'), lte(mailQueue.nextAttemptAt, now)),
      and(eq(mailQueue.status, 'sending'), lt(mailQueue.leaseUntil, now)),
    );
    if (ids !== null && ids.length === 0) return [];
    const notOwnInFlight =
      this.sending.size > 0 ? notInArray(mailQueue.id, [...this.sending]) : undefined;
    const chosen = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(due, ids === null ? undefined : inArray(mailQueue.id, ids), notOwnInFlight))
      .orderBy(mailQueue.nextAttemptAt)
      .limit(ids === null ? this.settings.batchSize : ids.length)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({
        status: 'sending',
        attempts: sql`${mailQueue.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + this.settings.leaseMs),
      })
      .where(inArray(mailQueue.id, chosen))
      .returning();
  }

  /** One try of one claimed mail; its row says how it went. */
  private async send(row: MailRow): Promise<boolean> {
    const db = this.root;
    // Only while this process still holds it: after a lease ran out, another may.
    const stillOurs = and(
      eq(mailQueue.id, row.id),
      eq(mailQueue.status, 'sending'),
      eq(mailQueue.attempts, row.attempts),
    );
    try {
      await this.deps.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
        ...(row.calendar
          ? { calendar: { method: calendarMethodOf(row.calendar), content: row.calendar } }
          : {}),
      });
    } catch (error) {
      const lastError = shortError(error);
      const giveUp = row.attempts >= this.settings.maxAttempts;
      const next = new Date(this.deps.now().getTime() + this.settings.backoffMs(row.attempts));
      this.deps.log.error(
        { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts, giveUp },
        giveUp ? 'mail failed for good' : 'mail not sent; queued for another try',
      );
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'queued',
          nextAttemptAt: next,
          leaseUntil: null,
          lastError,
        })
        .where(stillOurs);
      return false;
    }
    await db
      .update(mailQueue)
      .set({
        status: 'sent',
        sentAt: this.deps.now(),
        leaseUntil: null,
        lastError: null,
        text: null,
        html: null,
        calendar: null,
      })
      .where(stillOurs);
    return true;
  }
}
