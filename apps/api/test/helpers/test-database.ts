import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { DatabaseTarget } from '../../src/db/client';
import {
  adminQuery,
  copyPgliteTemplate,
  databaseUrl,
  templateOfThisRun,
} from './template-database';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes what the database left behind (a PostgreSQL database, a PGlite folder). */
  dispose(): Promise<void>;
}

/**
 * A database of its own for one test file: a throw-away PGlite, or, when
 * DATABASE_URL is set, a new PostgreSQL database on that server, dropped at
 * the end. The same tests run on both. Empty unless `migrated`, which starts
 * it as a copy of this run's migrated template (template-database.ts); the
 * tests of migrating itself ask for an empty one.
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const template = options.migrated ? templateOfThisRun() : null;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind !== 'pglite') {
      return { target: { kind: 'pglite', dataDir: 'memory://' }, dispose: async () => {} };
    }
    const dataDir = copyPgliteTemplate(template);
    return {
      target: { kind: 'pglite', dataDir },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `pc_test_${randomBytes(6).toString('hex')}`;
  const from = template?.kind === 'postgres' ? ` template "${template.name}"` : '';
  await adminQuery(serverUrl, `create database "${name}"${from}`);
  return {
    target: { kind: 'postgres', url: databaseUrl(serverUrl, name) },
    dispose: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

export const onPostgres = Boolean(process.env.DATABASE_URL);
