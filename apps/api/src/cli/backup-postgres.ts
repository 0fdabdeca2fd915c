import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { openDatabase } from '../db/client';
import {
  countMainTables,
  productTablesIn,
  rowsOfHandle,
  type Row,
  type RunQuery,
  type TableCount,
} from './backup-contents';
import { BackupError, writePrivateFile, type Announce } from './backup-files';

/**
 * PostgreSQL: copied with the system's pg_dump in its custom format and
 * restored with pg_restore in one transaction, into an empty database only.
 */

const B = SERVER_MSG.cli.backup;

/** The URL without its password, to show the operator and to hand to pg_dump. */
export function withoutPassword(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError(B.invalidDatabaseUrl);
  }
  parsed.password = '';
  return parsed;
}

/**
 * The password goes to libpq in PGPASSWORD, never on the command line, where
 * any user of the machine could read it (`ps`); the rest of the URL
 * (sslmode and the like) goes in --dbname as it is.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const dbname = withoutPassword(url).toString();
  const password = decodeURIComponent(new URL(url).password);
  return { dbname, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function refuseMissingTool(command: string): void {
  const { error } = spawnSync(command, ['--version'], { stdio: 'ignore' });
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupError(B.toolMissing(command, B.installClient));
  }
}

/** Runs one of PostgreSQL's client programs; answers its exit code and what it said on stderr. */
function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: number | 'ignore' = 'ignore',
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      // Enough to explain a failure; a runaway program must not fill the memory.
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection surfaces as the failed query; without a listener it would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      B.cannotConnect(withoutPassword(url).toString(), (error as Error).message),
    );
  }
  return client;
}

const rowsOfClient =
  (client: pg.Client): RunQuery =>
  async (text) =>
    (await client.query<Row>(text)).rows;

function toolFailure(
  tool: string,
  code: number | null,
  stderr: string,
  outcome: string,
): BackupError {
  const lines = [B.toolFailed(tool, String(code ?? B.unknownCode), outcome)];
  if (stderr) lines.push(stderr);
  if (/version mismatch/i.test(stderr)) {
    lines.push(B.toolTooOld(tool, B.installClient));
  }
  return new BackupError(lines.join('\n'));
}

export async function backupPostgres(
  url: string,
  out: string,
  pgDump: string,
  announce: Announce,
): Promise<TableCount[]> {
  refuseMissingTool(pgDump);
  const { dbname, env } = libpqConnection(url);
  const client = await connectPostgres(url);
  try {
    announce();
    // The server may be running: pg_dump reads the snapshot this transaction
    // exported, so the counts printed are exactly the rows in the file.
    await client.query('begin isolation level repeatable read, read only');
    const exported = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const snapshot = exported.rows[0]!.snapshot;
    const counts = await countMainTables(rowsOfClient(client));
    await writePrivateFile(out, async (handle) => {
      const { code, stderr } = await runTool(
        pgDump,
        [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          `--snapshot=${snapshot}`,
          `--dbname=${dbname}`,
        ],
        env,
        handle.fd,
      );
      if (code !== 0) throw toolFailure('pg_dump', code, stderr, B.nothingWritten);
    });
    await client.query('commit');
    return counts;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function restorePostgres(
  file: string,
  url: string,
  pgRestore: string,
  announce: Announce,
): Promise<TableCount[]> {
  refuseMissingTool(pgRestore);
  const { dbname, env } = libpqConnection(url);
  const client = await connectPostgres(url);
  try {
    const tables = await productTablesIn(rowsOfClient(client));
    if (tables.length > 0) {
      throw new BackupError(
        B.databaseNotEmpty(withoutPassword(url).toString(), tables.join(', ')).join('\n'),
      );
    }
  } finally {
    await client.end().catch(() => {});
  }

  announce();
  // One transaction: a failure leaves the target as empty as it was. The
  // data goes in with COPY before pg_restore creates the triggers, so the
  // audit log's append-only trigger and the caseload triggers do not fire.
  const { code, stderr } = await runTool(
    pgRestore,
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  if (code !== 0) {
    throw toolFailure('pg_restore', code, stderr, B.targetUnchanged);
  }

  const database = await openDatabase({ kind: 'postgres', url });
  try {
    return await countMainTables(rowsOfHandle(database));
  } finally {
    await database.close();
  }
}
