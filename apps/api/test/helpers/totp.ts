import { createHmac } from 'node:crypto';
import type { TestServer } from './test-server';

/*
 * TOTP of RFC 6238 (HMAC-SHA1, 6 digits, 30-second steps) written here with
 * node:crypto alone, independently of the library the server uses, so that
 * a test's code is computed the way an authenticator app computes it.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const STEP_MS = 30_000;

/** The bytes of a base32 key (RFC 4648; padding and case ignored). */
export function base32Bytes(secret: string): Buffer {
  const bits = secret
    .replace(/=+$/, '')
    .toUpperCase()
    .split('')
    .map((char) => {
      const value = BASE32.indexOf(char);
      if (value < 0) throw new Error(`not base32: ${char}`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let at = 0; at + 8 <= bits.length; at += 8) bytes.push(parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226) of a key and counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of a base32 key at a moment (`stepOffset` steps later or earlier). */
export function totpAt(secret: string, at: Date, stepOffset = 0, digits = 6): string {
  return hotp(base32Bytes(secret), Math.floor(at.getTime() / STEP_MS) + stepOffset, digits);
}

/**
 * Moves the server's clock forward to the middle of a step (at most 30
 * seconds on), so that a code computed now is still of the server's step
 * when the call reaches it, however slow the machine.
 */
export function toMiddleOfStep(server: TestServer): void {
  const into = server.now().getTime() % STEP_MS;
  server.advanceClock((STEP_MS / 2 - into + STEP_MS) % STEP_MS);
}

/** Moves the server's clock to the middle of the next step: a new code. */
export function toNextStep(server: TestServer): void {
  toMiddleOfStep(server);
  server.advanceClock(STEP_MS);
}

/** The code of a key at the server's moment. */
export function codeNow(server: TestServer, secret: string, stepOffset = 0): string {
  return totpAt(secret, server.now(), stepOffset);
}
