import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

/**
 * What a backup holds, as the operator sees it: the product's tables, the
 * row counts printed after a backup or a restore, and the sizes in Spanish.
 */

/** The tables whose row counts the operator sees, with the names the screens use. */
const MAIN_TABLES: ReadonlyArray<{ table: string; label: string }> = (
  ['users', 'students', 'clinicalNotes', 'suicideAssessments', 'appointments', 'auditLog'] as const
).map((name) => ({ table: getTableName(schema[name]), label: SERVER_MSG.cli.backup.tables[name] }));

/** Every table of the product's schema, and drizzle's record of the migrations applied. */
const PRODUCT_TABLES: string[] = [
  ...Object.values(schema).flatMap((value: unknown) =>
    is(value, Table) ? [getTableName(value)] : [],
  ),
  '__drizzle_migrations',
];

export type Row = Record<string, unknown>;
/** Runs one statement of our own (no user input) and answers its rows. */
export type RunQuery = (text: string) => Promise<Row[]>;

export interface TableCount {
  table: string;
  label: string;
  rows: number;
}

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The main tables' row counts; a table an older version did not have yet is left out. */
export async function countMainTables(run: RunQuery): Promise<TableCount[]> {
  const present = new Set(
    (
      await run(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and c.relname in (${MAIN_TABLES.map(({ table }) => quoteLiteral(table)).join(', ')})`,
      )
    ).map((row) => String(row.name)),
  );
  const counted = MAIN_TABLES.filter(({ table }) => present.has(table));
  if (counted.length === 0) return [];
  const [totals] = await run(
    `select ${counted
      .map(({ table }) => `(select count(*) from "public"."${table}") as "${table}"`)
      .join(', ')}`,
  );
  return counted.map(({ table, label }) => ({ table, label, rows: Number(totals![table]) }));
}

/** The product's tables already in a PostgreSQL database (none in an empty one). */
export async function productTablesIn(run: RunQuery): Promise<string[]> {
  const rows = await run(
    `select table_name as name from information_schema.tables
     where table_schema in ('public', 'drizzle')
       and table_name in (${PRODUCT_TABLES.map(quoteLiteral).join(', ')})
     order by table_name`,
  );
  return rows.map((row) => String(row.name));
}

export const rowsOfHandle =
  (handle: DatabaseHandle): RunQuery =>
  async (text) =>
    // Both drivers answer an object with `rows`; drizzle's type for it is per driver.
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;

const numberFormat = new Intl.NumberFormat('es-ES');
const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? numberFormat.format(value) : sizeFormat.format(value)} ${units[unit]}`;
}

export function printCounts(
  title: string,
  counts: TableCount[],
  print: (line: string) => void,
): void {
  if (counts.length === 0) return;
  print(title);
  const width = Math.max(...counts.map(({ label, table }) => `${label} (${table})`.length));
  for (const { label, table, rows } of counts) {
    print(`  ${`${label} (${table})`.padEnd(width)}  ${numberFormat.format(rows).padStart(8)}`);
  }
}
