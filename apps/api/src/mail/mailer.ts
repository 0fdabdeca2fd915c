import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { DEFAULT_MAIL_FROM } from '../config';
import type { CalendarMethod } from './appointment-calendar';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An iCalendar invitation (appointment-calendar.ts), sent as text/calendar and as cita.ics. */
  calendar?: { method: CalendarMethod; content: string };
}

/** What nodemailer gets: the calendar as its icalEvent, both an alternative and an attachment. */
function toNodemailer(from: string, { calendar, ...message }: MailMessage) {
  return {
    from,
    ...message,
    ...(calendar
      ? { icalEvent: { method: calendar.method, filename: 'cita.ics', content: calendar.content } }
      : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What mail writes to the log: the server's logger, or the create-admin command's own. */
export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Mail through SMTP when SMTP_URL is set. Without it, each message is
 * written as an .eml file under DATA_DIR/outbox/ and its path logged, so a
 * person running the product locally can open the link it carries; a .txt
 * beside it holds the same mail as plain text, because the .eml's
 * quoted-printable lines cut a long link in pieces that a text editor shows
 * as they are. The files carry live reset links: only the server's own
 * user may read them (folder 0700, files 0600).
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: MailLog;
}): Mailer {
  const { from, log } = options;
  if (options.smtpUrl) {
    if (from === DEFAULT_MAIL_FROM) {
      log.warn(
        { from },
        "SMTP_URL is set but MAIL_FROM is not: mail goes out from the placeholder sender, which mail servers may refuse; set MAIL_FROM to the service's address",
      );
    }
    // A try must end well within the queue's lease (mail-queue.ts, 10 minutes),
    // or another process could take the same mail while this one still waits:
    // nodemailer would wait up to 2 minutes to connect and 10 for a silent server.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail(toNodemailer(from, message));
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sequence = 0;
  let outboxReady: Promise<void> | null = null;
  return {
    async send(message) {
      const info = await composer.sendMail(toNodemailer(from, message));
      // An outbox made by an earlier version may be readable by others: closed once.
      outboxReady ??= mkdir(outbox, { recursive: true, mode: 0o700 }).then(() =>
        chmod(outbox, 0o700),
      );
      await outboxReady;
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${process.pid}-${String(sequence).padStart(6, '0')}`;
      const file = path.join(outbox, `${name}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      await writeFile(path.join(outbox, `${name}.txt`), plainCopy(from, message), {
        mode: 0o600,
      });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}

/** The outbox's readable copy of a mail: its headers and text, each link whole on its line. */
function plainCopy(from: string, message: MailMessage): string {
  return `De: ${from}\nPara: ${message.to}\nAsunto: ${message.subject}\n\n${message.text}\n`;
}
