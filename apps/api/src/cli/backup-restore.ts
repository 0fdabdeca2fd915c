import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import { databaseTarget } from '../db/client';
import { commandConfig, commandOutput, type CommandOutput } from './command-io';
import { formatSize, printCounts, type TableCount } from './backup-contents';
import { BackupError, backupKindOf, defaultBackupFile } from './backup-files';
import { backupPglite, restorePglite } from './backup-pglite';
import { backupPostgres, restorePostgres, withoutPassword } from './backup-postgres';

export { BackupError } from './backup-files';

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
 *
 * This file is the commands themselves (arguments, messages, exit codes);
 * each database's copy and restore is in backup-pglite.ts and
 * backup-postgres.ts, the files' writing and recognition in backup-files.ts,
 * and the tables and row counts the operator reads in backup-contents.ts.
 */

const B = SERVER_MSG.cli.backup;

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
      option ? SERVER_MSG.cli.invalidOption(option) : SERVER_MSG.cli.invalidArguments,
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
  return runCommand(deps, B.backupFailed, B.backupUsage, async ({ config, print }) => {
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
    const out = values.out ? path.resolve(values.out) : defaultBackupFile(config, target.kind, now);
    if (existsSync(out)) {
      throw new BackupError(B.exists(out));
    }

    let counts: TableCount[];
    if (target.kind === 'postgres') {
      counts = await backupPostgres(target.url, out, deps.pgDump ?? 'pg_dump', () =>
        print(B.copyingPostgres(withoutPassword(target.url).toString())),
      );
    } else {
      counts = await backupPglite(target.dataDir, out, () =>
        print(B.copyingPglite(path.resolve(target.dataDir))),
      );
    }
    const { size } = await stat(out);
    print(B.written(out, formatSize(size)));
    printCounts(B.rowsCopied, counts, print);
    print(B.keepItSafe);
    print(B.howToRestore(out));
  });
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
  return runCommand(deps, B.restoreFailed, B.restoreUsage, async ({ config, print }) => {
    const { positionals } = parseArguments(() => {
      const parsed = parseArgs({ args: argv, options: {}, strict: true, allowPositionals: true });
      if (parsed.positionals.length !== 1) {
        throw new BackupError(B.oneFile);
      }
      return parsed;
    });
    const file = path.resolve(positionals[0]!);
    if (!existsSync(file)) throw new BackupError(B.noSuchFile(file));

    const target = databaseTarget(config);
    const kind = await backupKindOf(file);
    if (kind === null) {
      throw new BackupError(B.notABackup(file));
    }
    if (kind !== target.kind) {
      throw new BackupError(
        kind === 'pglite' ? B.pgliteCopyForPostgres(file) : B.postgresCopyForPglite(file),
      );
    }

    let counts: TableCount[];
    let where: string;
    if (target.kind === 'postgres') {
      where = withoutPassword(target.url).toString();
      counts = await restorePostgres(file, target.url, deps.pgRestore ?? 'pg_restore', () =>
        print(B.restoringPostgres(file, where)),
      );
    } else {
      where = path.resolve(target.dataDir);
      counts = await restorePglite(file, target.dataDir, () =>
        print(B.restoringPglite(file, where)),
      );
    }
    print(B.restored(where));
    printCounts(B.rowsRestored, counts, print);
  });
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
