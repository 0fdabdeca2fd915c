import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { API_ROOT } from '../paths';

/** Migrations committed to the repository; the same folder from src/ and dist/. */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Any constant shared by all processes and `npm run migrate`: the key of the migration lock. */
export const MIGRATION_LOCK_KEY = 727_150_001;

/** Where drizzle's migrator records what it applied (its defaults). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

interface JournalEntry {
  tag: string;
  /** drizzle records this as the applied migration's `created_at`. */
  when: number;
}

function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** Something that runs a query: a pool or one of its clients. */
type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Runs `work` holding the migration lock, on a connection of its own: when
 * several processes (or a process and `npm run migrate`) start together, one
 * migrates and the others wait, then find nothing left to do.
 */
export async function withMigrationLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** Applies the pending migrations (the caller holds the lock); answers the tags it applied. */
export async function applyMigrations(pool: pg.Pool, client: pg.PoolClient): Promise<string[]> {
  const before = await pendingMigrations(client);
  // drizzle's migrator needs a drizzle handle; it runs all pending migrations in one transaction.
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
  return before;
}

/**
 * The committed migrations the database has not applied, by tag, with
 * drizzle's own rule: every migration newer than the last one recorded.
 */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  // The catalogue answers any role; the table itself needs the grant of `npm run migrate`.
  const exists = await db.query<{ present: boolean }>(
    `select exists (
       select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'
     ) as present`,
  );
  let last = -Infinity;
  if (exists.rows[0]?.present) {
    const result = await db.query<{ last: string | null }>(
      `select max(created_at)::text as last from ${MIGRATIONS_TABLE}`,
    );
    const recorded = result.rows[0]?.last;
    if (recorded !== null && recorded !== undefined) last = Number(recorded);
  }
  return journal()
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

/**
 * The server may not migrate (MIGRATE_ON_START=false) and cannot run on the
 * schema it found: the operator's to fix, told in one Spanish line (main.ts
 * prints the message alone, not a stack).
 */
export class SchemaNotReadyError extends Error {}

/** The database is behind this version: the server does not start. */
export class MigrationsPendingError extends SchemaNotReadyError {
  constructor(readonly pending: string[]) {
    super(
      `La base de datos no tiene aplicadas todas las migraciones de esta versión (faltan: ${pending.join(', ')}) y este servidor no las aplica al arrancar (MIGRATE_ON_START=false). Ejecuta "npm run migrate" con el rol propietario del esquema (MIGRATION_DATABASE_URL) y vuelve a arrancar el servidor.`,
    );
    this.name = 'MigrationsPendingError';
  }
}

/** The server's role may not even read which migrations were applied: the grants are missing. */
export class MigrationsUnreadableError extends SchemaNotReadyError {
  constructor(cause: unknown) {
    super(
      `El rol de la base de datos de este servidor no puede leer qué migraciones están aplicadas (${(cause as Error).message}). Ejecuta "npm run migrate" con el rol propietario (MIGRATION_DATABASE_URL) y DATABASE_APP_ROLE con el nombre de este rol, y vuelve a arrancar el servidor.`,
      { cause },
    );
    this.name = 'MigrationsUnreadableError';
  }
}

/** PostgreSQL's "insufficient_privilege". */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * What the server does with the schema when it opens PostgreSQL: migrate
 * under the lock (the default, one role owning everything), or, when its role
 * may not change the schema (MIGRATE_ON_START=false), only check that nothing
 * is pending and throw a Spanish explanation otherwise.
 */
export async function preparePostgresSchema(pool: pg.Pool, migrateOnStart: boolean): Promise<void> {
  if (migrateOnStart) {
    await withMigrationLock(pool, (client) => applyMigrations(pool, client));
    return;
  }
  let pending: string[];
  try {
    pending = await pendingMigrations(pool);
  } catch (error) {
    if ((error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) {
      throw new MigrationsUnreadableError(error);
    }
    throw error;
  }
  if (pending.length > 0) throw new MigrationsPendingError(pending);
}
