import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { getTableName } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import * as schema from '../db/schema';
import {
  countMainTables,
  productTablesIn,
  rowsOfHandle,
  type Row,
  type TableCount,
} from './backup-contents';
import {
  BackupError,
  isMissingOrEmptyFolder,
  writePrivateFile,
  type Announce,
} from './backup-files';

/**
 * The embedded PGlite: copied as a gzipped tarball of its data folder
 * (PGlite's own `dumpDataDir`) and restored by loading that tarball into a
 * new folder, moved into place once migrated.
 */

const B = SERVER_MSG.cli.backup;

/**
 * PGlite writes postmaster.pid when it opens its folder and removes it when
 * it closes, but, unlike PostgreSQL, never checks it: a second process would
 * open the same files and both would corrupt them. The file is our only sign
 * that the server (or another command) has the database open.
 */
function refusePgliteInUse(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  throw new BackupError(B.pgliteInUse(dataDir, pidFile).join('\n'));
}

export async function backupPglite(
  dataDir: string,
  out: string,
  announce: Announce,
): Promise<TableCount[]> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(B.noPglite(dataDir));
  }
  refusePgliteInUse(dataDir);
  announce();
  const client = await PGlite.create(path.resolve(dataDir));
  try {
    const counts = await countMainTables(async (text) => (await client.query<Row>(text)).rows);
    // Everything into the data files first: the tarball then needs no WAL
    // replay to be complete.
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    await writePrivateFile(out, async (handle) => {
      await handle.writeFile(bytes);
    });
    return counts;
  } finally {
    await client.close();
  }
}

export async function restorePglite(
  file: string,
  dataDir: string,
  announce: Announce,
): Promise<TableCount[]> {
  const target = path.resolve(dataDir);
  if (!(await isMissingOrEmptyFolder(target))) {
    throw new BackupError(B.folderNotEmpty(target).join('\n'));
  }
  announce();
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  // Loaded and migrated beside the target and moved into place at the end: a
  // restore that fails half-way leaves no database the server would start on.
  const staging = path.join(parent, `.pglite-restaurando-${randomBytes(6).toString('hex')}`);
  try {
    const tarball = new Blob([await readFile(file)], { type: 'application/gzip' });
    let loaded: PGlite;
    try {
      loaded = await PGlite.create(staging, { loadDataDir: tarball });
    } catch (error) {
      throw new BackupError(B.notPgliteCopy(file, (error as Error).message));
    }
    try {
      const tables = await productTablesIn(async (text) => (await loaded.query<Row>(text)).rows);
      if (!tables.includes(getTableName(schema.users))) {
        throw new BackupError(B.notPsicoCampus(file));
      }
    } finally {
      await loaded.close();
    }

    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    let counts: TableCount[];
    try {
      counts = await countMainTables(rowsOfHandle(database));
    } finally {
      await database.close();
    }

    if (existsSync(target)) await rmdir(target);
    try {
      await rename(staging, target);
    } catch (error) {
      throw new BackupError(B.moveFailed(target, (error as Error).message));
    }
    return counts;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
