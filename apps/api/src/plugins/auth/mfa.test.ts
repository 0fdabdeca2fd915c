import { eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { auditLog, users } from '../../db/schema';
import { auditRowsOf, userIdOf } from '../../../test/helpers/patients';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type DemoAccountKey,
  type TestServer,
} from '../../../test/helpers/test-server';
import { codeNow, toMiddleOfStep, toNextStep, totpAt } from '../../../test/helpers/totp';
import { acceptedStep } from './second-factor';

/*
 * The second factor. Every code here is computed by the test's
 * own RFC 6238 implementation (test/helpers/totp.ts), itself checked
 * against the RFC's test vectors below.
 */

/** RFC 6238 appendix B, SHA-1: the key "12345678901234567890" and the 8-digit codes. */
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe("the tests' own TOTP and the server's", () => {
  it.each(RFC_VECTORS)('compute the RFC 6238 code at %i s', async (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpAt(RFC_KEY, at, 0, 8)).toBe(code);
    // The server checks 6 digits: the last six of the RFC's.
    const step = await acceptedStep(RFC_KEY, code.slice(-6), at, null);
    expect(step).toBe(Math.floor(seconds / 30));
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mfaRequiredForAdmins: true });
});
afterAll(() => server.close());

const post = (url: string, payload: object, token?: string) =>
  server.call({ method: 'POST', url, payload, token, remoteAddress: randomAddress() });

function passwordStep(key: DemoAccountKey | { email: string; password: string }) {
  const account = typeof key === 'string' ? demoAccount(key) : key;
  return post('/api/auth/login', { email: account.email, password: account.password });
}

/** The forced enrolment of an account: returns its key, recovery codes and first session. */
async function enrolAtSignIn(key: DemoAccountKey) {
  const login = await passwordStep(key);
  expect(login.statusCode).toBe(200);
  const { challenge } = login.json();
  const enrol = await post('/api/auth/mfa/enroll', { challenge });
  expect(enrol.statusCode).toBe(200);
  const { secret } = enrol.json();
  toMiddleOfStep(server);
  const confirm = await post('/api/auth/mfa/confirm', { challenge, code: codeNow(server, secret) });
  expect(confirm.statusCode).toBe(200);
  return {
    secret,
    recoveryCodes: confirm.json().recoveryCodes as string[],
    token: confirm.json().token as string,
  };
}

/** A sign-in with a code of the next step (a code is accepted once). */
async function signInWithCode(key: DemoAccountKey, secret: string) {
  const { challenge } = (await passwordStep(key)).json();
  toNextStep(server);
  const answer = await post('/api/auth/login/mfa', { challenge, code: codeNow(server, secret) });
  expect(answer.statusCode).toBe(200);
  return answer.json().token as string;
}

const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });

let admin: Awaited<ReturnType<typeof enrolAtSignIn>>;

/** The enrolled demo administrator's own proof: the password and a code of a step not used yet. */
function adminProof(): { password: string; code: string } {
  toNextStep(server);
  return { password: demoAccount('admin').password, code: codeNow(server, admin.secret) };
}

/** An administrator's reset of another account's second factor, with `proof` as its body. */
async function resetByAdmin(adminToken: string, key: DemoAccountKey, proof: object = adminProof()) {
  return server.call({
    method: 'POST',
    url: `/api/users/${await userIdOf(server, key)}/mfa/reset`,
    token: adminToken,
    payload: proof,
    remoteAddress: randomAddress(),
  });
}

/** Turns a second factor on from the profile (the password, then a code): its key and session. */
async function enrolFromProfile(on: TestServer, key: DemoAccountKey) {
  const token = await on.login(key);
  const enrol = await on.call({
    method: 'POST',
    url: '/api/auth/mfa/enroll',
    token,
    payload: { password: demoAccount(key).password },
  });
  expect(enrol.statusCode).toBe(200);
  const { secret } = enrol.json() as { secret: string };
  toMiddleOfStep(on);
  const confirm = await on.call({
    method: 'POST',
    url: '/api/auth/mfa/confirm',
    token,
    payload: { code: codeNow(on, secret) },
  });
  expect(confirm.statusCode).toBe(200);
  return { token, secret };
}

