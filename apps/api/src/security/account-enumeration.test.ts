import { performance } from 'node:perf_hooks';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { passwordTokens, users } from '../db/schema';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../test/helpers/test-server';

// docs/sign-in-and-sessions.md#password-recovery: neither sign-in nor password recovery may tell whether an
// e-mail has an account, by what they answer or by how long they take.
//
// How long a call takes is proved by its cause: the work each path does
// before it answers (the argon2 verification of a sign-in, the link and mail
// of a recovery left for after the answer), which no load on the machine
// changes. Times are still compared, as a ratio of the two sides' medians
// over interleaved calls: a busy machine slows both sides alike, while a
// path that skips argon2 answers several times faster than one that does not.
const CALLS = 100;
const MAX_MEDIAN_RATIO = 1.5;
const LIMIT_WINDOW_MS = 15 * 60_000;
// 200 argon2 verifications take a while on a busy 2-core machine.
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

type Side = 'known' | 'unknown';

/**
 * Calls known and unknown alternately (so that whatever else the machine is
 * doing weighs on both alike), moving the clock past the per-e-mail limits
 * before each pair; returns each side's answers, what `observe` saw of each
 * call, and the ratio of the slower side's median time to the faster's.
 */
async function compare<Seen>(
  send: (email: string) => Promise<LightMyRequestResponse>,
  known: string,
  observe: (call: () => Promise<LightMyRequestResponse>) => Promise<Seen>,
): Promise<{
  answers: Record<Side, LightMyRequestResponse[]>;
  seen: Record<Side, Seen[]>;
  medianRatio: number;
}> {
  const answers: Record<Side, LightMyRequestResponse[]> = { known: [], unknown: [] };
  const seen: Record<Side, Seen[]> = { known: [], unknown: [] };
  const times: Record<Side, number[]> = { known: [], unknown: [] };
  // A first pair unmeasured: code paths warm up.
  await send(known);
  await send('nadie.calentamiento@psicocampus.test');
  for (let index = 0; index < CALLS; index += 1) {
    server.advanceClock(LIMIT_WINDOW_MS + 1);
    const order: Side[] = index % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const side of order) {
      const email = side === 'known' ? known : `nadie.${index}@psicocampus.test`;
      let answer: LightMyRequestResponse | undefined;
      const started = performance.now();
      seen[side].push(
        await observe(async () => {
          answer = await send(email);
          return answer;
        }),
      );
      times[side].push(performance.now() - started);
      answers[side].push(answer!);
    }
  }
  const medians = [median(times.known), median(times.unknown)];
  return { answers, seen, medianRatio: Math.max(...medians) / Math.min(...medians) };
}

const shapes = (answers: Record<Side, LightMyRequestResponse[]>) =>
  new Set(
    [...answers.known, ...answers.unknown].map((answer) =>
      JSON.stringify({ status: answer.statusCode, body: answer.json<unknown>() }),
    ),
  );

/** What an argon2 verification costs: its encoded algorithm, version and parameters ($argon2id$v=19$m=…,t=…,p=…). */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('an e-mail with an account and one without', () => {
  it('get the same answer to a wrong password, after the same argon2 work', async () => {
    // The server's own argon2 module (lib/passwords.ts), still verifying for real.
    const realVerify = argon2.verify;
    let finished = 0;
    const verify = jest
      .spyOn(argon2, 'verify')
      .mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
        const matches = await realVerify(...args);
        finished += 1;
        return matches;
      });
    try {
      const account = demoAccount('psychologist');
      const { answers, seen, medianRatio } = await compare(
        (email) =>
          server.call({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: 'no-es-la-contraseña' },
            remoteAddress: randomAddress(),
          }),
        account.email,
        async (call) => {
          const [calledBefore, finishedBefore] = [verify.mock.calls.length, finished];
          await call();
          const hashes = verify.mock.calls.slice(calledBefore).map(([hash]) => hash);
          return {
            costs: hashes.map(costOf),
            unfinished: hashes.length - (finished - finishedBefore),
          };
        },
      );

      expect(shapes(answers)).toEqual(
        new Set([
          JSON.stringify({ status: 401, body: { ok: false, msg: MSG.auth.invalidCredentials } }),
        ]),
      );
      // Each call, with an account or without, verified one hash of the
      // stored hashes' cost, and answered only once it was verified.
      const [stored] = await server.server.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, account.email));
      const oneVerification = { costs: [costOf(stored!.hash!)], unfinished: 0 };
      expect(seen.known).toEqual(Array.from({ length: CALLS }, () => oneVerification));
      expect(seen.unknown).toEqual(Array.from({ length: CALLS }, () => oneVerification));
      expect(medianRatio).toBeLessThan(MAX_MEDIAN_RATIO);
    } finally {
      verify.mockRestore();
    }
  });

  it('get the same answer to a password-recovery request, in the same median time', async () => {
    const account = demoAccount('psychologist2');
    const { answers, medianRatio } = await compare(
      (email) =>
        server.call({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: randomAddress(),
        }),
      account.email,
      async (call) => call(),
    );
    expect(shapes(answers)).toEqual(
      new Set([JSON.stringify({ status: 200, body: { ok: true, msg: MSG.auth.forgotSent } })]),
    );
    // The known account was really mailed each time: the two paths differed.
    const mails = await server.outbox();
    expect(mails.filter((m) => m.to.includes(account.email)).length).toBe(CALLS + 1);
    expect(medianRatio).toBeLessThan(MAX_MEDIAN_RATIO);
  });

  it('answer a password-recovery request before the link is issued or mailed', async () => {
    const account = demoAccount('psychologist');
    const { db } = server.server.database;
    const [user] = await db.select().from(users).where(eq(users.email, account.email));
    const linksOf = async () =>
      (await db.select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id))).length;
    const mailsTo = async () =>
      (await server.outbox()).filter((mail) => mail.to.includes(account.email)).length;
    const [linksBefore, mailsBefore] = [await linksOf(), await mailsTo()];

    // The mail's preparation (the link, the message) held until the answer
    // has been read: work done before answering cannot wait for it.
    const mail = server.app.ctx.mail;
    const enqueue = mail.enqueueComposed.bind(mail);
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const held = jest
      .spyOn(mail, 'enqueueComposed')
      .mockImplementation((compose) => enqueue(() => answered.then(compose)));
    try {
      server.advanceClock(LIMIT_WINDOW_MS + 1);
      const answer = await server.call({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: account.email },
        remoteAddress: randomAddress(),
      });
      expect(answer.statusCode).toBe(200);
      expect(await linksOf()).toBe(linksBefore);
      expect(held).toHaveBeenCalledTimes(1);
    } finally {
      release();
      held.mockRestore();
    }
    // Then issued and mailed, once.
    expect(await mailsTo()).toBe(mailsBefore + 1);
    expect(await linksOf()).toBe(linksBefore + 1);
  });
});
