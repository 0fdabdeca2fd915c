import { eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { passwordTokens, users } from '../../db/schema';
import { resetLinkIn } from '../../../test/helpers/outbox';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../../test/helpers/test-server';
import { AUTH_POLICY } from './auth.policy';
import { ADDRESS_LIMITS } from './login-limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://psicocampus.example.edu' });
});
afterAll(() => server.close());

const forgot = (email: string, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });

const reset = (token: string, password: string) =>
  server.call({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

const login = (email: string, password: string) =>
  server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: randomAddress(),
  });

const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });

/** Asks for a link for `email` and returns the token the mail carries. */
async function requestLink(email: string): Promise<string> {
  const before = (await server.outbox()).length;
  expect((await forgot(email)).statusCode).toBe(200);
  const mails = await server.outbox();
  expect(mails).toHaveLength(before + 1);
  return resetLinkIn(mails.at(-1)!).split('/').pop()!;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a registered and an unknown e-mail', async () => {
    const known = await forgot(demoAccount('psychologist').email);
    const unknown = await forgot('nadie@psicocampus.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, msg: MSG.auth.forgotSent });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('mails a link built from PUBLIC_URL, never from the request, and keeps only its hash', async () => {
    const account = demoAccount('psychologist2');
    const before = (await server.outbox()).length;
    await forgot(account.email, {
      host: 'atacante.example',
      'x-forwarded-host': 'atacante.example',
    });
    const mails = await server.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toContain(account.email);
    expect(mail.subject).toBe('Restablece tu contraseña de PsicoCampus');
    const link = resetLinkIn(mail);
    expect(link).toMatch(
      /^https:\/\/psicocampus\.example\.edu\/reset-password\/[A-Za-z0-9_-]{43}$/,
    );
    expect(mail.body).not.toContain('atacante');

    const token = link.split('/').pop()!;
    const stored = await server.server.database.db.select().from(passwordTokens);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('sends nothing for an unknown e-mail', async () => {
    const before = (await server.outbox()).length;
    await forgot('nadie-mas@psicocampus.test');
    expect(await server.outbox()).toHaveLength(before);
  });

  it('asks for the e-mail in Spanish', async () => {
    const response = await forgot('');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.auth.forgotEmailRequired);
  });
});

