import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * The backup files themselves: how they are written (private, complete or
 * absent), named, and recognised by their first bytes.
 */

/** A refusal or failure the operator can act on; its message is Spanish and complete. */
export class BackupError extends Error {}

/** `announce` says the work begins, once the checks that refuse it have passed. */
export type Announce = () => void;

/**
 * Writes a file that holds clinical records: readable by its owner only
 * from the first byte, and complete or absent (a temporary name in the same
 * folder, renamed at the end), so an interrupted backup never looks like a
 * good one.
 */
export async function writePrivateFile(
  target: string,
  write: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  // Only the owner may list the backups either: the names say when they were made.
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await write(handle);
    await handle.sync();
    await handle.close();
    await rename(temporary, target);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}

export type BackupKind = 'pglite' | 'postgres';

/** `20260314T101500Z`: sorts by date and holds no character a file system refuses. */
const fileTimestamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');

export function defaultBackupFile(config: AppConfig, kind: BackupKind, now: Date): string {
  const extension = kind === 'postgres' ? 'dump' : 'tar.gz';
  return path.join(
    config.dataDir,
    'backups',
    `psicocampus-${kind}-${fileTimestamp(now)}.${extension}`,
  );
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** The first bytes of pg_dump's custom format. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP', 'latin1');

/** What a file holds, by its first bytes rather than by its name, which the operator may change. */
export async function backupKindOf(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(PG_DUMP_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= PG_DUMP_MAGIC.length && head.equals(PG_DUMP_MAGIC)) return 'postgres';
    if (bytesRead >= GZIP_MAGIC.length && head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

export async function isMissingOrEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}
