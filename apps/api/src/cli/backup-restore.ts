import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import pg from 'pg';
import type { AppConfig } from '../config';
import { commandConfig, commandOutput, type CommandOutput } from './command-io';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

/**
 * `npm run backup [-- --out <archivo>]` and `npm run restore -- <archivo>`.
 *
 * PostgreSQL (DATABASE_URL set) is copied with the system's pg_dump in its
 * custom format and restored with pg_restore in one transaction. The embedded
 * PGlite is copied as a gzipped tarball of its data folder (PGlite's own
 * `dumpDataDir`) and restored by loading that tarball into a new folder.
 * Either way a restore only writes into an empty database, and the restored
 * database is then opened like the server opens it, so the migrations of
 * this version upgrade a copy made by an older one.
 *
 * PGlite has one process at a time on its folder and no lock of its own: a
 * backup while the server runs on the same DATA_DIR is refused (see
 * `refusePgliteInUse`). A PostgreSQL backup can run with the server up.
 */

const BACKUP_USAGE = 'Uso: npm run backup [-- --out <archivo>]';
const RESTORE_USAGE = 'Uso: npm run restore -- <archivo>';

const INSTALL_CLIENT =
  'Instala el cliente de PostgreSQL, de la misma versión mayor que el servidor o más nueva ' +
  '(en Debian o Ubuntu: sudo apt-get install postgresql-client) y vuelve a intentarlo.';

/** A refusal or failure the operator can act on; its message is Spanish and complete. */
export class BackupError extends Error {}

export interface BackupCommandDependencies {
  /** The configuration; `loadConfig()` of the environment by default. */
  config?: AppConfig;
  /** Names the default backup file. */
  now?: () => Date;
  /** Where the command writes for the operator (stdout and stderr by default). */
  print?: (line: string) => void;
  printError?: (line: string) => void;
  /** PostgreSQL's client programs; looked up on PATH by default. */
  pgDump?: string;
  pgRestore?: string;
}

/** The tables whose row counts the operator sees, with the names the screens use. */
const MAIN_TABLES: ReadonlyArray<{ table: string; label: string }> = [
  { table: getTableName(schema.users), label: 'Cuentas' },
  { table: getTableName(schema.students), label: 'Estudiantes' },
  { table: getTableName(schema.clinicalNotes), label: 'Notas clínicas' },
  { table: getTableName(schema.suicideAssessments), label: 'Evaluaciones C-SSRS' },
  { table: getTableName(schema.appointments), label: 'Citas' },
  { table: getTableName(schema.auditLog), label: 'Registro de auditoría' },
];

/** Every table of the product's schema, and drizzle's record of the migrations applied. */
const PRODUCT_TABLES: string[] = [
  ...Object.values(schema).flatMap((value: unknown) =>
    is(value, Table) ? [getTableName(value)] : [],
  ),
  '__drizzle_migrations',
];

type Row = Record<string, unknown>;
/** Runs one statement of our own (no user input) and answers its rows. */
type RunQuery = (text: string) => Promise<Row[]>;

