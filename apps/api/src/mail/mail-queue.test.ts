import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { QueuedMailView } from '@psicocampus/shared/mail';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { mailQueue } from '../db/schema';
import { createServer, type RunningServer } from '../server';
import { userBody } from '../../test/helpers/admin';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import {
  randomAddress,
  startTestServer,
  type TestServer,
  TEST_CLINICAL_KEY,
} from '../../test/helpers/test-server';
import { createMailer } from './mailer';
import { DEFAULT_MAIL_QUEUE_SETTINGS, MailQueue, shortError } from './mail-queue';

const HOUR = 60 * 60_000;

interface Received {
  to: string;
  /** The message as the SMTP server got it, quoted-printable undone. */
  text: string;
}

/**
 * A real SMTP server on a port of its own, that refuses every connection
 * (421, as a mail server that is down or overloaded does) until `accept()`.
 */
class TestSmtp {
  accepting = false;
  readonly received: Received[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect: (_session, callback) => {
      if (this.accepting) return callback();
      const refusal = Object.assign(new Error('Servicio no disponible'), { responseCode: 421 });
      return callback(refusal);
    },
    onData: (stream, session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const text = data.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
        this.received.push({ to, text });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  accept(): void {
    this.accepting = true;
  }

  to(address: string): Received[] {
    return this.received.filter((mail) => mail.to === address);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const quietLog = Fastify({ logger: false }).log;

async function mailRow(db: DatabaseHandle['db'], id: string) {
  const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, id));
  return row!;
}

describe('the durable mail queue, with a real SMTP server that is down and then comes back', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = new TestSmtp();
    const smtpUrl = await smtp.start();
    server = await startTestServer({ smtpUrl });
    admin = await server.login('admin');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.accepting = false;
  });

  const listMail = async (query = '') => {
    const response = await server.call({ method: 'GET', url: `/api/mail${query}`, token: admin });
    expect(response.statusCode).toBe(200);
    return response.json() as { mails: QueuedMailView[]; total: number };
  };

