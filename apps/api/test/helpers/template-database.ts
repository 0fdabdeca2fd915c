import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';

/**
 * A database migrated once per Jest run, which every test server starts from
 * (a copy of a PGlite data folder, or a PostgreSQL template database): a new
 * PGlite spends seconds of CPU in initdb, and 60-odd files each doing that and
 * every migration timed out on a busy machine. Opening a copied folder costs
 * a third of that, and less than loading a PGlite dump into memory. The
 * tests of migrations themselves still start from an empty database
 * (createTestDatabase).
 */
export type MigratedTemplate =
  /** `folder` holds the template (`folder/pglite`) and every copy of this run (`folder/copies`). */
  { kind: 'pglite'; folder: string } | { kind: 'postgres'; serverUrl: string; name: string };

/** Where the global setup leaves the template for the test files (JSON). */
export const TEMPLATE_ENV = 'PSICOCAMPUS_TEST_TEMPLATE';

export function templateOfThisRun(): MigratedTemplate | null {
  const value = process.env[TEMPLATE_ENV];
  return value ? (JSON.parse(value) as MigratedTemplate) : null;
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Migrates a new database with the server's own code and keeps it as this run's template. */
export async function createMigratedTemplate(): Promise<MigratedTemplate> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // Random, so that two runs side by side never share or drop each other's.
    const name = `pc_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    try {
      const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
      // Closed, since CREATE DATABASE … TEMPLATE refuses a template with sessions.
      await handle.close();
    } catch (error) {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      throw error;
    }
    return { kind: 'postgres', serverUrl, name };
  }
  // Memory-backed where the system has it: the copies are written and read a lot.
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  removeAbandonedTemplates(parent);
  const folder = mkdtempSync(path.join(parent, `${PGLITE_PREFIX}${process.pid}-`));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(folder, 'pglite') });
    await handle.close();
    mkdirSync(path.join(folder, 'copies'));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { kind: 'pglite', folder };
}

const PGLITE_PREFIX = 'psicocampus-template-';

/**
 * Removes the PGlite templates of runs that were stopped before their
 * teardown (Ctrl-C), told by the process id in the name: in /dev/shm they
 * would hold memory until the machine restarts. A live run's stays.
 */
function removeAbandonedTemplates(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(/^psicocampus-template-(\d+)-/.exec(name)?.[1]);
    if (!pid || processIsAlive(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A new PGlite data folder, a copy of the template's, removed with the template at the latest. */
export function copyPgliteTemplate(
  template: Extract<MigratedTemplate, { kind: 'pglite' }>,
): string {
  const copy = mkdtempSync(path.join(template.folder, 'copies', 'db-'));
  cpSync(path.join(template.folder, 'pglite'), copy, { recursive: true });
  return copy;
}

export async function disposeMigratedTemplate(template: MigratedTemplate): Promise<void> {
  if (template.kind === 'postgres') {
    await adminQuery(template.serverUrl, `drop database if exists "${template.name}" with (force)`);
  } else {
    rmSync(template.folder, { recursive: true, force: true });
  }
}