interface TableCount {
  table: string;
  label: string;
  rows: number;
}

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The main tables' row counts; a table an older version did not have yet is left out. */
async function countMainTables(run: RunQuery): Promise<TableCount[]> {
  const present = new Set(
    (
      await run(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and c.relname in (${MAIN_TABLES.map(({ table }) => quoteLiteral(table)).join(', ')})`,
      )
    ).map((row) => String(row.name)),
  );
  const counted = MAIN_TABLES.filter(({ table }) => present.has(table));
  if (counted.length === 0) return [];
  const [totals] = await run(
    `select ${counted
      .map(({ table }) => `(select count(*) from "public"."${table}") as "${table}"`)
      .join(', ')}`,
  );
  return counted.map(({ table, label }) => ({ table, label, rows: Number(totals![table]) }));
}

/** The product's tables already in a PostgreSQL database (none in an empty one). */
async function productTablesIn(run: RunQuery): Promise<string[]> {
  const rows = await run(
    `select table_name as name from information_schema.tables
     where table_schema in ('public', 'drizzle')
       and table_name in (${PRODUCT_TABLES.map(quoteLiteral).join(', ')})
     order by table_name`,
  );
  return rows.map((row) => String(row.name));
}

const rowsOfHandle =
  (handle: DatabaseHandle): RunQuery =>
  async (text) =>
    // Both drivers answer an object with `rows`; drizzle's type for it is per driver.
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;

const numberFormat = new Intl.NumberFormat('es-ES');
const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? numberFormat.format(value) : sizeFormat.format(value)} ${units[unit]}`;
}

function printCounts(title: string, counts: TableCount[], print: (line: string) => void): void {
  if (counts.length === 0) return;
  print(title);
  const width = Math.max(...counts.map(({ label, table }) => `${label} (${table})`.length));
  for (const { label, table, rows } of counts) {
    print(`  ${`${label} (${table})`.padEnd(width)}  ${numberFormat.format(rows).padStart(8)}`);
  }
}

// ---------------------------------------------------------------------------
// Files

/**
 * Writes a file that holds clinical records: readable by its owner only
 * from the first byte, and complete or absent (a temporary name in the same
 * folder, renamed at the end), so an interrupted backup never looks like a
 * good one.
 */
async function writePrivateFile(
  target: string,
  write: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  // Only the owner may list the backups either: the names say when they were made.
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await write(handle);
    await handle.sync();
    await handle.close();
    await rename(temporary, target);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}

type BackupKind = 'pglite' | 'postgres';

/** `20260314T101500Z`: sorts by date and holds no character a file system refuses. */
const fileTimestamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');

function defaultBackupFile(config: AppConfig, kind: BackupKind, now: Date): string {
  const extension = kind === 'postgres' ? 'dump' : 'tar.gz';
  return path.join(
    config.dataDir,
    'backups',
    `psicocampus-${kind}-${fileTimestamp(now)}.${extension}`,
  );
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** The first bytes of pg_dump's custom format. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP', 'latin1');

/** What a file holds, by its first bytes rather than by its name, which the operator may change. */
async function backupKindOf(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(PG_DUMP_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= PG_DUMP_MAGIC.length && head.equals(PG_DUMP_MAGIC)) return 'postgres';
    if (bytesRead >= GZIP_MAGIC.length && head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

async function isMissingOrEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

// ---------------------------------------------------------------------------
// PGlite

/**
 * PGlite writes postmaster.pid when it opens its folder and removes it when
 * it closes, but, unlike PostgreSQL, never checks it: a second process would
 * open the same files and both would corrupt them. The file is our only sign
 * that the server (or another command) has the database open.
 */
function refusePgliteInUse(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  throw new BackupError(
    [
      `La base de datos PGlite de ${dataDir} está abierta: PsicoCampus está en marcha con este DATA_DIR, o se detuvo sin cerrarla.`,
      'PGlite solo admite un proceso a la vez: detén el servidor (Ctrl+C o su servicio) y vuelve a intentarlo.',
      `Si el servidor no está en marcha, arráncalo y detenlo una vez para que cierre la base de datos (o borra ${pidFile}, solo si estás seguro de que ningún proceso la usa).`,
    ].join('\n'),
  );
}

/** `announce` says the work begins, once the checks that refuse it have passed. */
type Announce = () => void;

async function backupPglite(
  dataDir: string,
  out: string,
  announce: Announce,
): Promise<TableCount[]> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`No hay una base de datos PGlite en ${dataDir}. Revisa DATA_DIR.`);
  }
  refusePgliteInUse(dataDir);
  announce();
  const client = await PGlite.create(path.resolve(dataDir));
  try {
    const counts = await countMainTables(async (text) => (await client.query<Row>(text)).rows);
    // Everything into the data files first: the tarball then needs no WAL
    // replay to be complete.
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    await writePrivateFile(out, async (handle) => {
      await handle.writeFile(bytes);
    });
    return counts;
  } finally {
    await client.close();
  }
}

async function restorePglite(
  file: string,
  dataDir: string,
  announce: Announce,
): Promise<TableCount[]> {
  const target = path.resolve(dataDir);
  if (!(await isMissingOrEmptyFolder(target))) {
    throw new BackupError(
      [
        `Ya hay una base de datos en ${target}; la restauración solo escribe en una carpeta vacía.`,
        `Detén el servidor, aparta esa carpeta (por ejemplo: mv "${target}" "${target}.anterior") y vuelve a intentarlo,`,
        'o restaura en otro DATA_DIR.',
      ].join('\n'),
    );
  }
  announce();
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  // Loaded and migrated beside the target and moved into place at the end: a
  // restore that fails half-way leaves no database the server would start on.
  const staging = path.join(parent, `.pglite-restaurando-${randomBytes(6).toString('hex')}`);
  try {
    const tarball = new Blob([await readFile(file)], { type: 'application/gzip' });
    let loaded: PGlite;
    try {
      loaded = await PGlite.create(staging, { loadDataDir: tarball });
    } catch (error) {
      throw new BackupError(
        `${file} no se pudo cargar como copia de PGlite (${(error as Error).message}). ¿Es un archivo de npm run backup?`,
      );
    }
    try {
      const tables = await productTablesIn(async (text) => (await loaded.query<Row>(text)).rows);
      if (!tables.includes(getTableName(schema.users))) {
        throw new BackupError(`${file} no contiene una base de datos de PsicoCampus.`);
      }
    } finally {
      await loaded.close();
    }

    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    let counts: TableCount[];
    try {
      counts = await countMainTables(rowsOfHandle(database));
    } finally {
      await database.close();
    }

    if (existsSync(target)) await rmdir(target);
    try {
      await rename(staging, target);
    } catch (error) {
      throw new BackupError(
        `No se pudo mover la base de datos restaurada a ${target} (${(error as Error).message}). ¿Arrancó el servidor mientras tanto?`,
      );
    }
    return counts;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL

/** The URL without its password, to show the operator and to hand to pg_dump. */
function withoutPassword(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError(
      'DATABASE_URL no es una dirección válida (postgres://usuario@servidor/base).',
    );
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
    throw new BackupError(
      `No se encontró ${command}, que hace falta con DATABASE_URL. ${INSTALL_CLIENT}`,
    );
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
      `No se pudo conectar con PostgreSQL en ${withoutPassword(url).toString()}: ${(error as Error).message}`,
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
  const lines = [`${tool} terminó con un error (código ${code ?? 'desconocido'}); ${outcome}`];
  if (stderr) lines.push(stderr);
  if (/version mismatch/i.test(stderr)) {
    lines.push(
      `${tool} es de una versión mayor más antigua que la del servidor. ${INSTALL_CLIENT}`,
    );
  }
  return new BackupError(lines.join('\n'));
}

async function backupPostgres(
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
      if (code !== 0) throw toolFailure('pg_dump', code, stderr, 'no se escribió ninguna copia.');
    });
    await client.query('commit');
    return counts;
  } finally {
    await client.end().catch(() => {});
  }
}

async function restorePostgres(
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
        [
          `La base de datos ${withoutPassword(url).toString()} no está vacía (ya tiene las tablas ${tables.join(', ')}); la restauración solo escribe en una base de datos vacía.`,
          'Crea una nueva (por ejemplo: createdb psicocampus_restaurada), apunta DATABASE_URL a ella y vuelve a intentarlo.',
        ].join('\n'),
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
    throw toolFailure('pg_restore', code, stderr, 'la base de datos de destino quedó como estaba.');
  }

  const database = await openDatabase({ kind: 'postgres', url });
  try {
    return await countMainTables(rowsOfHandle(database));
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------
// Commands

/** A wrong command line: the message is followed by the usage line. */
class UsageError extends BackupError {}

/** Parses the command line, explaining a mistake in Spanish (parseArgs explains in English). */
function parseArguments<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof BackupError) throw new UsageError(error.message);
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    throw new UsageError(
      option ? `Opción no válida o sin valor: ${option}.` : 'Los argumentos no son válidos.',
    );
  }
}