  it('says the invitation is queued, not sent, and delivers it with its link once the server is back', async () => {
    const body = userBody({ firstName: 'Inés', lastName: 'Paredes' });
    const created = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect(answer.msg).toBe(SERVER_MSG.mailQueue.userCreated);
    expect(answer.msg).not.toBe(ADMIN_MSG.userCreated);
    expect(answer.mail).toEqual({ id: expect.any(String), status: 'queued' });
    expect(smtp.to(body.email)).toHaveLength(0);

    // The administrator's list shows it waiting, with why, and no body.
    const listed = await listMail('?status=queued');
    const row = listed.mails.find((mail) => mail._id === answer.mail.id);
    expect(row).toMatchObject({
      to: body.email,
      kind: 'invite',
      status: 'queued',
      attempts: 1,
    });
    expect(row!.lastError).toMatch(/421|no disponible/i);
    expect(JSON.stringify(listed)).not.toContain('reset-password');

    // Nothing goes before its back-off has passed, even with the server back.
    smtp.accept();
    await server.app.ctx.mail.deliverDue();
    expect(smtp.to(body.email)).toHaveLength(0);

    server.advanceClock(DEFAULT_MAIL_QUEUE_SETTINGS.backoffMs(1) + 1);
    await server.app.ctx.mail.deliverDue();
    const [delivered] = smtp.to(body.email);
    expect(delivered).toBeDefined();
    expect(delivered!.text).toContain('Subject:');
    const link = new RegExp(`${server.config.publicUrl}/reset-password/([A-Za-z0-9_-]+)`).exec(
      delivered!.text,
    );
    expect(link).not.toBeNull();
    // The link works: it is this account's invitation.
    const check = await server.call({
      method: 'POST',
      url: '/api/auth/reset-password/check',
      payload: { token: link![1] },
      remoteAddress: randomAddress(),
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ purpose: 'invite', email: body.email });

    // Sent, and its body (the live link) is gone from the database.
    const stored = await mailRow(server.server.database.db, answer.mail.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, text: null, html: null });
    expect(stored.recipient).toBe(body.email);
    expect(stored.sentAt).not.toBeNull();
    const sentList = await listMail('?status=sent');
    expect(sentList.mails.find((mail) => mail._id === answer.mail.id)).toMatchObject({
      status: 'sent',
      lastError: null,
    });
  });

  it('says a resent link was sent only when it was', async () => {
    const body = userBody();
    smtp.accept();
    const created = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    expect(created.json()).toMatchObject({ msg: ADMIN_MSG.userCreated, mail: { status: 'sent' } });
    const { user } = created.json();

    smtp.accepting = false;
    const refused = await server.call({
      method: 'POST',
      url: `/api/users/${user._id}/reset-link`,
      token: admin,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.mailQueue.resetLink,
      mail: { id: expect.any(String), status: 'queued' },
    });

    smtp.accept();
    const sent = await server.call({
      method: 'POST',
      url: `/api/users/${user._id}/reset-link`,
      token: admin,
    });
    expect(sent.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.resetLinkSent,
      mail: { id: expect.any(String), status: 'sent' },
    });
  });

  it("says an e-mail change's confirmation link is queued when it could not leave", async () => {
    smtp.accept();
    const body = userBody({ firstName: 'Elena' });
    const created = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    const { user } = created.json();
    smtp.accepting = false;
    const newEmail = `nuevo.${body.email}`;
    const changed = await server.call({
      method: 'PUT',
      url: `/api/users/${user._id}`,
      token: admin,
      payload: { ...body, email: newEmail },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      msg: SERVER_MSG.mailQueue.emailChangeByAdmin(newEmail),
      mail: { status: 'queued' },
    });
    const listed = await listMail('?status=queued');
    expect(listed.mails.find((mail) => mail._id === changed.json().mail.id)).toMatchObject({
      to: newEmail,
      kind: 'email-change',
    });
  });

  it('gives a mail up as failed after its last try, and an administrator retries it', async () => {
    const body = userBody({ firstName: 'Tomás' });
    const created = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    const { id } = created.json().mail as { id: string };
    for (let tries = 1; tries < DEFAULT_MAIL_QUEUE_SETTINGS.maxAttempts; tries += 1) {
      server.advanceClock(HOUR);
      await server.app.ctx.mail.deliverDue();
    }
    // Hours later: the administrator signs in again.
    admin = await server.login('admin');
    const failed = (await listMail('?status=failed')).mails.find((mail) => mail._id === id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: DEFAULT_MAIL_QUEUE_SETTINGS.maxAttempts,
    });
    // No more tries once it failed.
    server.advanceClock(24 * HOUR);
    smtp.accept();
    await server.app.ctx.mail.deliverDue();
    expect(smtp.to(body.email)).toHaveLength(0);
    // Kept whole so that it can be retried.
    expect((await mailRow(server.server.database.db, id)).text).toContain('reset-password');

    admin = await server.login('admin');
    const retried = await server.call({
      method: 'POST',
      url: `/api/mail/${id}/retry`,
      token: admin,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.mailQueue.retrySent,
      mail: { id, status: 'sent' },
    });
    expect(smtp.to(body.email)).toHaveLength(1);
    expect(await mailRow(server.server.database.db, id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      text: null,
    });

    // A sent mail is not retried again; an unknown one does not exist.
    const again = await server.call({ method: 'POST', url: `/api/mail/${id}/retry`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(SERVER_MSG.mailQueue.notFailed);
    const unknown = await server.call({
      method: 'POST',
      url: '/api/mail/00000000-0000-4000-8000-000000000000/retry',
      token: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a failed retry honest: back in the queue, not sent', async () => {
    admin = await server.login('admin');
    const body = userBody({ firstName: 'Ramiro' });
    const created = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    const { id } = created.json().mail as { id: string };
    for (let tries = 1; tries < DEFAULT_MAIL_QUEUE_SETTINGS.maxAttempts; tries += 1) {
      server.advanceClock(HOUR);
      await server.app.ctx.mail.deliverDue();
    }
    admin = await server.login('admin');
    const retried = await server.call({
      method: 'POST',
      url: `/api/mail/${id}/retry`,
      token: admin,
    });
    expect(retried.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.mailQueue.retryQueued,
      mail: { id, status: 'queued' },
    });
    expect(await mailRow(server.server.database.db, id)).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
  });
});