/** A new session of the enrolled demo administrator. */
async function adminSession(): Promise<string> {
  toNextStep(server);
  return signInWithCode('admin', admin.secret);
}

describe('an administrator without a second factor', () => {
  it('gets no session for the password alone, only an enrolment challenge', async () => {
    const login = await passwordStep('admin');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      ok: true,
      mfaEnrollmentRequired: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(login.json().token).toBeUndefined();
  });

  it('enrols with a QR link and a key, confirms with one code, and gets 10 recovery codes and a session', async () => {
    const login = await passwordStep('admin');
    const { challenge } = login.json();
    const enrol = await post('/api/auth/mfa/enroll', { challenge });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUrl } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('PsicoCampus');

    toMiddleOfStep(server);
    const wrong = await post('/api/auth/mfa/confirm', {
      challenge,
      code: codeNow(server, secret, 3),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(MFA_MSG.codeWrong);

    const confirm = await post('/api/auth/mfa/confirm', {
      challenge,
      code: codeNow(server, secret),
    });
    expect(confirm.statusCode).toBe(200);
    const body = confirm.json();
    expect(body).toEqual({
      ok: true,
      msg: MSG.auth.welcomeText,
      token: expect.any(String),
      user: expect.objectContaining({ role: 'ADMIN', email: demoAccount('admin').email }),
      recoveryCodes: expect.any(Array),
    });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect((await me(body.token)).statusCode).toBe(200);
    admin = { secret, recoveryCodes: body.recoveryCodes, token: body.token };

    // The challenge was single-use.
    const again = await post('/api/auth/mfa/confirm', {
      challenge,
      code: codeNow(server, secret, 1),
    });
    expect(again.statusCode).toBe(401);

    // Recovery codes are stored only as hashes, the key never in the audit log.
    const stored = JSON.stringify(await server.server.database.db.select().from(auditLog));
    expect(stored).not.toContain(secret);
    for (const code of body.recoveryCodes) expect(stored).not.toContain(code);
    const [row] = await server.server.database.db
      .select({ pending: users.mfaPendingSecret })
      .from(users)
      .where(eq(users.email, demoAccount('admin').email));
    expect(row!.pending).toBeNull();
  });

  it('is then asked for a code at every sign-in, and a code opens a session', async () => {
    const login = await passwordStep('admin');
    expect(login.json()).toEqual({ ok: true, mfaRequired: true, challenge: expect.any(String) });
    toNextStep(server);
    const answer = await post('/api/auth/login/mfa', {
      challenge: login.json().challenge,
      code: codeNow(server, admin.secret),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      ok: true,
      msg: MSG.auth.welcomeText,
      token: expect.any(String),
      user: expect.objectContaining({ role: 'ADMIN' }),
    });
    expect((await me(answer.json().token)).statusCode).toBe(200);
    expect((await auditRowsOf(server, 'auth.mfa_verify')).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { method: 'totp' },
    });
  });

  it('refuses a code already used (no replay within its window), and a used challenge opens nothing', async () => {
    const first = await passwordStep('admin');
    toNextStep(server);
    const code = codeNow(server, admin.secret);
    const used = await post('/api/auth/login/mfa', { challenge: first.json().challenge, code });
    expect(used.statusCode).toBe(200);

    const second = await passwordStep('admin');
    const replay = await post('/api/auth/login/mfa', { challenge: second.json().challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe(MFA_MSG.codeAlreadyUsed);
    expect(replay.json().errors).toEqual([{ field: 'code', msg: MFA_MSG.codeAlreadyUsed }]);
    // The previous step's code is older than the one used: refused too.
    const older = await post('/api/auth/login/mfa', {
      challenge: second.json().challenge,
      code: codeNow(server, admin.secret, -1),
    });
    expect(older.statusCode).toBe(400);
    // A used challenge opens nothing, even with a good code.
    toNextStep(server);
    const reused = await post('/api/auth/login/mfa', {
      challenge: first.json().challenge,
      code: codeNow(server, admin.secret),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().msg).toBe(MFA_MSG.challengeExpired);
  });

  it('answers a code used once already as such, never counting it as a guess (two sign-ins within one step lock nothing)', async () => {
    toNextStep(server);
    const code = codeNow(server, admin.secret);
    const first = await passwordStep('admin');
    expect(
      (await post('/api/auth/login/mfa', { challenge: first.json().challenge, code })).statusCode,
    ).toBe(200);
    // Someone signing in again on another computer within the same 30 s types the same code,
    // more often than the limits allow wrong ones (5 a challenge, 9 an account).
    const again = await passwordStep('admin');
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const replay = await post('/api/auth/login/mfa', { challenge: again.json().challenge, code });
      expect([attempt, replay.statusCode, replay.json().msg]).toEqual([
        attempt,
        400,
        MFA_MSG.codeAlreadyUsed,
      ]);
    }
    // The next code of the app signs in on that very challenge.
    toNextStep(server);
    const next = await post('/api/auth/login/mfa', {
      challenge: again.json().challenge,
      code: codeNow(server, admin.secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a clock one step behind or ahead, not two', async () => {
    for (const [drift, status] of [
      [-2, 400],
      [2, 400],
      [-1, 200],
    ] as const) {
      toNextStep(server);
      toNextStep(server);
      const { challenge } = (await passwordStep('admin')).json();
      const answer = await post('/api/auth/login/mfa', {
        challenge,
        code: codeNow(server, admin.secret, drift),
      });
      expect([drift, answer.statusCode]).toEqual([drift, status]);
    }
    toNextStep(server);
    toNextStep(server);
    const { challenge } = (await passwordStep('admin')).json();
    const ahead = await post('/api/auth/login/mfa', {
      challenge,
      code: codeNow(server, admin.secret, 1),
    });
    expect(ahead.statusCode).toBe(200);
  });

  it('ends a challenge after 5 minutes', async () => {
    const { challenge } = (await passwordStep('admin')).json();
    server.advanceClock(5 * 60_000 + 1000);
    toMiddleOfStep(server);
    toNextStep(server);
    const late = await post('/api/auth/login/mfa', {
      challenge,
      code: codeNow(server, admin.secret),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe(MFA_MSG.challengeExpired);
  });

  it('answers the 6th code of one challenge with 429 and Retry-After, even a right one', async () => {
    toNextStep(server);
    const { challenge } = (await passwordStep('admin')).json();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await post('/api/auth/login/mfa', { challenge, code: '000000' });
      expect(wrong.statusCode).toBe(400);
    }
    const sixth = await post('/api/auth/login/mfa', {
      challenge,
      code: codeNow(server, admin.secret),
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toBe(MFA_MSG.tooManyForChallenge);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditRowsOf(server, 'auth.mfa_verify')).at(-1)).toMatchObject({
      outcome: 'denied',
    });
  });

  it('answers the 10th code of an account within 15 minutes with 429, on any challenge', async () => {
    // The earlier tests' wrong codes are forgotten 15 minutes later.
    server.advanceClock(15 * 60_000);
    for (const tries of [5, 4]) {
      const { challenge } = (await passwordStep('admin')).json();
      for (let attempt = 1; attempt <= tries; attempt += 1) {
        const wrong = await post('/api/auth/login/mfa', { challenge, code: '111111' });
        expect(wrong.statusCode).toBe(400);
      }
    }
    const fresh = (await passwordStep('admin')).json().challenge;
    toNextStep(server);
    const tenth = await post('/api/auth/login/mfa', {
      challenge: fresh,
      code: codeNow(server, admin.secret),
    });
    expect(tenth.statusCode).toBe(429);
    const retryAfter = Number(tenth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(tenth.json().msg).toMatch(/Demasiados códigos incorrectos/);

    // 15 minutes later the account may try again.
    server.advanceClock(15 * 60_000);
    toNextStep(server);
    await signInWithCode('admin', admin.secret);
  });

  it('signs in with a recovery code once, saying how many remain', async () => {
    const { challenge } = (await passwordStep('admin')).json();
    const [first] = admin.recoveryCodes;
    const answer = await post('/api/auth/login/mfa', {
      challenge,
      recoveryCode: ` ${first!.toUpperCase()} `,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      ok: true,
      token: expect.any(String),
      recoveryCodesLeft: 9,
      notice: MFA_MSG.recoveryCodesLeft(9),
    });
    expect(MFA_MSG.recoveryCodesLeft(9)).toBe('Te quedan 9 códigos de recuperación.');
    expect((await auditRowsOf(server, 'auth.mfa_verify')).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { method: 'recovery_code', recoveryCodesLeft: 9 },
    });

    const again = (await passwordStep('admin')).json().challenge;
    const reused = await post('/api/auth/login/mfa', { challenge: again, recoveryCode: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe(MFA_MSG.recoveryCodeWrong);

    const status = await server.call({
      method: 'GET',
      url: '/api/auth/mfa',
      token: answer.json().token,
    });
    expect(status.json()).toEqual({
      ok: true,
      mfa: { enabled: true, required: true, recoveryCodesLeft: 9 },
    });
  });

  it('cannot disable a second factor the policy requires of administrators', async () => {
    toNextStep(server);
    const token = await signInWithCode('admin', admin.secret);
    toNextStep(server);
    const refused = await server.call({
      method: 'DELETE',
      url: '/api/auth/mfa',
      token,
      payload: { password: demoAccount('admin').password, code: codeNow(server, admin.secret) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MFA_MSG.requiredByPolicy);
  });

  it('cannot reset its own second factor', async () => {
    toNextStep(server);
    const token = await signInWithCode('admin', admin.secret);
    const own = await resetByAdmin(token, 'admin');
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe(MFA_MSG.resetSelf);
  });
});

describe('a psychologist', () => {
  it('signs in with the password alone while the service does not require a second factor', async () => {
    const login = await passwordStep('psychologist');
    expect(login.json()).toEqual({
      ok: true,
      token: expect.any(String),
      user: expect.objectContaining({ role: 'PSYCHOLOGIST' }),
      msg: MSG.auth.welcomeText,
    });
  });

  it('puts no factor on an account for a session alone: the profile enrols with the current password (ASVS V3.7.1)', async () => {
    const token = (await passwordStep('psychologist2')).json().token as string;
    const enrol = (payload: Record<string, unknown>) =>
      server.call({ method: 'POST', url: '/api/auth/mfa/enroll', token, payload });
    const bare = await enrol({});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([
      { field: 'password', msg: MSG.auth.currentPasswordRequired },
    ]);
    const wrong = await enrol({ password: 'la contraseña de otro' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'password', msg: MSG.auth.currentPasswordWrong },
    ]);
    // Neither left a key waiting: a code for no key confirms nothing.
    const confirm = await server.call({
      method: 'POST',
      url: '/api/auth/mfa/confirm',
      token,
      payload: { code: '123456' },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().msg).toBe(MFA_MSG.enrollFirst);
    // A wrong password here is a failed sign-in of the account, under the login's limits.
    const failures = (await auditRowsOf(server, 'auth.mfa_enroll')).filter(
      (row) => row.outcome !== 'success',
    );
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('enrols from the profile with a session, and may disable it with the password and a code', async () => {
    const token = (await passwordStep('psychologist2')).json().token as string;
    const enrol = await server.call({
      method: 'POST',
      url: '/api/auth/mfa/enroll',
      token,
      payload: { password: demoAccount('psychologist2').password },
    });
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json();
    toMiddleOfStep(server);
    const confirm = await server.call({
      method: 'POST',
      url: '/api/auth/mfa/confirm',
      token,
      payload: { code: codeNow(server, secret) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({
      ok: true,
      msg: MFA_MSG.enrolled,
      recoveryCodes: expect.any(Array),
    });
    const status = await server.call({ method: 'GET', url: '/api/auth/mfa', token });
    expect(status.json().mfa).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // The next sign-in asks for a code.
    expect((await passwordStep('psychologist2')).json().mfaRequired).toBe(true);

    toNextStep(server);
    const wrongPassword = await server.call({
      method: 'DELETE',
      url: '/api/auth/mfa',
      token,
      payload: { password: 'no es la contraseña', code: codeNow(server, secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await server.call({
      method: 'DELETE',
      url: '/api/auth/mfa',
      token,
      payload: {
        password: demoAccount('psychologist2').password,
        code: codeNow(server, secret, -3),
      },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toEqual([{ field: 'code', msg: MFA_MSG.codeWrong }]);
    const disabled = await server.call({
      method: 'DELETE',
      url: '/api/auth/mfa',
      token,
      payload: { password: demoAccount('psychologist2').password, code: codeNow(server, secret) },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().msg).toBe(MFA_MSG.disabled);
    expect((await passwordStep('psychologist2')).json().token).toEqual(expect.any(String));
    expect((await auditRowsOf(server, 'auth.mfa_disable')).at(-1)).toMatchObject({
      outcome: 'success',
    });
  });

  it('enrols at the next sign-in once an administrator requires it of psychologists, and cannot disable it', async () => {
    const adminToken = await adminSession();
    const policy = (payload: object) =>
      server.call({ method: 'PUT', url: '/api/service/mfa', token: adminToken, payload });
    expect((await policy({ psychologistsRequired: 'sí' })).statusCode).toBe(400);
    const saved = await policy({ psychologistsRequired: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().policy).toEqual({ adminsRequired: true, psychologistsRequired: true });
    const read = await server.call({ method: 'GET', url: '/api/service/mfa', token: adminToken });
    expect(read.json()).toEqual({
      ok: true,
      policy: { adminsRequired: true, psychologistsRequired: true },
    });
    expect((await auditRowsOf(server, 'service.mfa_policy')).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { psychologistsRequired: true },
    });

    const login = await passwordStep('psychologist');
    expect(login.json()).toEqual({
      ok: true,
      mfaEnrollmentRequired: true,
      challenge: expect.any(String),
    });
    const lucia = await enrolAtSignIn('psychologist');
    toNextStep(server);
    const refused = await server.call({
      method: 'DELETE',
      url: '/api/auth/mfa',
      token: lucia.token,
      payload: {
        password: demoAccount('psychologist').password,
        code: codeNow(server, lucia.secret),
      },
    });
    expect(refused.statusCode).toBe(409);

    // An administrator resets it: her sessions end, she is told by mail, and enrols again.
    const reset = await resetByAdmin(adminToken, 'psychologist');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().msg).toBe(MFA_MSG.resetDone);
    expect((await me(lucia.token)).statusCode).toBe(401);
    const mail = (await server.outbox())
      .filter((m) => m.to.includes(demoAccount('psychologist').email))
      .at(-1);
    expect(mail?.subject).toBe('Se restableció el segundo factor de tu cuenta de PsicoCampus');
    expect(mail?.body).toContain(demoAccount('admin').firstName);
    expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
      outcome: 'success',
      recordId: await userIdOf(server, 'psychologist'),
      detail: { hadSecondFactor: true },
    });
    expect((await passwordStep('psychologist')).json().mfaEnrollmentRequired).toBe(true);

    // Every psychologist enrols at the next sign-in; an unknown account is a 404.
    expect((await passwordStep('psychologist2')).json().mfaEnrollmentRequired).toBe(true);
    const unknown = await server.call({
      method: 'POST',
      url: '/api/users/00000000-0000-4000-8000-000000000000/mfa/reset',
      token: adminToken,
      payload: adminProof(),
    });
    expect(unknown.statusCode).toBe(404);

    expect((await policy({ psychologistsRequired: false })).statusCode).toBe(200);
    expect((await passwordStep('psychologist')).json().token).toEqual(expect.any(String));
  });
});

describe('an account without a second factor', () => {
  it('shows as such in the users list, and a reset of it is refused in Spanish, changing nothing', async () => {
    const adminToken = await adminSession();
    // The policy is off again: Martín signs in with his password and has no factor.
    const martin = await server.login('psychologist2');
    const users = await server.call({ method: 'GET', url: '/api/users', token: adminToken });
    const factors = Object.fromEntries(
      (users.json().users as Array<{ email: string; hasSecondFactor: boolean }>).map((user) => [
        user.email,
        user.hasSecondFactor,
      ]),
    );
    expect(factors).toMatchObject({
      [demoAccount('admin').email]: true,
      [demoAccount('psychologist2').email]: false,
    });

    const mailsBefore = (await server.outbox()).length;
    const refused = await resetByAdmin(adminToken, 'psychologist2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, msg: MFA_MSG.resetNone });
    // Nothing happened to the account: its session lives, and nobody is mailed.
    expect((await me(martin)).statusCode).toBe(200);
    expect((await server.outbox()).length).toBe(mailsBefore);
    expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
      outcome: 'invalid',
      recordId: await userIdOf(server, 'psychologist2'),
    });
  });
});

describe("an administrator's reset asks for the administrator's own fresh proof (ASVS V3.7.1)", () => {
  let adminToken: string;
  let martin: { token: string; secret: string };
  let martinId: string;
  let mailsBefore: number;

  beforeAll(async () => {
    // The wrong codes and passwords of the tests above are forgotten.
    server.advanceClock(15 * 60_000);
    adminToken = await adminSession();
    martin = await enrolFromProfile(server, 'psychologist2');
    martinId = await userIdOf(server, 'psychologist2');
    mailsBefore = (await server.outbox()).length;
  });

  /** Martín keeps his second factor and his session, and is mailed nothing. */
  async function expectNothingReset() {
    expect((await me(martin.token)).statusCode).toBe(200);
    const status = await server.call({ method: 'GET', url: '/api/auth/mfa', token: martin.token });
    expect(status.json().mfa.enabled).toBe(true);
    expect((await server.outbox()).length).toBe(mailsBefore);
  }

  const reset = (proof: object, remoteAddress = randomAddress()) =>
    server
      .call({
        method: 'POST',
        url: `/api/users/${martinId}/mfa/reset`,
        token: adminToken,
        payload: proof,
        remoteAddress,
      })
      .then((answer) => ({ status: answer.statusCode, ...answer.json() }));

  it("refuses a session alone, or a password that is not the administrator's, resetting nothing", async () => {
    expect(await reset({})).toEqual({
      status: 400,
      ok: false,
      msg: MSG.auth.currentPasswordRequired,
      errors: [{ field: 'password', msg: MSG.auth.currentPasswordRequired }],
    });
    const { code } = adminProof();
    expect(await reset({ password: demoAccount('psychologist2').password, code })).toEqual({
      status: 400,
      ok: false,
      msg: MSG.auth.currentPasswordWrong,
      errors: [{ field: 'password', msg: MSG.auth.currentPasswordWrong }],
    });
    await expectNothingReset();
    expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
      outcome: 'invalid',
      recordId: martinId,
    });
  });

  it("refuses the password without a current code of the administrator's app, or with a wrong one", async () => {
    const { password } = adminProof();
    expect(await reset({ password })).toEqual({
      status: 400,
      ok: false,
      msg: MFA_MSG.codeRequired,
      errors: [{ field: 'code', msg: MFA_MSG.codeRequired }],
    });
    // A code of Martín's own app, or one of the administrator's three steps old, is wrong.
    for (const code of [codeNow(server, martin.secret), codeNow(server, admin.secret, -3)]) {
      expect(await reset({ password, code })).toMatchObject({
        status: 400,
        msg: MFA_MSG.codeWrong,
        errors: [{ field: 'code', msg: MFA_MSG.codeWrong }],
      });
    }
    expect(await reset({ password, code: '12345' })).toMatchObject({
      status: 400,
      errors: [{ field: 'code', msg: MFA_MSG.codeFormat }],
    });
    await expectNothingReset();
  });

  it("counts wrong passwords as the sign-in's: the 6th try from one address is a 429, even a right one", async () => {
    server.advanceClock(15 * 60_000);
    const address = randomAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await reset({ ...adminProof(), password: `no es la mía ${attempt}` }, address);
      expect([attempt, wrong.status]).toEqual([attempt, 400]);
    }
    const sixth = await server.call({
      method: 'POST',
      url: `/api/users/${martinId}/mfa/reset`,
      token: adminToken,
      payload: adminProof(),
      remoteAddress: address,
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    await expectNothingReset();
  });

  it("counts wrong codes as the sign-in's: the 10th code of the administrator in 15 minutes is a 429, even a right one", async () => {
    server.advanceClock(15 * 60_000);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const wrong = await reset({ ...adminProof(), code: codeNow(server, admin.secret, -4) });
      expect([attempt, wrong.status, wrong.msg]).toEqual([attempt, 400, MFA_MSG.codeWrong]);
    }
    const tenth = await reset(adminProof());
    expect(tenth).toMatchObject({ status: 429, msg: expect.stringMatching(/Demasiados códigos/) });
    await expectNothingReset();
    expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
      outcome: 'denied',
    });
    server.advanceClock(15 * 60_000);
  });

  it('resets with the password and a current code, and that code resets nothing a second time', async () => {
    const proof = adminProof();
    expect(await reset({ ...proof, code: proof.code.replace(/^(\d{3})/, '$1 ') })).toEqual({
      status: 200,
      ok: true,
      msg: MFA_MSG.resetDone,
    });
    expect((await me(martin.token)).statusCode).toBe(401);
    expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
      outcome: 'success',
      recordId: martinId,
    });

    // Martín turns it on again; the code the administrator typed is spent.
    martin = await enrolFromProfile(server, 'psychologist2');
    mailsBefore = (await server.outbox()).length;
    const replay = await reset(proof);
    expect(replay).toMatchObject({ status: 400, msg: MFA_MSG.codeAlreadyUsed });
    await expectNothingReset();
    expect((await reset(adminProof())).status).toBe(200);
  });
});

describe("an administrator's reset, by an administrator without a second factor", () => {
  it('asks for the password alone', async () => {
    const own = await startTestServer({ mfaRequiredForAdmins: false });
    try {
      const adminToken = await own.login('admin');
      const martin = await enrolFromProfile(own, 'psychologist2');
      const url = `/api/users/${await userIdOf(own, 'psychologist2')}/mfa/reset`;
      const reset = (payload: object) =>
        own.call({
          method: 'POST',
          url,
          token: adminToken,
          payload,
          remoteAddress: randomAddress(),
        });
      const bare = await reset({});
      expect(bare.statusCode).toBe(400);
      expect(bare.json().errors).toEqual([
        { field: 'password', msg: MSG.auth.currentPasswordRequired },
      ]);
      expect((await reset({ password: 'no es la mía' })).statusCode).toBe(400);
      expect(
        (await own.call({ method: 'GET', url: '/api/auth/me', token: martin.token })).statusCode,
      ).toBe(200);
      const done = await reset({ password: demoAccount('admin').password });
      expect(done.statusCode).toBe(200);
      expect(done.json().msg).toBe(MFA_MSG.resetDone);
      expect(
        (await own.call({ method: 'GET', url: '/api/auth/me', token: martin.token })).statusCode,
      ).toBe(401);
    } finally {
      await own.close();
    }
  });
});

describe('a wrong or missing challenge', () => {
  it.each([
    ['an unknown challenge', { challenge: 'x'.repeat(43), code: '123456' }, 401],
    ['no code', { challenge: 'x'.repeat(43) }, 400],
    ['a code of 5 digits', { challenge: 'x'.repeat(43), code: '12345' }, 400],
  ])('answers %s in Spanish', async (_, payload, status) => {
    const answer = await post('/api/auth/login/mfa', payload);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().ok).toBe(false);
    expect(answer.json().msg).toMatch(/[áéíóúñ]|código|sesión/i);
  });

  it('refuses an enrolment with neither a challenge nor a session', async () => {
    expect((await post('/api/auth/mfa/enroll', {})).statusCode).toBe(401);
    expect((await post('/api/auth/mfa/confirm', { code: '123456' })).statusCode).toBe(401);
  });
});
