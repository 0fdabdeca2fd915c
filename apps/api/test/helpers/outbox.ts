import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded body (text and HTML parts together). */
  body: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (as UTF-8). */
function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // RFC 2047: the space between two encoded words is not part of the text.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? decodeHeader(match[1]!.replace(/\r?\n[ \t]/g, ' ')) : '';
}

/** The .eml files of an outbox folder, oldest first, with their headers and bodies decoded. */
export function readOutbox(folder: string): OutboxMail[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(folder, file), 'utf8');
      return {
        file: path.join(folder, file),
        to: header(raw, 'To'),
        subject: header(raw, 'Subject'),
        body: decodeQuotedPrintable(raw),
      };
    });
}

/** The first password link in a mail, e.g. http://host/reset-password/<token>. */
export function resetLinkIn(mail: OutboxMail): string {
  const match = /https?:\/\/[^\s"<]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.body);
  if (!match) throw new Error(`no reset link in ${mail.file}`);
  return match[0];
}
