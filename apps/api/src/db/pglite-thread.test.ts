import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { isUniqueViolation, sqlStateOf } from '../lib/db-errors';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/helpers/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { users } from './schema';

/**
 * The embedded database works in a thread of its own
 * (docs/limits-and-budgets.md#embedded-database): the server's event loop
 * keeps turning while PGlite works, and what crosses between the threads
 * (transactions, errors, notices) means what it meant on one thread.
 */
const describeOnPglite = onPostgres ? describe.skip : describe;

describeOnPglite('PGlite in a thread of its own', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    handle = await openDatabase(database.target);
  });
  afterAll(async () => {
    await handle.close();
    await database.dispose();
  });

  const userCount = async (email: string) =>
    (await handle.db.$count(users, sql`${users.email} = ${email}`)) as number;

  it("keeps the server's event loop turning while a query runs", async () => {
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 10);
    try {
      // On the server's own thread, PGlite would hold the loop for the whole second.
      await handle.db.execute(sql`select pg_sleep(1)`);
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('commits a transaction whole, rolls one back whole, and keeps its SQLSTATE on an error', async () => {
    const row = (email: string) =>
      ({ email, role: 'PSYCHOLOGIST', firstName: 'Ana', lastName: 'Ruiz' }) as const;
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values(row('hilo.uno@psicocampus.test'));
      await tx.insert(users).values(row('hilo.dos@psicocampus.test'));
    });
    const refused = await handle.db
      .transaction(async (tx) => {
        await tx.insert(users).values(row('hilo.tres@psicocampus.test'));
        await tx.insert(users).values(row('hilo.uno@psicocampus.test'));
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await userCount('hilo.uno@psicocampus.test')).toBe(1);
    expect(await userCount('hilo.dos@psicocampus.test')).toBe(1);
    expect(await userCount('hilo.tres@psicocampus.test')).toBe(0);
  });

  it("fails the transaction's caller when COMMIT itself refuses", async () => {
    await handle.db.execute(sql`create table hilo_diferido (
      id int primary key,
      padre int references hilo_diferido (id) deferrable initially deferred
    )`);
    const refused = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into hilo_diferido values (1, 99)`);
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(refused)).toBe('23503');
    const left = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from hilo_diferido`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });

  it('makes a query sent outside an open transaction wait until it ends, as one connection does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      order.push('transaction open');
      await held;
      order.push('transaction ends');
    });
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = handle.db.execute(sql`select 1`).then(() => order.push('outside answered'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction open', 'transaction ends', 'outside answered']);
  });

  it('delivers NOTIFY to a listener, and nothing once it has stopped', async () => {
    const notices: string[] = [];
    const states: boolean[] = [];
    const stop = await handle.listen('hilo_prueba', {
      notice: () => notices.push('aviso'),
      state: (listening) => states.push(listening),
    });
    await handle.db.execute(sql`notify hilo_prueba`);
    while (notices.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await stop();
    await handle.db.execute(sql`notify hilo_prueba`);
    await handle.db.execute(sql`select 1`);
    expect(notices).toEqual(['aviso']);
    expect(states).toEqual([true, false]);
  });
});

describeOnPglite('a closed embedded database', () => {
  it('refuses every query with an error instead of leaving it unanswered', async () => {
    const database = await createTestDatabase({ migrated: true });
    const handle = await openDatabase(database.target);
    await handle.close();
    const refused = await handle.ping().catch((error: unknown) => error);
    expect((refused as Error).cause).toEqual(new Error('The embedded database is closed.'));
    await database.dispose();
  });
});

describeOnPglite('the thread and the process around it', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'psicocampus-hilo-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("refuses a folder that holds no database with PGlite's own reason", async () => {
    const broken = path.join(folder, 'rota');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'PG_VERSION'), 'no es una base de datos\n');
    await expect(openDatabase({ kind: 'pglite', dataDir: broken })).rejects.toThrow(
      'PGlite failed to initialize properly',
    );
  });

  it('lets a command that forgets to close end once its last query is answered', () => {
    // A command awaiting the opening and its query is not cut short, and an
    // idle thread does not keep the process alive afterwards.
    const script = path.join(folder, 'orden.ts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.join(__dirname, 'client'))};
void (async () => {
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await handle.ping();
  console.log('respondió');
})();
`,
    );
    // Without the colour settings Jest and CI give, which make Node warn on stderr.
    const { FORCE_COLOR: _force, NO_COLOR: _none, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      env,
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('respondió');
    expect(run.status).toBe(0);
  });
});
