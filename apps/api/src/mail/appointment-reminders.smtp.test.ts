import { appointmentUid } from './appointment-calendar';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Appointment } from '@psicocampus/shared/domain';
import { loadConfig } from '../config';
import { createServer, type RunningServer } from '../server';
import { CLINICAL_WORDS, parseInvitation } from '../../test/helpers/ics';
import { studentBody } from '../../test/helpers/patients';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/helpers/test-database';
import { demoAccount, randomAddress, TEST_CLINICAL_KEY } from '../../test/helpers/test-server';
import { createMailer } from './mailer';
import { MailQueue } from './mail-queue';

/**
 * What appointment reminders promise (docs/decisions.md#appointments): a reminder reaches a real SMTP server once and
 * only once with two server processes delivering, with a valid .ics; a move
 * sends an updated invitation and a cancellation a CANCEL. On PostgreSQL the
 * two are two servers with their own pools; PGlite serves one process, so
 * there the second is a second queue over the same database.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

interface Delivered {
  to: string;
  raw: string;
}

/** The .ics attachment of a raw mail (nodemailer writes it base64, as cita.ics). */
function attachedCalendar(raw: string): string {
  const match =
    /Content-Type: application\/ics; name=cita\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
      raw,
    );
  expect(match).not.toBeNull();
  return Buffer.from(match![1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/** The mail's parts as read, quoted-printable undone (UTF-8). */
function textPart(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`),
    'latin1',
  )
    .toString('latin1')
    .replace(/(%[0-9A-F]{2})+/g, (bytes) => {
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    });
}

describe('appointment reminders through a real SMTP server and two processes', () => {
  let database: TestDatabase;
  const received: Delivered[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: data });
        callback();
      });
    },
  });
  let smtpUrl: string;
  const dataDirs: string[] = [];
  const running: RunningServer[] = [];
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const server of running) await server.close().catch(() => {});
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.dispose();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function startInstance(): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-reminders-'));
    dataDirs.push(dataDir);
    const config = {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DEMO: 'basic',
        APPOINTMENT_PLACE: 'Edificio B, oficina 204',
        CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
      }),
      web: null,
      smtpUrl,
    };
    const server = await createServer(config, database.target, { now });
    await server.app.ready();
    running.push(server);
    return server;
  }

  /** A second process delivering from the same database. */
  async function secondSender(
    first: RunningServer,
  ): Promise<{ mail: MailQueue; server?: RunningServer }> {
    if (onPostgres) {
      const server = await startInstance();
      return { mail: server.app.ctx.mail, server };
    }
    const log = Fastify({ logger: false }).log;
    const mailer = createMailer({ smtpUrl, from: 'x@psicocampus.test', dataDir: tmpdir(), log });
    const { db } = first.database;
    return { mail: new MailQueue({ db, root: db, mailer, log, now }) };
  }

  async function login(server: RunningServer): Promise<string> {
    const account = demoAccount('psychologist');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: randomAddress(),
    });
    expect(response.statusCode).toBe(200);
    return response.json().token;
  }

  it('delivers the reminder once with a valid .ics; a move updates it, a cancellation removes it', async () => {
    let first = await startInstance();
    const second = await secondSender(first);
    let token = await login(first);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { 'x-token': token },
      payload: studentBody(),
    });
    expect(created.statusCode).toBe(201);
    const student = created.json().student as { _id: string; email: string };
    const date = new Date(now().getTime() + 2 * DAY_MS);
    date.setUTCSeconds(0, 0);
    const booked = await first.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { 'x-token': token },
      payload: {
        studentId: student._id,
        date: date.toISOString(),
        reason: 'Crisis de ansiedad',
        confirmOverlap: true,
      },
    });
    expect(booked.statusCode).toBe(201);
    let appointment = booked.json().appointment as Appointment;
    const mine = () => received.filter((mail) => mail.to === student.email);

    // Not before its time.
    await Promise.all([first.app.ctx.mail.deliverDue(), second.mail.deliverDue()]);
    expect(mine()).toHaveLength(0);

    // Its time comes: both processes deliver at once, the student gets it once.
    offsetMs += DAY_MS + 60_000;
    await Promise.all([
      first.app.ctx.mail.deliverDue(),
      second.mail.deliverDue(),
      first.app.ctx.mail.deliverDue(),
      second.mail.deliverDue(),
    ]);
    expect(mine()).toHaveLength(1);
    const reminder = mine()[0]!;
    const text = textPart(reminder.raw);
    expect(text).toContain('Recordatorio de tu cita');
    expect(text).toContain('Edificio B, oficina 204');
    expect(reminder.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    for (const word of CLINICAL_WORDS) expect(text.toLowerCase()).not.toContain(word);
    const invitation = parseInvitation(attachedCalendar(reminder.raw));
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      uid: appointmentUid(appointment._id),
      sequence: 0,
      location: 'Edificio B, oficina 204',
    });
    expect(invitation.start.toISOString()).toBe(date.toISOString());

    // A restart sends nothing again.
    await first.close();
    first = await startInstance();
    await Promise.all([first.app.ctx.mail.deliverDue(), second.mail.deliverDue()]);
    expect(mine()).toHaveLength(1);

    // Moved: an updated invitation at once, same UID, higher SEQUENCE.
    token = await login(first);
    const later = new Date(date.getTime() + DAY_MS);
    const moved = await first.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment._id}`,
      headers: { 'x-token': token },
      payload: {
        date: later.toISOString(),
        durationMinutes: 50,
        reason: appointment.reason,
        notes: appointment.notes,
        version: appointment.version,
        confirmOverlap: true,
      },
    });
    expect(moved.statusCode).toBe(200);
    appointment = moved.json().appointment as Appointment;
    await Promise.all([first.app.ctx.mail.idle(), second.mail.deliverDue()]);
    expect(mine()).toHaveLength(2);
    const update = parseInvitation(attachedCalendar(mine()[1]!.raw));
    expect(update).toMatchObject({ method: 'REQUEST', uid: invitation.uid });
    expect(update.sequence).toBeGreaterThan(invitation.sequence);
    expect(update.start.toISOString()).toBe(later.toISOString());

    // Cancelled: a CANCEL at once, same UID, higher SEQUENCE still.
    const cancelled = await first.app.inject({
      method: 'POST',
      url: `/api/appointments/${appointment._id}/status`,
      headers: { 'x-token': token },
      payload: {
        status: 'CANCELLED',
        cancelledBy: 'SERVICE',
        reason: 'Cierre del campus',
        version: appointment.version,
      },
    });
    expect(cancelled.statusCode).toBe(200);
    await Promise.all([first.app.ctx.mail.idle(), second.mail.deliverDue()]);
    // The reminder queued for the new time never leaves.
    offsetMs += 2 * DAY_MS;
    await Promise.all([first.app.ctx.mail.deliverDue(), second.mail.deliverDue()]);
    expect(mine()).toHaveLength(3);
    const cancellation = mine()[2]!;
    expect(cancellation.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    const removal = parseInvitation(attachedCalendar(cancellation.raw));
    expect(removal).toMatchObject({ method: 'CANCEL', uid: invitation.uid, status: 'CANCELLED' });
    expect(removal.sequence).toBeGreaterThan(update.sequence);
    // None of the three says why, or anything about the kind of care.
    for (const mail of mine()) {
      // The parts as a person reads them: the attachment's base64 lines are left out.
      const parts = textPart(mail.raw).replace(/^[A-Za-z0-9+/=]{60,}\r?$/gm, '');
      const readable = `${parts}\n${attachedCalendar(mail.raw)}`.toLowerCase();
      for (const word of CLINICAL_WORDS) expect(readable).not.toContain(word);
      expect(readable).not.toContain('cierre del campus');
      expect(readable).not.toContain(appointment._id);
    }
  });
});
