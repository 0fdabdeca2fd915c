import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../test/helpers/test-server';

// docs/sign-in-and-sessions.md#password-recovery: neither sign-in nor password recovery may tell whether an
// e-mail has an account, by what they answer or by how long they take.
const CALLS = 200;
const MAX_MEDIAN_GAP_MS = 10;
const LIMIT_WINDOW_MS = 15 * 60_000;
// 400 argon2 verifications take a while on a busy 2-core machine.
jest.setTimeout(180_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle) - 1]!) / 2;
};

/**
 * Calls known and unknown alternately (so that whatever else the machine is
 * doing weighs on both alike), moving the clock past the per-e-mail limits
 * before each pair; returns each side's answers and times.
 */
async function compare(
  send: (email: string) => Promise<LightMyRequestResponse>,
  known: string,
): Promise<{ known: LightMyRequestResponse[]; unknown: LightMyRequestResponse[]; gapMs: number }> {
  const answers = {
    known: [] as LightMyRequestResponse[],
    unknown: [] as LightMyRequestResponse[],
  };
  const times = { known: [] as number[], unknown: [] as number[] };
  // A first pair unmeasured: code paths warm up.
  await send(known);
  await send('nadie.calentamiento@psicocampus.test');
  for (let index = 0; index < CALLS; index += 1) {
    server.advanceClock(LIMIT_WINDOW_MS + 1);
    const order: Array<'known' | 'unknown'> =
      index % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const side of order) {
      const email = side === 'known' ? known : `nadie.${index}@psicocampus.test`;
      const started = performance.now();
      const answer = await send(email);
      times[side].push(performance.now() - started);
      answers[side].push(answer);
    }
  }
  return { ...answers, gapMs: Math.abs(median(times.known) - median(times.unknown)) };
}

const shape = (answer: LightMyRequestResponse) => ({
  status: answer.statusCode,
  body: answer.json<unknown>(),
});

describe('an e-mail with an account and one without', () => {
  it('get the same answer to a wrong password, in the same median time', async () => {
    const { known, unknown, gapMs } = await compare(
      (email) =>
        server.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'no-es-la-contraseña' },
          remoteAddress: randomAddress(),
        }),
      demoAccount('psychologist').email,
    );
    const expected = { status: 401, body: { ok: false, msg: MSG.auth.invalidCredentials } };
    expect(new Set([...known, ...unknown].map((a) => JSON.stringify(shape(a))))).toEqual(
      new Set([JSON.stringify(expected)]),
    );
    expect(gapMs).toBeLessThan(MAX_MEDIAN_GAP_MS);
  });

  it('get the same answer to a password-recovery request, in the same median time', async () => {
    const { known, unknown, gapMs } = await compare(
      (email) =>
        server.call({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: randomAddress(),
        }),
      demoAccount('psychologist2').email,
    );
    const expected = { status: 200, body: { ok: true, msg: MSG.auth.forgotSent } };
    expect(new Set([...known, ...unknown].map((a) => JSON.stringify(shape(a))))).toEqual(
      new Set([JSON.stringify(expected)]),
    );
    // The known account was really mailed each time: the two paths differed.
    const mails = await server.outbox();
    expect(mails.filter((m) => m.to.includes(demoAccount('psychologist2').email)).length).toBe(
      CALLS + 1,
    );
    expect(gapMs).toBeLessThan(MAX_MEDIAN_GAP_MS);
  });
});
