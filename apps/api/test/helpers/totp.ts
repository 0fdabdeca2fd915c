import { createHmac, randomInt } from 'node:crypto';
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

/** What a test server's sign-ins know of an account's second factor. */
interface KnownFactor {
  secret: string;
  /** The last step whose code was sent: the server accepts each once. */
  lastStep: number;
  recoveryCodes: string[];
}

type Caller = Pick<TestServer, 'call' | 'now'>;

/** By server (its `call`), by e-mail. */
const factors = new WeakMap<Caller['call'], Map<string, KnownFactor>>();

function factorsOf(server: Caller): Map<string, KnownFactor> {
  let known = factors.get(server.call);
  if (!known) {
    known = new Map();
    factors.set(server.call, known);
  }
  return known;
}

/**
 * Completes a sign-in whose password step answered a second factor's step
 * (docs/sign-in-and-sessions.md#second-factor), as a person with an authenticator app would: enrols when the
 * policy requires it (keeping the key and recovery codes), else sends a code
 * the server has not seen yet (this step's, or the next one's), or, when
 * both were used within this step, a recovery code. Returns the session's
 * token. An answer with a token is returned as it is.
 */
export async function completeSignIn(
  server: Caller,
  email: string,
  answer: { token?: string; mfaRequired?: true; mfaEnrollmentRequired?: true; challenge?: string },
): Promise<string> {
  if (answer.token) return answer.token;
  const { challenge } = answer;
  if (!challenge) throw new Error(`sign-in of ${email}: no token and no challenge`);
  const known = factorsOf(server);
  const post = (url: string, payload: object) =>
    server.call({
      method: 'POST',
      url,
      payload,
      // A fresh address each time, as the password step's: tests never meet the address limit.
      remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  const expectToken = (response: Awaited<ReturnType<typeof post>>) => {
    if (response.statusCode !== 200 || !response.json().token) {
      throw new Error(`second factor of ${email}: ${response.statusCode} ${response.body}`);
    }
    return response.json();
  };

  if (answer.mfaEnrollmentRequired) {
    const enrolled = await post('/api/auth/mfa/enroll', { challenge });
    const { secret } = enrolled.json() as { secret: string };
    const step = Math.floor(server.now().getTime() / STEP_MS);
    const confirmed = expectToken(
      await post('/api/auth/mfa/confirm', { challenge, code: hotp(base32Bytes(secret), step) }),
    );
    known.set(email.toLowerCase(), {
      secret,
      lastStep: step,
      recoveryCodes: confirmed.recoveryCodes,
    });
    return confirmed.token as string;
  }

  const factor = known.get(email.toLowerCase());
  if (!factor) throw new Error(`${email} has a second factor these tests did not enrol`);
  let current = Math.floor(server.now().getTime() / STEP_MS);
  // A test that signs one account in more often than its codes allow (two
  // steps' codes and ten recovery codes in one step) waits, as a person
  // would, for the app's next code, instead of failing on a faster machine.
  for (
    let waited = 0;
    factor.recoveryCodes.length === 0 && factor.lastStep + 1 > current + 1 && waited < 2 * STEP_MS;
    waited += 250
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = Math.floor(server.now().getTime() / STEP_MS);
  }
  const step = Math.max(current, factor.lastStep + 1);
  if (step <= current + 1) {
    factor.lastStep = step;
    const code = hotp(base32Bytes(factor.secret), step);
    return expectToken(await post('/api/auth/login/mfa', { challenge, code })).token as string;
  }
  const recoveryCode = factor.recoveryCodes.shift();
  if (!recoveryCode) throw new Error(`${email}: no code left in this step, nor recovery codes`);
  return expectToken(await post('/api/auth/login/mfa', { challenge, recoveryCode }))
    .token as string;
}

/**
 * A code of an account's app that the server has not accepted yet (this
 * step's, or the next one's), for a call that asks a signed-in person for
 * one again: an administrator's reset of another account's second factor.
 * The account is one a test server's sign-ins enrolled (completeSignIn).
 */
export async function freshCodeOf(server: Caller, email: string): Promise<string> {
  const factor = factorsOf(server).get(email.toLowerCase());
  if (!factor) throw new Error(`${email} has a second factor these tests did not enrol`);
  let current = Math.floor(server.now().getTime() / STEP_MS);
  // Both codes of this step already spent by sign-ins: wait, as a person
  // would, for the app's next code (at most two steps).
  for (let waited = 0; factor.lastStep > current && waited < 2 * STEP_MS; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = Math.floor(server.now().getTime() / STEP_MS);
  }
  const step = Math.max(current, factor.lastStep + 1);
  if (step > current + 1) throw new Error(`${email}: no code of the app is left to use`);
  factor.lastStep = step;
  return hotp(base32Bytes(factor.secret), step);
}