describe('the mail queue across restarts and server processes', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let smtpUrl: string;
  const dataDirs: string[] = [];
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    smtp = new TestSmtp();
    smtpUrl = await smtp.start();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.dispose();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function startInstance(): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-mail-'));
    dataDirs.push(dataDir);
    const config = {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DEMO: 'basic',
        CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
      }),
      web: null,
      smtpUrl,
    };
    const server = await createServer(config, database.target, { now });
    await server.app.ready();
    return server;
  }

  it('delivers after a restart what a stopped process could not send', async () => {
    smtp.accepting = false;
    const first = await startInstance();
    const to = 'reinicio@psicocampus.test';
    const queued = await first.app.ctx.mail.enqueue(
      { to, subject: 'Aviso', text: 'Texto', html: '<p>Texto</p>' },
      { kind: 'notice' },
    );
    await first.app.ctx.mail.idle();
    expect(await mailRow(first.database.db, queued.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
    await first.close();

    smtp.accept();
    offsetMs += DEFAULT_MAIL_QUEUE_SETTINGS.backoffMs(1) + 1;
    const second = await startInstance();
    try {
      await second.app.ctx.mail.deliverDue();
      expect(smtp.to(to)).toHaveLength(1);
      expect(await mailRow(second.database.db, queued.id)).toMatchObject({
        status: 'sent',
        text: null,
      });
    } finally {
      await second.close();
    }
  });

  it('takes again, once its lease ends, a mail a crashed process left half-sent', async () => {
    smtp.accept();
    const server = await startInstance();
    try {
      const to = 'caida@psicocampus.test';
      const { db } = server.database;
      // As a process that died in the middle of sending leaves it.
      const [row] = await db
        .insert(mailQueue)
        .values({
          kind: 'notice',
          recipient: to,
          subject: 'Aviso',
          text: 'Texto',
          html: '',
          status: 'sending',
          attempts: 1,
          leaseUntil: new Date(now().getTime() + DEFAULT_MAIL_QUEUE_SETTINGS.leaseMs),
        })
        .returning();
      await server.app.ctx.mail.deliverDue();
      expect(smtp.to(to)).toHaveLength(0);
      offsetMs += DEFAULT_MAIL_QUEUE_SETTINGS.leaseMs + 1;
      await server.app.ctx.mail.deliverDue();
      expect(smtp.to(to)).toHaveLength(1);
      expect(await mailRow(db, row!.id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await server.close();
    }
  });

  it('never takes over a mail it is itself still sending, however far its clock moves', async () => {
    // The clock can jump past a lease while a send is under way (a test's
    // clock, an NTP step): the poll must not send that mail a second time.
    const handle = await openDatabase(database.target);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tries: string[] = [];
    try {
      const queue = new MailQueue({
        db: handle.db,
        root: handle.db,
        mailer: {
          send: async (message) => {
            tries.push(message.to);
            await held;
          },
        },
        log: quietLog,
        now,
      });
      const to = 'una.vez@psicocampus.test';
      const { id } = await queue.enqueue(
        { to, subject: 'Aviso', text: 'Texto', html: '' },
        { kind: 'notice', notBefore: new Date(now().getTime() + 1_000) },
      );
      offsetMs += 2_000;
      const first = queue.deliverDue();
      while (!tries.includes(to)) await new Promise((resolve) => setTimeout(resolve, 5));
      offsetMs += DEFAULT_MAIL_QUEUE_SETTINGS.leaseMs + 1;
      const second = queue.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await Promise.all([first, second]);
      expect(tries.filter((address) => address === to)).toHaveLength(1);
      expect(await mailRow(handle.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      release();
      await handle.close();
    }
  });

  it('never sends one mail twice when several processes deliver at once', async () => {
    smtp.accept();
    // PostgreSQL: one pool each, as separate processes have. PGlite serves one process.
    const handles = [await openDatabase(database.target)];
    if (database.target.kind === 'postgres') handles.push(await openDatabase(database.target));
    try {
      const mailer = createMailer({
        smtpUrl,
        from: 'x@psicocampus.test',
        dataDir: tmpdir(),
        log: quietLog,
      });
      const queues = [0, 1, 2, 3].map(
        (index) =>
          new MailQueue({
            db: handles[index % handles.length]!.db,
            root: handles[index % handles.length]!.db,
            mailer,
            log: quietLog,
            now,
            settings: { batchSize: 3 },
          }),
      );
      const count = 24;
      const later = new Date(now().getTime() + 60_000);
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const queued = await queues[0]!.enqueue(
          { to: `varios.${index}@psicocampus.test`, subject: 'Aviso', text: 'Texto', html: '' },
          // Not tried by the queue that queued it: all of them race for it below.
          { kind: 'notice', notBefore: later },
        );
        ids.push(queued.id);
      }
      offsetMs += 120_000;
      const sent = await Promise.all(queues.map((queue) => queue.deliverDue()));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(count);
      const tos = smtp.received.map((mail) => mail.to).filter((to) => to.startsWith('varios.'));
      expect(tos).toHaveLength(count);
      expect(new Set(tos).size).toBe(count);
      for (const id of ids) {
        expect(await mailRow(handles[0]!.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
      }
    } finally {
      for (const handle of handles) await handle.close();
    }
  });
});

describe('shortError', () => {
  it('keeps why a mail failed, without an address with a password or a link', () => {
    expect(
      shortError(new Error('Invalid login: smtp://ana:secreto@mail.example.edu failed\nmore')),
    ).toBe('Invalid login: [url] failed');
    expect(shortError(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED: connect refused',
    );
    expect(shortError(new Error('x'.repeat(500)))).toHaveLength(200);
  });
});
