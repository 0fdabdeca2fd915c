import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/db/client';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes what the database left behind (a PostgreSQL database). */
  dispose(): Promise<void>;
}

/**
 * A database of its own for one test file: a throw-away PGlite in memory,
 * or, when DATABASE_URL is set, a new PostgreSQL database on that server,
 * dropped at the end. The same tests run on both.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { target: { kind: 'pglite', dataDir: 'memory://' }, dispose: async () => {} };
  }
  const name = `pc_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    dispose: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const onPostgres = Boolean(process.env.DATABASE_URL);