interface CommandIo extends CommandOutput {
  config: AppConfig;
}

/** Runs a command's body, turning configuration errors and refusals into Spanish lines and exit code 1. */
async function runCommand(
  deps: BackupCommandDependencies,
  failurePrefix: string,
  usage: string,
  body: (io: CommandIo) => Promise<void>,
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  const config = commandConfig(deps.config, printError);
  if (!config) return 1;
  try {
    await body({ config, print, printError });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      printError(error.message);
      printError(usage);
    } else if (error instanceof BackupError) {
      printError(error.message);
    } else {
      printError(`${failurePrefix}: ${(error as Error).message}`);
    }
    return 1;
  }
}

/**
 * `npm run backup`: writes a copy of the configured database to
 * DATA_DIR/backups (or `--out`) and prints where, its size and its row
 * counts. Answers the exit code: 0 when written, 1 otherwise.
 */
export function backupCommand(
  argv: string[],
  deps: BackupCommandDependencies = {},
): Promise<number> {
  return runCommand(
    deps,
    'No se pudo hacer la copia de seguridad',
    BACKUP_USAGE,
    async ({ config, print }) => {
      const { values } = parseArguments(() =>
        parseArgs({
          args: argv,
          options: { out: { type: 'string' } },
          strict: true,
          allowPositionals: false,
        }),
      );
      const target = databaseTarget(config);
      const now = (deps.now ?? (() => new Date()))();
      const out = values.out
        ? path.resolve(values.out)
        : defaultBackupFile(config, target.kind, now);
      if (existsSync(out)) {
        throw new BackupError(`Ya existe ${out}; no se sobrescribe. Elige otro nombre con --out.`);
      }

      let counts: TableCount[];
      if (target.kind === 'postgres') {
        counts = await backupPostgres(target.url, out, deps.pgDump ?? 'pg_dump', () =>
          print(
            `Copiando la base de datos PostgreSQL ${withoutPassword(target.url).toString()} con pg_dump...`,
          ),
        );
      } else {
        counts = await backupPglite(target.dataDir, out, () =>
          print(`Copiando la base de datos PGlite de ${path.resolve(target.dataDir)}...`),
        );
      }
      const { size } = await stat(out);
      print(`Copia de seguridad escrita en ${out} (${formatSize(size)}).`);
      printCounts('Filas copiadas:', counts, print);
      print(
        'Contiene historias clínicas: guárdala con acceso restringido y fuera de este servidor.',
      );
      print(`Para restaurarla en una base de datos vacía: npm run restore -- "${out}"`);
    },
  );
}

