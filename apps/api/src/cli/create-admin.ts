import { parseArgs } from 'node:util';
import { fullName, userSchema, type UserBody } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import { commandConfig, commandOutput, runAsProgram } from './command-io';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import { HttpError } from '../lib/http-error';
import { validateBody } from '../lib/validate';
import { createMailer, type Mailer, type MailLog } from '../mail/mailer';
import { INVITE_DAYS } from '../mail/templates';
import { passwordLinkUrl } from '../plugins/auth/password-tokens';
import { accountLinkMail, createStaffAccount } from '../plugins/users/user-accounts';

/**
 * `npm run create-admin -- --email <e-mail> --first-name <nombre> --last-name <apellido> [--phone <teléfono>]`
 *
 * Creates an administrator in a deployment without demo data (docs/architecture.md#demo-data-and-the-first-administrator,
 * `SEED_DEMO=false`), with the server's own configuration: the same database
 * (migrated first), PUBLIC_URL and mail. The account has no password: the
 * invitation mail carries the link to choose one, and the link is printed
 * too, because the operator may have no mail working yet. Run it again for a
 * second administrator.
 */

const M = SERVER_MSG.cli.createAdmin;

export interface CreateAdminDependencies {
  /** The configuration; `loadConfig()` of the environment by default. */
  config?: AppConfig;
  /** An open database to use (and leave open); by default the configured one is opened, migrated and closed. */
  database?: DatabaseHandle;
  /** Replaces the SMTP/outbox mailer (tests). */
  mailer?: Mailer;
  now?: () => Date;
  /** Where the command writes for the operator (stdout and stderr by default). */
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

/** The form's field names as the operator typed them, to say which option each message is about. */
const OPTION_OF_FIELD: Record<string, string> = {
  email: '--email',
  firstName: '--first-name',
  lastName: '--last-name',
  phone: '--phone',
};

class UsageError extends Error {}

function readArguments(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      email: values.email ?? '',
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
      role: 'ADMIN' as const,
      ...(values.phone !== undefined ? { phone: values.phone } : {}),
    };
  } catch (error) {
    // parseArgs explains in English; the operator reads Spanish.
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    throw new UsageError(
      option ? SERVER_MSG.cli.invalidOption(option) : SERVER_MSG.cli.invalidArguments,
    );
  }
}

/** The new administrator's data, validated with the users screen's schema; null when refused. */
async function readAdmin(
  argv: string[],
  printError: (line: string) => void,
): Promise<UserBody | null> {
  try {
    return await validateBody(userSchema, readArguments(argv));
  } catch (error) {
    if (error instanceof UsageError) {
      printError(error.message);
    } else if (error instanceof HttpError) {
      printError(M.checkData);
      for (const problem of error.errors ?? [{ field: '', msg: error.message }]) {
        const option = OPTION_OF_FIELD[problem.field];
        printError(option ? `  - ${option}: ${problem.msg}` : `  - ${problem.msg}`);
      }
    } else {
      throw error;
    }
    printError(M.usage);
    return null;
  }
}

/**
 * Runs the command and answers its exit code: 0 when the administrator was
 * created, 1 (with a Spanish message) when the input is wrong, the e-mail
 * already has an account, or the configuration or the database fails.
 */
export async function createAdminCommand(
  argv: string[],
  deps: CreateAdminDependencies = {},
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  const now = deps.now ?? (() => new Date());

  const body = await readAdmin(argv, printError);
  if (!body) return 1;

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
    let created;
    try {
      created = await createStaffAccount(database.db, body, now());
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      printError(M.notCreated(error.message));
      return 1;
    }
    const { user, token } = created;
    const link = passwordLinkUrl(config.publicUrl, token);
    print(M.created(fullName(user), user.email));
    print(M.linkFollows(INVITE_DAYS));
    print(`  ${link}`);

    const mailLog: MailLog = {
      info: (fields: unknown) => {
        const file = (fields as { file?: unknown } | undefined)?.file;
        if (typeof file === 'string') print(M.mailSaved(file));
      },
      warn: () => {},
      error: () => {},
    };
    const mailer =
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: mailLog,
      });
    try {
      await mailer.send(accountLinkMail({ user, token, purpose: 'invite' }, link, null));
      if (config.smtpUrl) print(M.mailSent(user.email));
    } catch (error) {
      // The account exists and the link is on the screen: the operator can
      // go on. Failing here would only make a second run find the e-mail taken.
      printError(M.mailFailed((error as Error).message));
    }
    return 0;
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/create-admin.js), not when a test imports it.
if (require.main === module) runAsProgram(createAdminCommand, M.crashed);
