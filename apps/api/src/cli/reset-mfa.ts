import { parseArgs } from 'node:util';
import { fullName } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import { appendAudit } from '../plugins/audit/audit';
import { clearSecondFactor } from '../plugins/auth/second-factor';
import { endUserSessions } from '../plugins/auth/sessions';
import { findUserByEmail } from '../plugins/users/user.queries';
import { commandConfig, commandOutput, runAsProgram } from './command-io';

/**
 * `npm run reset-mfa -- --email <correo>`
 *
 * Removes an account's second factor (docs/sign-in-and-sessions.md#second-factor) when no administrator can do
 * it from the users screen: the last administrator lost their phone and their
 * recovery codes. It runs on the server's machine with the server's own
 * configuration, so whoever runs it already holds the database; like an
 * administrator's reset, it ends the account's sessions and is audited (with
 * no user: an operator's action). The person enrols again at the next
 * sign-in where the policy requires it.
 */

const M = SERVER_MSG.cli.resetMfa;

export interface ResetMfaDependencies {
  config?: AppConfig;
  /** An open database to use (and leave open); by default the configured one is opened and closed. */
  database?: DatabaseHandle;
  now?: () => Date;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

function readEmail(argv: string[]): string | null {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    const email = values.email?.trim() ?? '';
    return email === '' ? null : email;
  } catch {
    return null;
  }
}

/** Runs the command and answers its exit code: 0 when reset, 1 otherwise (with a Spanish message). */
export async function resetMfaCommand(
  argv: string[],
  deps: ResetMfaDependencies = {},
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  const now = deps.now ?? (() => new Date());
  const email = readEmail(argv);
  if (!email) {
    printError(M.usage);
    return 1;
  }
  const config = commandConfig(deps.config, printError);
  if (!config) return 1;
  let database: DatabaseHandle;
  try {
    database = deps.database ?? (await openDatabase(databaseTarget(config)));
  } catch (error) {
    printError(M.databaseUnavailable((error as Error).message));
    return 1;
  }
  try {
    const user = await findUserByEmail(database.db, email.toLowerCase());
    if (!user) {
      printError(M.notFound(email));
      return 1;
    }
    const at = now();
    await database.db.transaction(async (tx) => {
      await clearSecondFactor(tx, user.id, at);
      await endUserSessions(tx, user.id, at);
      await appendAudit(tx, {
        userId: null,
        role: null,
        action: 'user.mfa_reset',
        recordType: 'user',
        recordId: user.id,
        clientAddress: null,
        outcome: 'success',
        requestId: null,
        detail: { by: 'reset-mfa command', hadSecondFactor: user.mfaSecret !== null },
      });
    });
    print(
      user.mfaSecret
        ? M.done(fullName(user), user.email)
        : M.nothingToReset(fullName(user), user.email),
    );
    return 0;
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/reset-mfa.js), not when a test imports it.
if (require.main === module) runAsProgram(resetMfaCommand, M.crashed);
