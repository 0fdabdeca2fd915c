import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's key file `name` in `dataDir`, made with a new
 * random 32-byte key if it is not there yet, and readable by the server's
 * user only. Kept beside the database's folder, not in it, so that `npm run
 * backup` does not carry it. Answers the file's path.
 */
export function keyFileMadeOnce(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  // 'wx' writes only a file that is not there: every later start, and a
  // second start at the same moment, reads the first key.
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return file;
}
