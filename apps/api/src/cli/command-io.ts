import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';

/** Where an operator's command writes: stdout and stderr unless a test passes its own. */
export interface CommandOutput {
  print: (line: string) => void;
  printError: (line: string) => void;
}

export function commandOutput(deps: Partial<CommandOutput>): CommandOutput {
  return {
    print: deps.print ?? ((line: string) => process.stdout.write(`${line}\n`)),
    printError: deps.printError ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
}

/**
 * The given configuration or the environment's; an invalid one is told to the
 * operator in Spanish and gives null (the command then exits with 1).
 */
export function commandConfig(
  given: AppConfig | undefined,
  printError: CommandOutput['printError'],
): AppConfig | null {
  try {
    return given ?? loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(SERVER_MSG.cli.invalidConfig(error.message));
    return null;
  }
}

/**
 * Why a command that reads the database cannot open the configured PGlite,
 * or null: PGlite has one process at a time on its folder, so while the
 * server runs on the same DATA_DIR the command is refused, as a backup is
 * (README, "Backups"). A folder with no database is said so rather than
 * created empty.
 */
export function pgliteProblem(config: AppConfig): string | null {
  const target = databaseTarget(config);
  if (target.kind !== 'pglite' || target.dataDir.startsWith('memory://')) return null;
  if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
    return SERVER_MSG.cli.backup.noPglite(path.resolve(target.dataDir));
  }
  const pidFile = path.join(target.dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  return SERVER_MSG.cli.backup.pgliteInUse(path.resolve(target.dataDir), pidFile).join('\n');
}

/**
 * The database as the schema's owner, for the commands only the owner runs
 * (purge, rotate-key): MIGRATION_DATABASE_URL, or DATABASE_URL when the
 * command already runs with the owner's environment, or the embedded PGlite
 * (stopped). Never migrates: a database behind this version is refused.
 * Answers why not, in Spanish, when it cannot be opened.
 */
export async function openOwnersDatabase(
  config: AppConfig,
  unavailable: (reason: string) => string,
): Promise<DatabaseHandle | string> {
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (!url) {
    const problem = pgliteProblem(config);
    if (problem) return problem;
  }
  try {
    return await openDatabase(
      url ? { kind: 'postgres', url, migrate: false } : databaseTarget(config),
    );
  } catch (error) {
    return unavailable((error as Error).message);
  }
}

/**
 * Runs a command as the program (dist/<name>.js) with the process's
 * arguments and exits with its code; a crash is told with `crashed` and
 * exits with 1. Called only under `require.main === module`, so a test that
 * imports the command runs nothing.
 */
export function runAsProgram(command: (argv: string[]) => Promise<number>, crashed: string): void {
  command(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(crashed, error);
      process.exit(1);
    },
  );
}
