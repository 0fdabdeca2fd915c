import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { verifyAuditChain } from '../plugins/audit/audit-chain';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './client';
import { MIGRATIONS_FOLDER } from './migrations';
import { auditLog } from './schema';

/*
 * Migration 0018 on a database that already has an audit log
 * (docs/data-model.md#audit-chain): the rows written before it are chained
 * in the order of their time, then id, and the log verifies; new rows
 * follow them. On PGlite and on PostgreSQL.
 */

const BEFORE_CHAIN = '0017_audit_missing_outcome';

/** The committed migrations up to `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'psicocampus-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Rows as a version before 0018 wrote them: any time, not in the order of their ids. */
const OLD_ROWS = [
  { at: '2026-03-02T10:00:00.000003Z', action: 'student.read', outcome: 'success' },
  { at: '2026-03-01T09:00:00Z', action: 'auth.login', outcome: 'denied' },
  { at: '2026-03-02T10:00:00.000003Z', action: 'student.list', outcome: 'success' },
  { at: '2026-03-01T08:00:00Z', action: 'auth.login', outcome: 'success' },
];

const INSERT_OLD_ROWS = `insert into audit_log (at, action, outcome, record_id, detail) values ${OLD_ROWS.map(
  (row, index) =>
    `('${row.at}', '${row.action}', '${row.outcome}', 'r|${index}\\\\', '{"n": ${index}}')`,
).join(', ')}`;

/** Migrates `target` up to 0017 and writes the old rows, as an installation of that version did. */
async function installBeforeChain(target: DatabaseTarget, folder: string): Promise<void> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      await migratePostgres(drizzlePostgres(pool), { migrationsFolder: folder });
      await pool.query(INSERT_OLD_ROWS);
    } finally {
      await pool.end();
    }
    return;
  }
  const client = await PGlite.create(target.dataDir);
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await client.exec(INSERT_OLD_ROWS);
  } finally {
    await client.close();
  }
}

let database: TestDatabase;
let target: DatabaseTarget;
let folder: string;
let pgliteDir: string | null = null;
let handle: DatabaseHandle;

beforeAll(async () => {
  folder = migrationsUpTo(BEFORE_CHAIN);
  database = await createTestDatabase();
  target = database.target;
  if (target.kind === 'pglite') {
    // A folder, not memory: the database is opened a second time to migrate further.
    pgliteDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-chain-'));
    target = { kind: 'pglite', dataDir: pgliteDir };
  }
  await installBeforeChain(target, folder);
  handle = await openDatabase(target);
}, 180_000);

afterAll(async () => {
  await handle?.close();
  await database.dispose();
  rmSync(folder, { recursive: true, force: true });
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

it('chains the rows written before it in the order of their time, then id, and the log verifies', async () => {
  const rows = await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  expect(rows.map((row) => [row.seq, row.id, row.action])).toEqual([
    [1, 4, 'auth.login'],
    [2, 2, 'auth.login'],
    [3, 1, 'student.read'],
    [4, 3, 'student.list'],
  ]);
  // Their times as they were: the migration only chains them.
  expect(rows.map((row) => row.at.toISOString())).toEqual([
    '2026-03-01T08:00:00.000Z',
    '2026-03-01T09:00:00.000Z',
    '2026-03-02T10:00:00.000Z',
    '2026-03-02T10:00:00.000Z',
  ]);
  expect(await verifyAuditChain(handle.db, 3)).toEqual({
    intact: true,
    checked: 4,
    head: { seq: 4, hash: rows[3]!.hash },
  });
});

it('chains the next row after them, and refuses to change the old ones as before', async () => {
  await handle.db.insert(auditLog).values({ action: 'auth.logout', outcome: 'success' });
  expect(await verifyAuditChain(handle.db)).toMatchObject({ intact: true, checked: 5 });
  await expect(handle.db.execute(sql`update audit_log set outcome = 'error'`)).rejects.toThrow();
});
