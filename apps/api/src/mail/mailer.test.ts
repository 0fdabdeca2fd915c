import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

const log = Fastify({ logger: false }).log;
const message = passwordResetMail(
  'psicologa@psicocampus.test',
  'Lucía',
  'https://psicocampus.example.edu/reset-password/abc',
);

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
      expect(received[0]).toContain('reset-password/abc');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('writes an .eml file in DATA_DIR/outbox when there is no SMTP', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'PsicoCampus <x@y.z>', dataDir, log });
      await mailer.send(message);
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toContain('To: psicologa@psicocampus.test');
      expect(raw).toContain('Content-Type: text/html');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
