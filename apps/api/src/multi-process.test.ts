import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { loadConfig } from './config';
import { students, users } from './db/schema';
import type { Database } from './db/client';
import { DEMO_ACCOUNTS } from './seed/demo-seed';
import { createServer, type RunningServer } from './server';
import { readOutbox, resetLinkIn } from '../test/helpers/outbox';
import { studentBody } from '../test/helpers/patients';
import { createTestDatabase, onPostgres, type TestDatabase } from '../test/helpers/test-database';
import { demoAccount, TEST_CLINICAL_KEY } from '../test/helpers/test-server';

/**
 * Several server processes on one PostgreSQL database, as behind the load
 * balancer of deploy/: each instance here has its own memory, as a process
 * would, and shares only the database. (PGlite serves one process only.)
 */
const describeOnPostgres = onPostgres ? describe : describe.skip;

interface Instance {
  server: RunningServer;
  dataDir: string;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

async function startInstance(database: TestDatabase): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-instance-'));
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'basic',
      CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
    }),
    web: null,
    // An hour: a session another process ended must be refused because of
    // the database's notice, not because this process forgot it.
    sessionCacheTtlMs: 60 * 60_000,
  };
  const server = await createServer(config, database.target);
  await server.app.ready();
  return {
    server,
    dataDir,
    call: ({ token, ...options }) =>
      server.app.inject({
        ...options,
        headers: { ...(token ? { 'x-token': token } : {}), ...options.headers },
      }),
  };
}

/** The rows of a raw query (both drivers answer `{ rows }`). */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describeOnPostgres('several server processes on one database', () => {
  let database: TestDatabase;
  let instances: Instance[];
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // All start together on an empty database: one migrates and seeds, the others wait.
    instances = await Promise.all([0, 1, 2].map(() => startInstance(database)));
    [one, two] = instances as [Instance, Instance];
  }, 180_000);
  afterAll(async () => {
    for (const instance of instances ?? []) {
      await instance.server.close();
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database?.dispose();
  });

  const login = (instance: Instance, email: string, password: string, address: string) =>
    instance.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });

  it('migrates once and creates the demo data once when they start together', async () => {
    expect(instances.filter((instance) => instance.server.seeded)).toHaveLength(1);
    const { db } = one.server.database;
    expect(await db.$count(users)).toBe(DEMO_ACCOUNTS.length);
    expect(await db.$count(students)).toBe(7);
    const [migrations] = await rowsOf<{ total: number; distinct: number }>(
      db,
      sql`select count(*)::int as total, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    // Each migration recorded once: no process ran one a second time.
    expect(migrations!.total).toBeGreaterThan(0);
    expect(migrations!.total).toBe(migrations!.distinct);
  });

  it('keeps a session opened through one process valid on the other, and ends it everywhere', async () => {
    const account = demoAccount('psychologist');
    const signedIn = await login(one, account.email, account.password, '10.1.0.1');
    expect(signedIn.statusCode).toBe(200);
    const token = (signedIn.json() as { token: string }).token;

    expect((await two.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    // Process one has just checked the session too, and keeps it for seconds.
    expect((await one.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    const out = await two.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await two.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    // Process one learns of it from PostgreSQL's notice, a moment after the
    // commit (plugins/auth/session-cache.ts); without it, it would keep
    // answering 200 for the hour this instance keeps a session.
    for (;;) {
      const status = (await one.call({ method: 'GET', url: '/api/auth/me', token })).statusCode;
      if (status !== 200) {
        expect(status).toBe(401);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('counts failed logins across processes', async () => {
    const account = demoAccount('psychologist2');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const instance = instances[attempt % instances.length]!;
      const failed = await login(instance, account.email, 'no-es-la-clave', `10.2.0.${attempt}`);
      expect(failed.statusCode).toBe(401);
    }
    const sixth = await login(two, account.email, account.password, '10.2.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it("serves a caseload list that reflects another process's writes at once", async () => {
    const account = demoAccount('psychologist');
    const token = (
      (await login(one, account.email, account.password, '10.3.0.1')).json() as { token: string }
    ).token;
    const namesOn = async (instance: Instance) => {
      const list = await instance.call({ method: 'GET', url: '/api/students', token });
      expect(list.statusCode).toBe(200);
      return (list.json() as { students: Array<{ _id: string; email: string }> }).students;
    };
    // Both processes have the list in their memory now.
    await namesOn(one);
    await namesOn(two);

    const body = studentBody();
    const created = await one.call({ method: 'POST', url: '/api/students', token, payload: body });
    expect(created.statusCode).toBe(201);
    expect((await namesOn(two)).map((student) => student.email)).toContain(body.email);

    const id = (created.json() as { student: { _id: string } }).student._id;
    expect(
      (await two.call({ method: 'DELETE', url: `/api/students/${id}`, token })).statusCode,
    ).toBe(200);
    expect((await namesOn(one)).map((student) => student.email)).not.toContain(body.email);
  });

  it('accepts a reset link mailed by one process on another, once', async () => {
    const account = demoAccount('admin');
    const asked = await one.call({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    expect(asked.statusCode).toBe(200);
    await one.server.app.ctx.mail.idle();
    const [mail] = readOutbox(path.join(one.dataDir, 'outbox'));
    const token = resetLinkIn(mail!).split('/').pop()!;

    const newPassword = 'Otra-Clave-Segura-2026';
    const reset = (instance: Instance) =>
      instance.call({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: newPassword },
      });
    expect((await reset(two)).statusCode).toBe(200);
    const again = await reset(one);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: MSG.auth.resetLinkInvalid });
    expect((await login(one, account.email, newPassword, '10.4.0.1')).statusCode).toBe(200);
  });

  it('writes the audit rows of every process to the one log (a login through one, a logout through the other)', async () => {
    const { db } = two.server.database;
    const rows = await rowsOf<{ action: string }>(db, sql`select distinct action from audit_log`);
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
  });
});
