import { parseArgs } from 'node:util';
import { formatDate, formatDateTimeIn } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import {
  findPastRetention,
  purgeRole,
  purgeStudent,
  type PastRetention,
} from '../retention/retention.queries';
import { commandConfig, commandOutput, openOwnersDatabase, runAsProgram } from './command-io';

/**
 * `npm run purge [-- --dry-run]`
 *
 * Removes for good the records of archived students past the service's
 * retention (RECORD_RETENTION_YEARS; docs/data-model.md#retention-and-purge).
 * `--dry-run` lists them (id, archive date, last clinical activity, counts;
 * never a name or a clinical text) and removes nothing.
 *
 * - It connects as the schema's owner: MIGRATION_DATABASE_URL, the URL
 *   `npm run migrate` uses, or DATABASE_URL when the command already runs
 *   with the owner's environment; the single role of the embedded PGlite
 *   without either. Only the owner passes the append-only triggers' door
 *   (migration 0020); the server's role is refused before anything is read.
 * - One transaction per student: its statistics folded into the aggregate,
 *   its records removed, one audit row with counts. A long purge never holds
 *   one huge transaction, and one that stops half-way leaves each student
 *   either whole or gone, with its audit row.
 *
 * Exit codes: 0 done (or nothing to do), 1 refused or failed.
 */

const M = SERVER_MSG.cli.purge;

export interface PurgeDependencies {
  config?: AppConfig;
  /** An open database to use (and leave open); by default the owner's is opened and closed. */
  database?: DatabaseHandle;
  /** The moment retention is counted back from; the machine's clock by default. */
  now?: () => Date;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

function parseArguments(argv: string[]): { dryRun: boolean } | { problem: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { 'dry-run': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    return { dryRun: values['dry-run'] === true };
  } catch (error) {
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    return {
      problem: option ? SERVER_MSG.cli.invalidOption(option) : SERVER_MSG.cli.invalidArguments,
    };
  }
}

function entryLine(student: PastRetention, timeZone: string): string {
  return M.entry(
    student.id,
    formatDateTimeIn(student.archivedAt, timeZone),
    student.lastActivity ? formatDateTimeIn(student.lastActivity, timeZone) : M.noActivity,
    student.counts,
  );
}

/** Purges the students one transaction each, printing each one; answers the exit code. */
async function purgeAll(
  database: DatabaseHandle,
  found: PastRetention[],
  retention: { years: number; now: Date },
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> {
  let purged = 0;
  for (const [index, candidate] of found.entries()) {
    const position = index + 1;
    try {
      const student = await purgeStudent(database.db, candidate.id, retention);
      if (student) {
        purged += 1;
        print(M.purged(position, found.length, student.id, student.counts));
      } else {
        print(M.skipped(position, found.length, candidate.id));
      }
    } catch (error) {
      printError(M.failed(candidate.id, (error as Error).message));
      if (purged > 0) print(M.summary(purged, position - 1 - purged));
      return 1;
    }
  }
  print(M.summary(purged, found.length - purged));
  print(M.backupsStillHold);
  return 0;
}

async function run(
  database: DatabaseHandle,
  dryRun: boolean,
  config: AppConfig,
  now: Date,
  output: { print: (line: string) => void; printError: (line: string) => void },
): Promise<number> {
  const { print, printError } = output;
  const retention = { years: config.recordRetentionYears, now };
  if (!dryRun) {
    const { role, owner } = await purgeRole(database.db);
    if (!owner) {
      printError(M.notOwner(role));
      return 1;
    }
  }
  const found = await findPastRetention(database.db, retention);
  if (found.length === 0) {
    print(M.none(retention.years));
    return 0;
  }
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retention.years);
  print(M.heading(retention.years, formatDate(cutoff, config.serviceTimeZone)));
  for (const student of found) print(entryLine(student, config.serviceTimeZone));
  if (dryRun) {
    print(M.dryRunSummary(found.length));
    return 0;
  }
  return purgeAll(database, found, retention, print, printError);
}

/** Runs the command and answers its exit code. */
export async function purgeCommand(argv: string[], deps: PurgeDependencies = {}): Promise<number> {
  const output = commandOutput(deps);
  const parsed = parseArguments(argv);
  if ('problem' in parsed) {
    output.printError(parsed.problem);
    output.printError(M.usage);
    return 1;
  }
  const config = commandConfig(deps.config, output.printError);
  if (!config) return 1;
  const database = deps.database ?? (await openOwnersDatabase(config, M.databaseUnavailable));
  if (typeof database === 'string') {
    output.printError(database);
    return 1;
  }
  try {
    return await run(database, parsed.dryRun, config, (deps.now ?? (() => new Date()))(), output);
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/purge.js), not when a test imports it.
if (require.main === module) runAsProgram(purgeCommand, M.crashed);
