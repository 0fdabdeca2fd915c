import pg from 'pg';

/**
 * Production's two database roles on the test PostgreSQL server
 * (SECURITY.md, "Database roles in production"): the test server's
 * superuser makes them, as deploy/postgres/create-roles.sh would.
 */

/** The test server's superuser, e.g. postgres@127.0.0.1 (CREATE ROLE needs it). */
const SERVER_URL = process.env.DATABASE_URL ?? '';

/** Runs `statements` as the superuser, in the test server's database or in `database`. */
export async function asSuperuser(statements: string[], database?: string): Promise<void> {
  const url = new URL(SERVER_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of `database` as `role` (the test server trusts local connections). */
export function urlAs(role: string, database: string): string {
  const url = new URL(SERVER_URL);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection as `role`, open. */
export async function connectAs(role: string, database: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: urlAs(role, database) });
  await client.connect();
  return client;
}

/** The SQLSTATE a transaction of `statements` fails with as `client`, null when it commits. */
export async function failureOf(
  client: pg.Client,
  statements: Array<[string, unknown[]?]>,
): Promise<string | null> {
  await client.query('begin');
  try {
    for (const [text, values] of statements) await client.query(text, values ?? []);
    await client.query('commit');
    return null;
  } catch (error) {
    await client.query('rollback');
    return (error as { code?: string }).code ?? 'unknown';
  }
}
