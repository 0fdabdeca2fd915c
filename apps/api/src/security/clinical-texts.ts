import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { keyFileMadeOnce } from './key-file';

/**
 * The clinical free texts sealed at rest (docs/decisions.md#clinical-texts-sealed-at-rest):
 * a copy of the database (a backup, a dump, a read through an injection)
 * shows none of them. Sealed in the application with AES-256-GCM under a
 * key kept outside the database, each value bound to its place (table,
 * field and row id, as additional data), so a sealed text moved to another
 * row or field does not open, and a text written by someone who holds the
 * database but not the key is refused.
 *
 * A sealed value is `c1:<key id>:<base64 of nonce, tag and ciphertext>`.
 * The key id (8 hex digits of a hash of the key) names the key that sealed
 * it, so that after a rotation (`npm run rotate-key`) a server reads values
 * under the old key while they are resealed, and only the new key after.
 * An empty text stays empty: it says nothing, and the forms' "nothing
 * written" must read the same everywhere.
 */
export interface ClinicalTexts {
  /** The id of the key new values are sealed under. */
  readonly keyId: string;
  /** The ids of every key it opens with: the current one and the older ones. */
  readonly heldKeyIds: readonly string[];
  seal(text: string, place: TextPlace): string;
  /** The text as written; throws ClinicalTextUnreadableError. */
  open(stored: string, place: TextPlace): string;
  /** Whether the value is empty or sealed under the current key: nothing to reseal. */
  isCurrent(stored: string): boolean;
}

/** Where a value lives: what it is bound to. */
export interface TextPlace {
  table: string;
  /** The column, or the path of a text inside a JSON column ('answers.actualAttempt.description'). */
  field: string;
  rowId: string;
}

/** A stored clinical text this server cannot open: in clear, under a key it does not hold, or altered. */
export class ClinicalTextUnreadableError extends Error {
  constructor(place: TextPlace, why: string) {
    super(`${place.table}.${place.field} of ${place.rowId}: ${why} (CLINICAL_ENCRYPTION_KEY)`);
  }
}

const FORMAT = 'c1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The id a key is named by in the values it seals: never the key, nor enough to find it. */
export function clinicalKeyId(key: Buffer): string {
  return createHash('sha256')
    .update('psicocampus-clinical-key-id\0')
    .update(key)
    .digest('hex')
    .slice(0, 8);
}

/** The key id of a sealed value; null for an empty or unsealed one. */
export function sealedKeyId(stored: string): string | null {
  const match = /^c1:([0-9a-f]{8}):/.exec(stored);
  return match ? match[1]! : null;
}

const additionalData = (place: TextPlace) =>
  Buffer.from(`psicocampus-clinical:${place.table}.${place.field}:${place.rowId}`, 'utf8');

/** The keys a server holds: the one it seals with, and older ones it still reads. */
export interface ClinicalKeyring {
  current: Buffer;
  older: Buffer[];
}

export function clinicalTexts(keyring: ClinicalKeyring): ClinicalTexts {
  const keyId = clinicalKeyId(keyring.current);
  const readable = new Map<string, Buffer>();
  for (const key of [...keyring.older, keyring.current]) readable.set(clinicalKeyId(key), key);
  const prefix = `${FORMAT}:${keyId}:`;
  return {
    keyId,
    heldKeyIds: [...readable.keys()],
    seal(text, place) {
      if (text === '') return '';
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyring.current, nonce);
      cipher.setAAD(additionalData(place));
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(stored, place) {
      if (stored === '') return '';
      const id = sealedKeyId(stored);
      if (id === null) throw new ClinicalTextUnreadableError(place, 'stored in clear');
      const key = readable.get(id);
      if (!key) throw new ClinicalTextUnreadableError(place, `sealed under key ${id}, not held`);
      const bytes = Buffer.from(stored.slice(prefix.length), 'base64');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) {
        throw new ClinicalTextUnreadableError(place, 'altered');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAAD(additionalData(place));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new ClinicalTextUnreadableError(place, 'altered, or moved from another place');
      }
    },
    isCurrent: (stored) => stored === '' || stored.startsWith(prefix),
  };
}

/** Where the embedded database's server keeps its keys when CLINICAL_ENCRYPTION_KEY is unset. */
export const CLINICAL_KEY_FILE = 'clinical-encryption.key';

/** Why a server cannot start sealing: said to the operator as it stops. */
export class ClinicalKeyError extends Error {}

/**
 * The keys that seal clinical texts: CLINICAL_ENCRYPTION_KEY (with
 * CLINICAL_ENCRYPTION_OLD_KEYS) when set. Otherwise, with the embedded
 * database (one process by construction), the key file in DATA_DIR beside
 * the database's folder, not in it, so `npm run backup` does not carry it;
 * made at the first start. PostgreSQL without a key does not start: several
 * processes share it, and a key each made for itself would lock everyone
 * out of the others' texts.
 */
export function resolveClinicalKeyring(
  config: { clinicalEncryptionKey: Buffer | null; clinicalOldKeys: Buffer[]; dataDir: string },
  databaseKind: 'pglite' | 'postgres',
): ClinicalKeyring {
  if (config.clinicalEncryptionKey) {
    return { current: config.clinicalEncryptionKey, older: config.clinicalOldKeys };
  }
  if (databaseKind === 'postgres') {
    throw new ClinicalKeyError(
      'CLINICAL_ENCRYPTION_KEY is not set: with PostgreSQL every server process and `npm run migrate` need the same key (32 bytes in base64, `openssl rand -base64 32`) to seal the clinical texts (deploy/README.md)',
    );
  }
  const file = keyFileMadeOnce(config.dataDir, CLINICAL_KEY_FILE);
  return readKeyFile(file);
}

/** The key file: one key per line in base64, the current one first. */
export function readKeyFile(file: string): ClinicalKeyring {
  const keys = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => Buffer.from(line, 'base64'));
  if (keys.length === 0 || keys.some((key) => key.length !== 32)) {
    throw new ClinicalKeyError(
      `${file} does not hold 32-byte keys in base64, one per line; restore it from where you keep it with the backups, or set CLINICAL_ENCRYPTION_KEY`,
    );
  }
  return { current: keys[0]!, older: keys.slice(1) };
}

/** Writes the key file whole or not at all: a crash leaves the old one. */
export function writeKeyFile(file: string, keyring: ClinicalKeyring): void {
  const lines = [keyring.current, ...keyring.older].map((key) => key.toString('base64'));
  const next = `${file}.next`;
  writeFileSync(next, `${lines.join('\n')}\n`, { mode: 0o600 });
  renameSync(next, file);
}
