import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { migrateCommand } from './migrate';

/**
 * `npm run migrate` on the embedded PGlite database (no DATABASE_URL), which
 * has a single role. The two PostgreSQL roles are in db/app-role.test.ts.
 */

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-migrate-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  // An explicit environment: DATABASE_URL of the test run does not leak in.
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const code = await migrateCommand(argv, {
    config,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), config };
}

describe('npm run migrate on PGlite', () => {
  it('creates the schema of a new PGlite database and says it has no roles to grant', async () => {
    const result = await run([]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(`Base de datos PGlite de ${dataDir} al día`);
    expect(result.out).toContain('tiene un solo rol');

    const database = await openDatabase(databaseTarget(result.config));
    try {
      const tables = (await database.db.execute(
        sql`select count(*)::int as n from pg_tables where tablename in ('audit_log', 'students')`,
      )) as unknown as { rows: { n: number }[] };
      expect(tables.rows[0]!.n).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('refuses DATABASE_APP_ROLE without a PostgreSQL URL, and arguments it does not take', async () => {
    const role = await run([], { DATABASE_APP_ROLE: 'psicocampus_app' });
    expect(role.code).toBe(1);
    expect(role.err).toContain('DATABASE_APP_ROLE solo se usa con PostgreSQL');

    const extra = await run(['--force']);
    expect(extra.code).toBe(1);
    expect(extra.err).toContain('Argumentos no esperados: --force');
    expect(extra.err).toContain('Uso: npm run migrate');
  });
});
