import { eq } from 'drizzle-orm';
import { MSG, SESSION_TIMINGS } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../../test/helpers/test-server';
import { AUTH_POLICY } from './auth.policy';
import { hashToken } from './tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const psychologist = demoAccount('psychologist');

function login(email: string, password: string, remoteAddress = randomAddress()) {
  return server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

const me = (token: string | null) => server.call({ method: 'GET', url: '/api/auth/me', token });

describe('POST /api/auth/login', () => {
  it('signs a demo psychologist in with an opaque token and the user of docs/data-model.md#login-response', async () => {
    const response = await login(psychologist.email, psychologist.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      ok: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: {
        id: expect.any(String),
        role: 'PSYCHOLOGIST',
        firstName: psychologist.firstName,
        lastName: psychologist.lastName,
        email: psychologist.email,
      },
      msg: expect.any(String),
    });
    // ≥ 128 bits, and only its hash is kept.
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await server.server.database.db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === hashToken(body.token))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(body.token);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await login(`  ${psychologist.email.toUpperCase()} `, psychologist.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const wrong = await login(psychologist.email, 'no-es-la-contraseña');
    const unknown = await login('nadie@psicocampus.test', 'no-es-la-contraseña');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, msg: MSG.auth.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks for both fields in Spanish', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.auth.missingFields);
  });

  it('says a password is too long rather than missing, for a known and an unknown e-mail alike', async () => {
    const long = 'x'.repeat(900 * 1024);
    for (const email of [psychologist.email, 'nadie@psicocampus.test']) {
      const response = await login(email, long);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(MSG.auth.passwordTooLong);
    }
  });

  it('refuses unknown fields', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: psychologist.email, password: psychologist.password, role: 'ADMIN' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.api.unknownField('role'));
  });

  it('does not let a deactivated account in, and tells only someone who knows its password', async () => {
    const { db } = server.server.database;
    const second = demoAccount('psychologist2');
    await db.update(users).set({ active: false }).where(eq(users.email, second.email));
    try {
      const right = await login(second.email, second.password);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ ok: false, msg: MSG.auth.accountDisabled });
      const wrong = await login(second.email, 'otra-contraseña-cualquiera');
      expect(wrong.json()).toEqual({ ok: false, msg: MSG.auth.invalidCredentials });
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.email, second.email));
    }
  });
});

