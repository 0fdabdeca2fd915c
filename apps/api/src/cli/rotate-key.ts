import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import {
  clinicalKeyId,
  clinicalTexts,
  CLINICAL_KEY_FILE,
  readKeyFile,
  resolveClinicalKeyring,
  writeKeyFile,
  type ClinicalKeyring,
} from '../security/clinical-texts';
import { countRowsHoldingOtherThan, resealClinicalTexts } from '../security/reseal';
import { purgeRole } from '../retention/retention.queries';
import { commandConfig, commandOutput, openOwnersDatabase, runAsProgram } from './command-io';

/**
 * `npm run rotate-key`
 *
 * Reseals every clinical text under the current key
 * (docs/decisions.md#clinical-texts-sealed-at-rest), as the schema's owner:
 * MIGRATION_DATABASE_URL, or DATABASE_URL, or the embedded PGlite (stopped).
 *
 * - With CLINICAL_ENCRYPTION_KEY set, that is the new key, and
 *   CLINICAL_ENCRYPTION_OLD_KEYS the keys that sealed what is there. The
 *   servers run meanwhile with the same two settings, so every text stays
 *   readable while it is rewritten; once this ends, the old keys can go.
 * - Without it, on the embedded database, the command makes the new key
 *   itself: it is written first in DATA_DIR's key file, above the old one,
 *   then everything is resealed, then the file keeps only the new key and
 *   the old one moves to a file of retired keys beside it (the backups made
 *   before need it). A rotation stopped half-way leaves both keys in the
 *   file: the server, or this command again, finishes it.
 *
 * Exit codes: 0 done, 1 refused or failed.
 */

const M = SERVER_MSG.cli.rotateKey;

export interface RotateKeyDependencies {
  config?: AppConfig;
  /** An open database to use (and leave open); by default the owner's is opened and closed. */
  database?: DatabaseHandle;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

/** Where retired keys of the embedded database go: beside its key file, never in the database. */
export const RETIRED_KEYS_FILE = 'clinical-encryption.retired-keys';

/** The keys to reseal with; for the embedded database's key file, a new key written in it first. */
function keysFor(
  config: AppConfig,
  database: DatabaseHandle,
  print: (line: string) => void,
): { keyring: ClinicalKeyring; file: string | null } | string {
  if (config.clinicalEncryptionKey) {
    return { keyring: resolveClinicalKeyring(config, database.kind), file: null };
  }
  if (database.kind === 'postgres') return M.noKey;
  const file = path.join(config.dataDir, CLINICAL_KEY_FILE);
  const before = resolveClinicalKeyring(config, 'pglite');
  const keyring = { current: randomBytes(32), older: [before.current, ...before.older] };
  writeKeyFile(file, keyring);
  print(M.newKeyFile(file, clinicalKeyId(keyring.current), clinicalKeyId(before.current)));
  return { keyring, file };
}

async function rotate(
  database: DatabaseHandle,
  config: AppConfig,
  output: { print: (line: string) => void; printError: (line: string) => void },
): Promise<number> {
  const { print, printError } = output;
  const { role, owner } = await purgeRole(database.db);
  if (!owner) {
    printError(M.notOwner(role));
    return 1;
  }
  const keys = keysFor(config, database, print);
  if (typeof keys === 'string') {
    printError(keys);
    return 1;
  }
  const texts = clinicalTexts(keys.keyring);
  print(M.sealingWith(texts.keyId));
  try {
    const done = await resealClinicalTexts(database.db, texts, { target: 'not-current' });
    for (const [table, rows] of Object.entries(done)) print(M.table(table, rows));
  } catch (error) {
    printError(M.failed((error as Error).message));
    return 1;
  }
  const left = await countRowsHoldingOtherThan(database.db, [texts.keyId]);
  if (left > 0) {
    printError(M.left(left));
    return 1;
  }
  print(M.done(texts.keyId));
  if (keys.file) retireOldKeys(keys.file, keys.keyring, print);
  else print(M.afterEnv);
  print(M.oldBackups);
  return 0;
}

/** The key file keeps the new key only; the old ones are kept apart, for the backups sealed with them. */
function retireOldKeys(file: string, keyring: ClinicalKeyring, print: (line: string) => void) {
  const retired = path.join(path.dirname(file), RETIRED_KEYS_FILE);
  const lines = keyring.older.map((key) => `${key.toString('base64')}\n`).join('');
  appendFileSync(retired, lines, { mode: 0o600 });
  writeKeyFile(file, { current: keyring.current, older: [] });
  // Read back: what the next start will find.
  readKeyFile(file);
  print(M.afterFile(file, retired));
}

/** Runs the command and answers its exit code. */
export async function rotateKeyCommand(
  argv: string[],
  deps: RotateKeyDependencies = {},
): Promise<number> {
  const output = commandOutput(deps);
  if (argv.length > 0) {
    output.printError(M.unexpectedArguments(argv.join(' ')));
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
    return await rotate(database, config, output);
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/rotate-key.js), not when a test imports it.
if (require.main === module) runAsProgram(rotateKeyCommand, M.crashed);
