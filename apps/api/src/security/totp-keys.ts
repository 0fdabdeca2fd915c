import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { keyFileMadeOnce } from './key-file';

/**
 * The TOTP keys of the second factor, sealed with a key kept outside the
 * database (SECURITY.md, "What protects the TOTP keys"). A key must be read
 * back to check a code, so it cannot be hashed; sealed, a copy of the
 * database or of its backups gives no one the codes of anyone, and a row
 * written by someone who holds the database but not this key is refused.
 *
 * AES-256-GCM, a fresh 12-byte nonce per sealing, the account's id as
 * additional data: a sealed key moved to another account does not open.
 * Stored as `v1:` and base64 of nonce, tag and ciphertext.
 */
export interface TotpKeyBox {
  /** Whether keys are sealed here (a key is configured). */
  readonly sealing: boolean;
  seal(secret: string, userId: string): string;
  /** The key as the authenticator app holds it; throws TotpKeyUnreadableError. */
  open(stored: string, userId: string): string;
}

/** A stored key this server cannot open: sealed with another key, or altered. */
export class TotpKeyUnreadableError extends Error {
  constructor() {
    super('a stored TOTP key cannot be opened with this server key (MFA_ENCRYPTION_KEY)');
  }
}

const PREFIX = 'v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

const additionalData = (userId: string) => Buffer.from(`psicocampus-totp:${userId}`, 'utf8');

export function totpKeyBox(key: Buffer | null): TotpKeyBox {
  if (!key) {
    return {
      sealing: false,
      seal: (secret) => secret,
      open(stored) {
        if (isSealed(stored)) throw new TotpKeyUnreadableError();
        return stored;
      },
    };
  }
  return {
    sealing: true,
    seal(secret, userId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(additionalData(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(stored, userId) {
      // Every key is sealed before the server listens (sealStoredTotpKeys):
      // an unsealed one was written since by someone without this key.
      if (!isSealed(stored)) throw new TotpKeyUnreadableError();
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
      if (bytes.length <= NONCE_BYTES + TAG_BYTES) throw new TotpKeyUnreadableError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAAD(additionalData(userId));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        const secret = Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return secret.toString('utf8');
      } catch {
        throw new TotpKeyUnreadableError();
      }
    },
  };
}

/** Where the embedded database's server keeps its key when MFA_ENCRYPTION_KEY is unset. */
export const TOTP_KEY_FILE = 'mfa-encryption.key';

/**
 * The key that seals TOTP keys: MFA_ENCRYPTION_KEY when set. Otherwise, with
 * the embedded database (one process by construction), a key made at the
 * first start and kept in DATA_DIR beside the database's folder, not in it,
 * so `npm run backup` does not carry it. With PostgreSQL and no key, keys
 * stay unsealed: several processes share that database, and a key each made
 * for itself would lock everyone out of the others.
 */
export function resolveTotpKey(
  config: { mfaEncryptionKey: Buffer | null; dataDir: string },
  databaseKind: 'pglite' | 'postgres',
): Buffer | null {
  if (config.mfaEncryptionKey) return config.mfaEncryptionKey;
  if (databaseKind === 'postgres') return null;
  const file = keyFileMadeOnce(config.dataDir, TOTP_KEY_FILE);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(
      `${file} does not hold a 32-byte key in base64; restore it or set MFA_ENCRYPTION_KEY`,
    );
  }
  return key;
}

/**
 * Seals every TOTP key stored unsealed (written before a key was configured),
 * at start-up, before the server listens. Each row is rewritten only if it
 * still holds what was read, so processes starting together do not seal one
 * twice.
 */
export async function sealStoredTotpKeys(
  db: Database,
  box: TotpKeyBox,
  log: FastifyBaseLogger,
): Promise<number> {
  if (!box.sealing) {
    log.warn(
      'MFA_ENCRYPTION_KEY is not set: the second factor keys are stored unencrypted (SECURITY.md)',
    );
    return 0;
  }
  const unsealed = (column: typeof users.mfaSecret | typeof users.mfaPendingSecret) =>
    and(isNotNull(column), not(sql`${column} like ${`${PREFIX}%`}`));
  const rows = await db
    .select({ id: users.id, secret: users.mfaSecret, pending: users.mfaPendingSecret })
    .from(users)
    .where(or(unsealed(users.mfaSecret), unsealed(users.mfaPendingSecret)));
  for (const row of rows) {
    const reseal = (value: string | null) =>
      value === null || isSealed(value) ? value : box.seal(value, row.id);
    await db
      .update(users)
      .set({ mfaSecret: reseal(row.secret), mfaPendingSecret: reseal(row.pending) })
      .where(
        and(
          eq(users.id, row.id),
          row.secret === null ? isNull(users.mfaSecret) : eq(users.mfaSecret, row.secret),
          row.pending === null
            ? isNull(users.mfaPendingSecret)
            : eq(users.mfaPendingSecret, row.pending),
        ),
      );
  }
  if (rows.length) log.info({ accounts: rows.length }, 'second factor keys sealed');
  return rows.length;
}