describe('brute-force limits (docs/sign-in-and-sessions.md#brute-force-limits)', () => {
  it('cuts one address off an account after its 5th wrong password there, for 15 minutes', async () => {
    const account = demoAccount('psychologist2');
    const [attacker, owner] = ['198.51.100.10', '198.51.100.11'];
    expect((await login(account.email, account.password, owner)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(account.email, `intento-${attempt}`, attacker)).statusCode).toBe(401);
    }
    const sixth = await login(account.email, account.password, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toBe(MSG.auth.tooManyFailures(15));
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, where they signed in before, is not held up by it.
    expect((await login(account.email, account.password, owner)).statusCode).toBe(200);
    expect((await login(account.email, account.password, attacker)).statusCode).toBe(429);

    // The window passes: that address may try again.
    server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
    expect((await login(account.email, 'intento-7', attacker)).statusCode).toBe(401);
    server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
  });

  it('slows an account down, never locks it, when wrong passwords come from many places', async () => {
    const account = demoAccount('psychologist2');
    const home = '198.51.100.20';
    expect((await login(account.email, account.password, home)).statusCode).toBe(200);
    const mailsBefore = (await server.outbox()).filter((m) => m.to.includes(account.email));

    // Six calls from six places, as often as anyone likes: what once kept the owner out.
    for (let round = 1; round <= 3; round += 1) {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        await login(account.email, `mal-${round}-${attempt}`);
      }
      // From the place they sign in from, the owner gets in at once…
      expect((await login(account.email, account.password, home)).statusCode).toBe(200);
      // …and from a new place after a wait that never passes a minute.
      const elsewhere = randomAddress();
      for (let attempt = 1; attempt <= 6; attempt += 1)
        await login(account.email, `otra-${attempt}`);
      const slowed = await login(account.email, account.password, elsewhere);
      expect(slowed.statusCode).toBe(429);
      const wait = Number(slowed.headers['retry-after']);
      expect(slowed.json().msg).toBe(MSG.auth.accountThrottled(wait));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      server.advanceClock(wait * 1000);
      expect((await login(account.email, account.password, elsewhere)).statusCode).toBe(200);
      // The alert is prepared after the answers: on this round's clock.
      await server.app.ctx.mail.idle();
      server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
    }

    // Each time the account was slowed down, its owner was told, once.
    const alerts = (await server.outbox()).filter(
      (m) => m.to.includes(account.email) && !mailsBefore.some((b) => b.file === m.file),
    );
    expect(alerts).toHaveLength(3);
    expect(alerts.every((m) => m.subject === SERVER_MSG.mail.loginAlert.subject)).toBe(true);
  });

  it('tells the owner even when the alert is prepared after they have signed in again', async () => {
    const account = demoAccount('psychologist2');
    const home = '198.51.100.21';
    expect((await login(account.email, account.password, home)).statusCode).toBe(200);
    const mailsBefore = (await server.outbox()).filter((m) => m.to.includes(account.email));
    // On a busy server the alert's preparation may run after the owner's next
    // sign-in: what it counts is the failures as they stood when it was asked for.
    const mail = server.app.ctx.mail;
    const held: Array<Parameters<typeof mail.enqueueComposed>> = [];
    const hold = jest.spyOn(mail, 'enqueueComposed').mockImplementation((...call) => {
      held.push(call);
    });
    try {
      for (let attempt = 1; attempt <= 6; attempt += 1)
        await login(account.email, `mal-${attempt}`);
      expect((await login(account.email, account.password, home)).statusCode).toBe(200);
    } finally {
      hold.mockRestore();
    }
    expect(held.length).toBeGreaterThan(0);
    for (const call of held) mail.enqueueComposed(...call);
    await mail.idle();
    const alerts = (await server.outbox()).filter(
      (m) => m.to.includes(account.email) && !mailsBefore.some((b) => b.file === m.file),
    );
    expect(alerts.map((m) => m.subject)).toEqual([SERVER_MSG.mail.loginAlert.subject]);
    server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
  });

  it('lets at most about 60 wrong passwords an hour reach an account from many places', async () => {
    const email = 'objetivo@psicocampus.test';
    let checked = 0;
    const start = server.app.ctx.now().getTime();
    while (server.app.ctx.now().getTime() - start < 60 * 60_000) {
      const response = await login(email, `adivinanza-${checked}`);
      if (response.statusCode === 401) checked += 1;
      else server.advanceClock(Number(response.headers['retry-after']) * 1000);
    }
    expect(checked).toBeGreaterThan(40);
    expect(checked).toBeLessThanOrEqual(70);
    server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
  });

  it('counts failures only since the last success', async () => {
    const account = demoAccount('psychologist2');
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(account.email, `mal-${attempt}`);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(account.email, `otra-${attempt}`)).statusCode).toBe(401);
    }
    expect((await login(account.email, 'otra-6')).statusCode).toBe(429);
    server.advanceClock(AUTH_POLICY.failureWindowMs + 1000);
  });

  it('refuses the 31st login call from one address within a minute', async () => {
    const address = '192.0.2.77';
    for (let call = 1; call <= 30; call += 1) {
      const response = await login(`persona${call}@psicocampus.test`, 'cualquier-cosa', address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(psychologist.email, psychologist.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.auth.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);

    server.advanceClock(AUTH_POLICY.addressWindowMs + 1000);
    expect((await login(psychologist.email, psychologist.password, address)).statusCode).toBe(200);
  });

  it('counts calls whose body it cannot read toward the same limit', async () => {
    const address = '192.0.2.78';
    const unreadable = (call: number) =>
      server.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `persona${call}@psicocampus.test`, password: { a: { b: call } } },
        remoteAddress: address,
      });
    for (let call = 1; call <= 30; call += 1) {
      const response = await unreadable(call);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(MSG.validation.wrongType);
    }
    const blocked = await unreadable(31);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.auth.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const wellFormed = await login(psychologist.email, psychologist.password, address);
    expect(wellFormed.statusCode).toBe(429);

    server.advanceClock(AUTH_POLICY.addressWindowMs + 1000);
    expect((await login(psychologist.email, psychologist.password, address)).statusCode).toBe(200);
  });

  it('counts bodies refused before validation (not JSON, nested too deep) toward the same limit', async () => {
    const address = '192.0.2.79';
    const refusedEarly = (call: number) =>
      server.call({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: call % 2 ? '{"email": "a@b.co", "password": ' : '['.repeat(40) + ']'.repeat(40),
        remoteAddress: address,
      });
    for (let call = 1; call <= 30; call += 1) {
      const response = await refusedEarly(call);
      expect(response.statusCode).toBe(400);
    }
    const blocked = await refusedEarly(31);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.auth.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(psychologist.email, psychologist.password, address)).statusCode).toBe(429);
  });

  it('counts a call it cannot read as a failure of the e-mail it names', async () => {
    const email = 'Mal.Formado@psicocampus.test';
    for (let attempt = 1; attempt <= AUTH_POLICY.maxFailuresPerEmail; attempt += 1) {
      const response = await server.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: ['no', 'es', 'texto'] },
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode).toBe(400);
    }
    const next = await login(email.toLowerCase(), 'una contraseña cualquiera');
    expect(next.statusCode).toBe(429);
    expect(next.json().msg).toMatch(/^Demasiados intentos fallidos/);
  });

  it('holds across two server processes sharing the database', async () => {
    // A second app on the same database stands for a second process.
    const other = await buildApp({
      config: server.config,
      database: server.server.database,
      now: () => server.app.ctx.now(),
    });
    try {
      const email = 'compartida@psicocampus.test';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const app = attempt % 2 ? server.app : other;
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: `mal-${attempt}` },
          remoteAddress: randomAddress(),
        });
        expect(response.statusCode).toBe(401);
      }
      const sixth = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'mal-6' },
        remoteAddress: randomAddress(),
      });
      expect(sixth.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('sessions', () => {
  it('answers /api/auth/me with the signed-in user', async () => {
    const token = await server.login('psychologist');
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: psychologist.email, role: 'PSYCHOLOGIST' });
  });

  it.each([
    ['no token', null],
    ['an unknown token', 'x'.repeat(43)],
    ['an absurdly long token', 'x'.repeat(5000)],
  ])('answers 401 in Spanish to a call with %s', async (_case, token) => {
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.unauthorized });
  });

  it('ends the session on logout', async () => {
    const token = await server.login('psychologist');
    const logout = await server.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(logout.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends a session once SESSION_TIMINGS.idleMs pass without calls, and not before', async () => {
    const token = await server.login('psychologist');
    server.advanceClock(SESSION_TIMINGS.idleMs - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    server.advanceClock(SESSION_TIMINGS.idleMs - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    server.advanceClock(SESSION_TIMINGS.idleMs + 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends a session SESSION_TIMINGS.absoluteMs after login even when it is used all along', async () => {
    const token = await server.login('psychologist');
    // Someone who answers every '¿Sigues ahí?' keeps it from idling out, until
    // the call that comes after its end.
    const step = SESSION_TIMINGS.warnAfterMs;
    const callsBeforeTheEnd = Math.ceil(SESSION_TIMINGS.absoluteMs / step) - 1;
    for (let call = 0; call < callsBeforeTheEnd; call += 1) {
      server.advanceClock(step);
      expect((await me(token)).statusCode).toBe(200);
    }
    server.advanceClock(step);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends every session of an account the moment it is deactivated', async () => {
    const { db } = server.server.database;
    const token = await server.login('psychologist2');
    await db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, demoAccount('psychologist2').email));
    try {
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      await db
        .update(users)
        .set({ active: true })
        .where(eq(users.email, demoAccount('psychologist2').email));
    }
  });

  it('lets CORS preflights through without a token', async () => {
    const response = await server.call({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: {
        origin: server.config.publicUrl,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-token',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toContain('x-token');
  });
});