describe('POST /api/auth/reset-password', () => {
  const account = demoAccount('admin');
  let password: string = account.password;

  // Each test starts past the window of the three-mails limit.
  beforeEach(() => server.advanceClock(AUTH_POLICY.failureWindowMs + 1000));

  it('sets the new password, ends every session of the account and sends a notice', async () => {
    const oldSession = await server.login('admin');
    const token = await requestLink(account.email);

    const check = await server.call({
      method: 'POST',
      url: '/api/auth/reset-password/check',
      payload: { token },
    });
    expect(check.json()).toMatchObject({ ok: true, purpose: 'reset', email: account.email });

    const newPassword = 'una frase larga y nueva 2026';
    const before = (await server.outbox()).length;
    const response = await reset(token, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.auth.resetDoneText });
    password = newPassword;

    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, newPassword)).statusCode).toBe(200);

    const notice = (await server.outbox()).slice(before);
    expect(notice.map((mail) => mail.subject)).toEqual(['Tu contraseña de PsicoCampus cambió']);
  });

  it('accepts each link once', async () => {
    const token = await requestLink(account.email);
    expect((await reset(token, 'primera frase de prueba 1')).statusCode).toBe(200);
    const again = await reset(token, 'segunda frase de prueba 2');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(MSG.auth.resetLinkInvalid);
    password = 'primera frase de prueba 1';
  });

  it('voids older links when a new one is asked for', async () => {
    const first = await requestLink(account.email);
    const second = await requestLink(account.email);
    expect((await reset(first, 'frase del primer enlace')).statusCode).toBe(400);
    expect((await reset(second, 'frase del segundo enlace')).statusCode).toBe(200);
    password = 'frase del segundo enlace';
  });

  it('refuses a link after 30 minutes', async () => {
    const token = await requestLink(account.email);
    server.advanceClock(AUTH_POLICY.resetTokenMs + 1000);
    const response = await reset(token, 'demasiado tarde para esto');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.auth.resetLinkInvalid);
    const check = await server.call({
      method: 'POST',
      url: '/api/auth/reset-password/check',
      payload: { token },
    });
    expect(check.statusCode).toBe(400);
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', '../../etc/passwd'],
  ])('refuses an %s token', async (_case, token) => {
    const response = await reset(token, 'una frase cualquiera larga');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.auth.resetLinkInvalid);
  });

  it.each([
    ['too short', 'corta', MSG.auth.passwordTooShort],
    ['too long', 'x'.repeat(129), MSG.auth.passwordTooLong],
    ['too common', 'password123', MSG.auth.passwordTooCommon],
    ['too common, in capitals', 'QWERTYUIOP', MSG.auth.passwordTooCommon],
  ])('refuses a password that is %s, and keeps the link usable', async (_case, bad, message) => {
    const token = await requestLink(account.email);
    const response = await reset(token, bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(message);
    expect((await reset(token, 'otra frase válida y larga')).statusCode).toBe(200);
    password = 'otra frase válida y larga';
  });

  it('stops mailing an account after three links in 15 minutes, answering the same', async () => {
    const before = (await server.outbox()).length;
    for (let request = 0; request < 5; request += 1) {
      const response = await forgot(account.email);
      expect(response.json()).toEqual({ ok: true, msg: MSG.auth.forgotSent });
    }
    expect(await server.outbox()).toHaveLength(before + AUTH_POLICY.maxResetMailsPerAccount);
  });

  it('does not reset a deactivated account', async () => {
    const token = await requestLink(account.email);
    const { db } = server.server.database;
    await db.update(users).set({ active: false }).where(eq(users.email, account.email));
    try {
      expect((await reset(token, 'frase para cuenta inactiva')).statusCode).toBe(400);
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.email, account.email));
    }
    expect((await login(account.email, password)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  const account = demoAccount('psychologist');

  const change = (token: string, currentPassword: string, newPassword: string) =>
    server.call({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword, newPassword },
    });

  it('refuses a wrong current password', async () => {
    const token = await server.login('psychologist');
    const response = await change(token, 'no-es-la-actual', 'una frase nueva y larga');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      msg: MSG.auth.currentPasswordWrong,
      errors: [{ field: 'currentPassword', msg: MSG.auth.currentPasswordWrong }],
    });
  });

  it('refuses the same password again', async () => {
    const token = await server.login('psychologist');
    const response = await change(token, account.password, account.password);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.auth.samePassword);
  });

  it("changes it, keeps this session and ends the user's other sessions", async () => {
    const other = await server.login('psychologist');
    const current = await server.login('psychologist');
    const response = await change(current, account.password, 'mi nueva frase secreta 2026');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.auth.passwordChanged });
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(account.email, 'mi nueva frase secreta 2026')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await server.call({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: 'a', newPassword: 'b'.repeat(12) },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('per-address limits of the recovery calls', () => {
  beforeEach(() => server.advanceClock(AUTH_POLICY.failureWindowMs + 1000));

  const call = (url: string, payload: unknown, remoteAddress: string) =>
    server.call({ method: 'POST', url, payload: payload as object, remoteAddress });

  function expectTooMany(response: { statusCode: number; headers: Record<string, unknown> }) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('refuses the 11th forgot-password call from one address in a minute, for known and unknown e-mails alike', async () => {
    const address = '192.0.2.90';
    const { max } = ADDRESS_LIMITS['forgot-password'];
    const answers = [];
    for (let n = 0; n < max; n += 1) {
      const email = n % 2 ? demoAccount('psychologist2').email : `nadie.${n}@psicocampus.test`;
      answers.push(await call('/api/auth/forgot-password', { email }, address));
    }
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
      new Set([`200 ${JSON.stringify({ ok: true, msg: MSG.auth.forgotSent })}`]),
    );
    for (const email of [demoAccount('psychologist2').email, 'nadie.mas@psicocampus.test']) {
      const refused = await call('/api/auth/forgot-password', { email }, address);
      expectTooMany(refused);
      expect(refused.json()).toEqual({ ok: false, msg: MSG.auth.tooManyRequests });
    }
    const elsewhere = await call('/api/auth/forgot-password', { email: 'a@b.co' }, randomAddress());
    expect(elsewhere.statusCode).toBe(200);
    server.advanceClock(60_000 + 1000);
    expect((await call('/api/auth/forgot-password', { email: 'a@b.co' }, address)).statusCode).toBe(
      200,
    );
  });

  it('counts forgot-password calls whose body it cannot read', async () => {
    const address = '192.0.2.91';
    for (let n = 0; n < ADDRESS_LIMITS['forgot-password'].max; n += 1) {
      const response = await call('/api/auth/forgot-password', { email: { n } }, address);
      expect(response.statusCode).toBe(400);
    }
    expectTooMany(await call('/api/auth/forgot-password', { email: 'a@b.co' }, address));
  });

  it('refuses the 31st check of a reset link from one address in a minute', async () => {
    const address = '192.0.2.92';
    const token = await requestLink(demoAccount('psychologist2').email);
    for (let n = 0; n < ADDRESS_LIMITS['reset-check'].max; n += 1) {
      const guess = await call('/api/auth/reset-password/check', { token: `x${n}` }, address);
      expect(guess.json().msg).toBe(MSG.auth.resetLinkInvalid);
    }
    const refused = await call('/api/auth/reset-password/check', { token }, address);
    expectTooMany(refused);
    expect(refused.json().msg).toBe(MSG.auth.tooManyRequests);
    expect(
      (await call('/api/auth/reset-password/check', { token }, randomAddress())).statusCode,
    ).toBe(200);
  });

  it('refuses the 11th reset from one address in a minute, refused ones included', async () => {
    const address = '192.0.2.93';
    const account = demoAccount('psychologist2');
    const token = await requestLink(account.email);
    const { max } = ADDRESS_LIMITS.reset;
    for (let n = 0; n < max; n += 1) {
      // Half of them unreadable, half with a link that does not exist.
      const payload = n % 2 ? { token: `x${n}`, password: 'una frase larga cualquiera' } : { n };
      expect((await call('/api/auth/reset-password', payload, address)).statusCode).toBe(400);
    }
    const refused = await call(
      '/api/auth/reset-password',
      { token, password: 'la frase que no llegó a guardarse' },
      address,
    );
    expectTooMany(refused);
    expect(refused.json().msg).toBe(MSG.auth.tooManyRequests);
    // The link was not used up by the refused call.
    const password = 'la frase que sí se guardó 2026';
    expect(
      (await call('/api/auth/reset-password', { token, password }, randomAddress())).statusCode,
    ).toBe(200);
    expect((await login(account.email, password)).statusCode).toBe(200);
  });
});
