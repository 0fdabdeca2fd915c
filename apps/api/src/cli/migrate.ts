import pg from 'pg';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import { AppRoleError, APPEND_ONLY, checkAppRole, grantAppRole, READ_WRITE } from '../db/app-role';
import { databaseTarget, openDatabase } from '../db/client';
import { applyMigrations, withMigrationLock } from '../db/migrations';
import { commandConfig, commandOutput, runAsProgram } from './command-io';

const M = SERVER_MSG.cli.migrate;

/**
 * `npm run migrate`
 *
 * Brings the database to this version's schema, as the role that owns it,
 * and then gives the role the server runs as exactly its privileges
 * (db/app-role.ts). In production with two roles (deploy/README.md) it runs
 * before the server processes start, after every upgrade; the processes,
 * started with MIGRATE_ON_START=false, only check that nothing is pending.
 *
 * - The owner's URL is MIGRATION_DATABASE_URL, or DATABASE_URL when the
 *   command already runs with the owner's environment. The server's
 *   environment never needs the owner's password.
 * - DATABASE_APP_ROLE names the server's role. Without it the command only
 *   migrates (one role owning everything, as `npm start` does by default).
 * - Without either URL it migrates the embedded PGlite database, which has a
 *   single role.
 *
 * Running it again changes nothing: pending migrations are none, and the
 * grant starts from nothing and gives the same privileges.
 */

export interface MigrateDependencies {
  /** The configuration; `loadConfig()` of the environment by default. */
  config?: AppConfig;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

/** The URL without its password, to show the operator. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return M.invalidUrl;
  }
}

function listOf(names: string[]): string {
  return names.length > 0 ? names.join(', ') : M.noTables;
}

/** Runs the command and answers its exit code: 0 when the schema and the grants are in place. */
export async function migrateCommand(
  argv: string[],
  deps: MigrateDependencies = {},
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  if (argv.length > 0) {
    printError(M.unexpectedArguments(argv.join(' ')));
    printError(M.usage);
    return 1;
  }
  const config = commandConfig(deps.config, printError);
  if (!config) return 1;

  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (!url) {
    if (config.databaseAppRole) {
      printError(M.appRoleNeedsPostgres);
      return 1;
    }
    try {
      const database = await openDatabase(databaseTarget(config));
      await database.close();
    } catch (error) {
      printError(M.pgliteFailed((error as Error).message));
      return 1;
    }
    print(M.pgliteUpToDate(config.dataDir));
    return 0;
  }

  print(M.migrating(shown(url)));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    const { applied, grants } = await withMigrationLock(pool, async (client) => {
      // Before migrating: the server's own URL must not be the one that migrates.
      if (config.databaseAppRole) await checkAppRole(client, config.databaseAppRole);
      const applied = await applyMigrations(pool, client);
      const grants = config.databaseAppRole
        ? await grantAppRole(client, config.databaseAppRole)
        : null;
      return { applied, grants };
    });
    print(applied.length > 0 ? M.applied(applied.join(', ')) : M.nonePending);
    if (grants) {
      print(M.grantsTitle(grants.role));
      print(M.appendOnly(APPEND_ONLY.join(', '), listOf(grants.appendOnly)));
      print(M.readWrite(READ_WRITE.join(', '), grants.readWrite.length));
      print(M.ownsNothing);
    } else {
      print(M.noAppRole);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppRoleError) printError(error.message);
    else printError(M.failed((error as Error).message));
    return 1;
  } finally {
    await pool.end().catch(() => {});
  }
}

// Run as a program (dist/migrate.js), not when a test imports it.
if (require.main === module) runAsProgram(migrateCommand, M.crashed);
