import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SESSION_TIMINGS } from '@psicocampus/shared/domain';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { SessionCache, type CachedSession } from './session-cache';
import type { UserRow } from '../users/user.queries';

const NOW = new Date('2026-11-24T10:00:00Z');

function entry(sessionId: string): CachedSession {
  return {
    sessionId,
    user: { id: 'u1' } as UserRow,
    lastSeenAt: NOW,
    expiresAt: new Date(NOW.getTime() + 60 * 60_000),
    cachedAt: NOW.getTime(),
  };
}

describe('the session cache', () => {
  it('remembers nothing while the database notices do not reach the process', () => {
    const cache = new SessionCache();
    cache.remember('h', cache.generation, entry('s1'));
    expect(cache.get('h', NOW)).toBeUndefined();

    cache.setListening(true);
    cache.remember('h', cache.generation, entry('s1'));
    expect(cache.get('h', NOW)?.sessionId).toBe('s1');

    // Lost: whatever it held may have missed a notice.
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get('h', NOW)).toBeUndefined();
  });

  it('drops the answer of a lookup that started before a change was announced', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const before = cache.generation;
    cache.clear(); // a sign-out's notice arrives while the lookup is under way
    cache.remember('h', before, entry('s1'));
    expect(cache.get('h', NOW)).toBeUndefined();
  });

  it('trusts an entry only for its time to live, and holds at most its limit', () => {
    const cache = new SessionCache({ ttlMs: 1_000, maxEntries: 2 });
    cache.setListening(true);
    cache.remember('a', cache.generation, entry('sa'));
    cache.remember('b', cache.generation, entry('sb'));
    cache.remember('c', cache.generation, entry('sc'));
    expect(cache.size).toBe(2);
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('c', NOW)?.sessionId).toBe('sc');
    expect(cache.get('c', new Date(NOW.getTime() + 1_001))).toBeUndefined();
  });

  it('drops an entry when the clock has gone back since it was kept', () => {
    const cache = new SessionCache({ ttlMs: 1_000, maxEntries: 2 });
    cache.setListening(true);
    cache.remember('a', cache.generation, entry('sa'));
    expect(cache.get('a', new Date(NOW.getTime() - 1))).toBeUndefined();
  });
});

/**
 * What the cache must never change: a session ended, or an account changed,
 * by any actor — this process, another one, or an operator's own statement
 * on the database — is refused on the next calls.
 */
describe('sessions a process has just checked', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An hour: only the database's notice can end a kept session within this test.
    server = await startTestServer({ sessionCacheTtlMs: 60 * 60_000 });
  }, 180_000);
  afterAll(() => server?.close());

  const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });

  /**
   * A statement as an operator would type it, outside the server: on
   * PostgreSQL through a connection of its own; PGlite serves one process,
   * so there it goes through the server's client, under the API's feet.
   */
  async function outsideStatement(statement: string): Promise<void> {
    const target = server.target;
    if (target.kind === 'postgres') {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    } else {
      await server.app.ctx.database.db.execute(sql.raw(statement));
    }
  }

  /**
   * The notice reaches the process a moment after the commit (PostgreSQL
   * sends it to the listening connection): the call is repeated until it is
   * refused. A cache that missed the notice keeps answering 200 for the
   * hour this server keeps a session, and the test times out.
   */
  async function refusedSoon(token: string): Promise<number> {
    for (;;) {
      const status = (await me(token)).statusCode;
      if (status !== 200) return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses a session ended by a statement on the database', async () => {
    const token = await server.login('psychologist');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);

    await outsideStatement(
      `update sessions set ended_at = now() where ended_at is null and user_id =
         (select id from users where email = 'psicologa@psicocampus.test')`,
    );
    expect(await refusedSoon(token)).toBe(401);
  });

  it('refuses the sessions of an account deactivated on the database', async () => {
    const token = await server.login('psychologist2');
    expect((await me(token)).statusCode).toBe(200);

    await outsideStatement(
      `update users set active = false where email = 'psicologo2@psicocampus.test'`,
    );
    try {
      expect(await refusedSoon(token)).toBe(401);
    } finally {
      await outsideStatement(
        `update users set active = true where email = 'psicologo2@psicocampus.test'`,
      );
    }
  });

  it('refuses a session at once after its own sign-out through this process', async () => {
    const token = await server.login('admin');
    expect((await me(token)).statusCode).toBe(200);
    const out = await server.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('still ends a session that stays idle, though it was checked a moment before', async () => {
    const token = await server.login('psychologist');
    expect((await me(token)).statusCode).toBe(200);
    server.advanceClock(SESSION_TIMINGS.idleMs + 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });
});