/**
 * `npm run restore -- <archivo>`: loads a copy made by `npm run backup` into
 * the configured database, which must be empty, migrates it to this version
 * and prints its row counts. Answers the exit code: 0 when restored, 1
 * (changing nothing) otherwise.
 */
export function restoreCommand(
  argv: string[],
  deps: BackupCommandDependencies = {},
): Promise<number> {
  return runCommand(
    deps,
    'No se pudo restaurar la copia de seguridad',
    RESTORE_USAGE,
    async ({ config, print }) => {
      const { positionals } = parseArguments(() => {
        const parsed = parseArgs({ args: argv, options: {}, strict: true, allowPositionals: true });
        if (parsed.positionals.length !== 1) {
          throw new BackupError('Indica un archivo de copia de seguridad, y solo uno.');
        }
        return parsed;
      });
      const file = path.resolve(positionals[0]!);
      if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);

      const target = databaseTarget(config);
      const kind = await backupKindOf(file);
      if (kind === null) {
        throw new BackupError(
          `${file} no es una copia de seguridad de PsicoCampus (ni de pg_dump ni de PGlite).`,
        );
      }
      if (kind !== target.kind) {
        throw new BackupError(
          kind === 'pglite'
            ? `${file} es una copia de PGlite, la base de datos integrada; DATABASE_URL apunta a PostgreSQL. Para restaurarla, ejecuta el comando sin DATABASE_URL.`
            : `${file} es una copia de PostgreSQL (pg_dump); sin DATABASE_URL se restauraría en PGlite. Define DATABASE_URL con la base de datos vacía de destino.`,
        );
      }

      let counts: TableCount[];
      let where: string;
      if (target.kind === 'postgres') {
        where = withoutPassword(target.url).toString();
        counts = await restorePostgres(file, target.url, deps.pgRestore ?? 'pg_restore', () =>
          print(`Restaurando ${file} en la base de datos PostgreSQL ${where} con pg_restore...`),
        );
      } else {
        where = path.resolve(target.dataDir);
        counts = await restorePglite(file, target.dataDir, () =>
          print(`Restaurando ${file} en la base de datos PGlite de ${where}...`),
        );
      }
      print(`Base de datos restaurada en ${where}.`);
      printCounts('Filas restauradas:', counts, print);
    },
  );
}

/** Runs a command as a program: its exit code becomes the process's. */
export function runAsProgram(command: (argv: string[]) => Promise<number>): void {
  command(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
