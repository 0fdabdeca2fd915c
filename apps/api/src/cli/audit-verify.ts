import { parseArgs } from 'node:util';
import { ADMIN_MSG, auditChainBreakText } from '@psicocampus/shared/admin-messages';
import { formatDateTimeIn, type AuditChainHead } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import { auditHashAt, verifyAuditChain, VERIFY_BATCH_SIZE } from '../plugins/audit/audit-chain';
import { commandConfig, commandOutput, pgliteProblem, runAsProgram } from './command-io';

/**
 * `npm run audit:verify [-- --anchor N:HUELLA]`
 *
 * Recomputes the audit log's chain (docs/data-model.md#audit-chain) and
 * says either that every entry holds, with the last one's place and hash
 * for the operator to keep elsewhere, or the first entry where it breaks
 * and why. With `--anchor`, a place and hash kept from an earlier run, it
 * also checks that this entry is still there with that hash: what the chain
 * cannot show by itself (entries removed from the end, or the chain
 * recomputed by whoever owns the table). Only reads.
 *
 * Exit codes: 0 intact, 2 broken (or the anchor no longer holds), 1 when it
 * could not check (wrong arguments, no database).
 */

const M = SERVER_MSG.cli.auditVerify;
const C = ADMIN_MSG.auditChain;

/** The chain or the anchor does not hold. */
export const EXIT_BROKEN = 2;

export interface AuditVerifyDependencies {
  config?: AppConfig;
  /** An open database to use (and leave open); by default the configured one is opened and closed. */
  database?: DatabaseHandle;
  /** Entries read per query (tests make it small to cross batches). */
  batchSize?: number;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

/** The command line: an anchor or none, or what is wrong with it in Spanish. */
function parseArguments(argv: string[]): { anchor?: AuditChainHead } | { problem: string } {
  let anchor: string | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { anchor: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    anchor = values.anchor;
  } catch (error) {
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    return {
      problem: option ? SERVER_MSG.cli.invalidOption(option) : SERVER_MSG.cli.invalidArguments,
    };
  }
  if (anchor === undefined) return {};
  const match = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(anchor.trim());
  if (!match) return { problem: M.invalidAnchor };
  return { anchor: { seq: Number(match[1]), hash: match[2]!.toLowerCase() } };
}

async function openConfigured(
  deps: AuditVerifyDependencies,
  config: AppConfig,
): Promise<DatabaseHandle | string> {
  if (deps.database) return deps.database;
  const problem = pgliteProblem(config);
  if (problem) return problem;
  try {
    return await openDatabase(databaseTarget(config));
  } catch (error) {
    return M.databaseUnavailable((error as Error).message);
  }
}

/** Checks the chain, then the anchor; answers whether both hold. */
async function check(
  database: DatabaseHandle,
  anchor: AuditChainHead | undefined,
  config: AppConfig,
  deps: AuditVerifyDependencies,
  print: (line: string) => void,
): Promise<boolean> {
  const report = await verifyAuditChain(database.db, deps.batchSize ?? VERIFY_BATCH_SIZE);
  if (!report.intact) {
    const { broken } = report;
    print(auditChainBreakText(broken, formatDateTimeIn(broken.at, config.serviceTimeZone)));
    if (report.checked > 0) print(C.intactBefore(report.checked));
    print(C.whoCould);
    print(M.whatNext);
    return false;
  }
  print(C.intact(report.checked));
  if (report.head) {
    print(C.head(report.head.seq, report.head.hash));
    print(M.keepHead(report.head.seq, report.head.hash));
  } else {
    print(M.empty);
  }
  if (!anchor) return true;
  const stored = await auditHashAt(database.db, anchor.seq);
  if (stored === anchor.hash) {
    print(M.anchorHolds(anchor.seq));
    return true;
  }
  print(stored === null ? M.anchorMissing(anchor.seq) : M.anchorRewritten(anchor.seq));
  print(M.whatNext);
  return false;
}

/** Runs the check and answers its exit code. */
export async function auditVerifyCommand(
  argv: string[],
  deps: AuditVerifyDependencies = {},
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  const parsed = parseArguments(argv);
  if ('problem' in parsed) {
    printError(parsed.problem);
    printError(M.usage);
    return 1;
  }
  const config = commandConfig(deps.config, printError);
  if (!config) return 1;
  const database = await openConfigured(deps, config);
  if (typeof database === 'string') {
    printError(database);
    return 1;
  }
  try {
    return (await check(database, parsed.anchor, config, deps, print)) ? 0 : EXIT_BROKEN;
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/audit-verify.js), not when a test imports it.
if (require.main === module) runAsProgram(auditVerifyCommand, M.crashed);
