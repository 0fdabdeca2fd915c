import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppConfig } from '../config';
import { MIGRATIONS_FOLDER, preparePostgresSchema } from './migrations';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

/** One query type for both engines: every query in the server is written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Listens to a NOTIFY channel. `state(true)` once the listener is in place,
   * `state(false)` whenever it is lost (a notice may have been missed) until
   * it is back; on PostgreSQL it reconnects by itself. Resolves to `stop`.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NoticeHandlers {
  notice(): void;
  state(listening: boolean): void;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** false (MIGRATE_ON_START): check that no migration is pending instead of applying them. */
      migrate?: boolean;
    }
  /** A folder for PGlite's files, or 'memory://' for a throw-away database. */
  | { kind: 'pglite'; dataDir: string };

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite under DATA_DIR/pglite. */
export function databaseTarget(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'migrateOnStart'>,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, migrate: config.migrateOnStart }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export { MIGRATIONS_FOLDER };

const CASING = 'snake_case' as const;

/**
 * Opens the database and applies pending migrations. On PostgreSQL several
 * server processes may start together: one takes an advisory lock and
 * migrates, the others wait for it and then find nothing left to do.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.migrate ?? true);
  return openPglite(target.dataDir);
}

async function openPostgres(url: string, migrate: boolean): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error', error));
  const db = drizzlePostgres(pool, { schema, casing: CASING });
  // Migrations under the lock, or only a check for a role that may not
  // migrate (deploy/README.md's two roles): db/migrations.ts.
  await preparePostgresSchema(pool, migrate).catch(async (error: unknown) => {
    await pool.end().catch(() => {});
    throw error;
  });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * PGlite in a thread of its own (pglite-thread.ts), which also applies the
 * migrations: its queries run beside the server's event loop, not on it.
 */
async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const data = {
    dataDir: inMemory ? dataDir : path.resolve(dataDir),
    migrationsFolder: MIGRATIONS_FOLDER,
  };
  if (!inMemory && !existsSync(path.join(data.dataDir, 'PG_VERSION'))) {
    // PGlite's WebAssembly memory only grows, and creating a cluster takes
    // some 500 MB that opening one never needs: a thread of its own creates
    // and migrates it, then ends and gives that memory back, and the thread
    // that serves opens the folder as at any restart
    // (docs/limits-and-budgets.md#embedded-database).
    await (await openPgliteThread(data)).close();
  }
  const client = await openPgliteThread(data);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, casing: CASING });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One process holds the folder: every change comes through this client.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, () => handlers.notice());
      handlers.state(true);
      return async () => {
        handlers.state(false);
        await unlisten();
      };
    },
    close: () => client.close(),
  };
}

const RELISTEN_AFTER_MS = 1_000;
/** How often the listening connection is asked to answer, proving it still delivers. */
export const HEARTBEAT_EVERY_MS = 500;
/** A heartbeat unanswered this long means the connection has stalled: it is treated as lost. */
export const HEARTBEAT_LATE_MS = 1_000;

/**
 * A connection of its own, outside the pool, that LISTENs on `channel`, and
 * opens again after a failure: a pooled client would be lent to queries.
 *
 * A connection can also stall without closing (a middlebox holding bytes
 * back): notices would stop arriving while it still looks alive. So it
 * answers a heartbeat every HEARTBEAT_EVERY_MS; PostgreSQL sends a listening
 * connection its pending notices before any answer, so an answer proves
 * every earlier notice arrived. One unanswered for HEARTBEAT_LATE_MS counts
 * as lost, at most about 1.5 s after the stall began.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: NoticeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    if (heartbeat) clearTimeout(heartbeat);
    handlers.state(false);
    current.end().catch(() => {});
    // A stalled connection would never finish ending: its socket goes now.
    current.connection.stream.destroy();
    if (!stopped) retry = setTimeout(() => void open(), RELISTEN_AFTER_MS);
  };
  const beat = async (current: pg.Client): Promise<void> => {
    const late = setTimeout(() => lost(current), HEARTBEAT_LATE_MS).unref();
    try {
      await current.query('select 1');
    } catch {
      lost(current);
      return;
    } finally {
      clearTimeout(late);
    }
    if (client === current) {
      heartbeat = setTimeout(() => void beat(current), HEARTBEAT_EVERY_MS).unref();
    }
  };
  const open = async (): Promise<void> => {
    retry = null;
    const current = new pg.Client({ connectionString: url, keepAlive: true });
    client = current;
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.notice();
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (client === current && !stopped) {
        handlers.state(true);
        heartbeat = setTimeout(() => void beat(current), HEARTBEAT_EVERY_MS).unref();
      }
    } catch (error) {
      console.error(`[db] cannot LISTEN on ${channel}; retrying`, error);
      lost(current);
    }
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (heartbeat) clearTimeout(heartbeat);
    const current = client;
    client = null;
    handlers.state(false);
    await current?.end().catch(() => {});
  };
}
