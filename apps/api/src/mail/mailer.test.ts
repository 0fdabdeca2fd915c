import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_MAIL_FROM } from '../config';
import { createMailer, type MailLog } from './mailer';
import { passwordResetMail } from './templates';

const log = Fastify({ logger: false }).log;
const LINK = `https://psicocampus.example.edu/reset-password/${'a1b2c3d4'.repeat(8)}`;
const message = passwordResetMail('psicologa@psicocampus.test', 'Lucía', LINK);

describe('the mailer', () => {
  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'PsicoCampus <no-responder@psicocampus.test>',
        dataDir: tmpdir(),
        log,
      });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: psicologa@psicocampus.test');
      expect(received[0]).toContain('reset-password/');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('writes an .eml file in DATA_DIR/outbox when there is no SMTP', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'PsicoCampus <x@y.z>', dataDir, log });
      await mailer.send(message);
      const files = readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toContain('To: psicologa@psicocampus.test');
      expect(raw).toContain('Content-Type: text/html');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('writes beside the .eml a .txt whose every link is whole on one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'PsicoCampus <x@y.z>', dataDir, log });
      await mailer.send(message);
      const [eml, txt] = readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(txt).toBe(eml!.replace(/\.eml$/, '.txt'));
      const lines = readFileSync(path.join(dataDir, 'outbox', txt!), 'utf8').split('\n');
      expect(lines).toContain('Para: psicologa@psicocampus.test');
      expect(lines.some((line) => line.includes(LINK))).toBe(true);
      // The reason for the copy: the raw .eml never holds the link on one line.
      const raw = readFileSync(path.join(dataDir, 'outbox', eml!), 'utf8');
      expect(raw.split(/\r?\n/).some((line) => line.includes(LINK))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("lets only the server's user read the outbox, even one an earlier version left open", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-mail-'));
    try {
      mkdirSync(path.join(dataDir, 'outbox'));
      chmodSync(path.join(dataDir, 'outbox'), 0o755);
      const mailer = createMailer({ smtpUrl: null, from: 'PsicoCampus <x@y.z>', dataDir, log });
      await mailer.send(message);
      const outbox = path.join(dataDir, 'outbox');
      expect(statSync(outbox).mode & 0o777).toBe(0o700);
      for (const file of readdirSync(outbox)) {
        expect(statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('warns at start when SMTP_URL is set and MAIL_FROM is not', () => {
    const warnings: unknown[] = [];
    const spy: MailLog = {
      info: () => {},
      error: () => {},
      warn: (...args: unknown[]) => warnings.push(args),
    };
    createMailer({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: DEFAULT_MAIL_FROM,
      dataDir: tmpdir(),
      log: spy,
    });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('MAIL_FROM');
    createMailer({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Bienestar <bienestar@uni.edu>',
      dataDir: tmpdir(),
      log: spy,
    });
    createMailer({ smtpUrl: null, from: DEFAULT_MAIL_FROM, dataDir: tmpdir(), log: spy });
    expect(warnings).toHaveLength(1);
  });
});
