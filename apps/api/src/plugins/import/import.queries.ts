import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ROW_COLUMNS, ROW_NUMBER_COLUMN, type ImportBatches } from './import-batches';

/** What every row of one import shares, sent once per statement rather than once per row. */
const SHARED_COLUMNS = [
  'assigned_psychologist_id',
  'created_by_id',
  'import_batch_id',
  'created_at',
  'updated_at',
];

const quoted = (name: string) => `"${name}"`;
const COLUMN_LIST = sql.raw(
  [...ROW_COLUMNS.map(([name]) => name), ...SHARED_COLUMNS].map(quoted).join(', '),
);
const RECORD_LIST = sql.raw(ROW_COLUMNS.map(([name]) => `r.${quoted(name)}`).join(', '));
const RECORD_TYPES = sql.raw(
  [
    `${quoted(ROW_NUMBER_COLUMN)} integer`,
    ...ROW_COLUMNS.map(([name, type]) => `${quoted(name)} ${type}`),
  ].join(', '),
);
const ROW_NUMBER = sql.raw(quoted(ROW_NUMBER_COLUMN));

export interface ImportOptions {
  /** Who imports: each student is assigned to and created by them. */
  ownerId: string;
  now: Date;
  /** Stored on each student created, to find them again from the audit row. */
  batchId: string;
}

export interface ImportOutcome {
  created: number;
  /** Rows whose e-mail was already registered: reported, never overwritten. */
  duplicates: Array<{ row: number; email: string }>;
}

/**
 * Writes every batch in one transaction, assigned to and created by the
 * importer. An e-mail already registered, or registered meanwhile by a
 * concurrent import or save, is skipped by the unique index (ON CONFLICT DO
 * NOTHING) and reported. Each batch travels as one JSON parameter expanded
 * by jsonb_to_recordset (building a 500-row VALUES list with drizzle, 8,000
 * parameters, cost ten times the database's work), and its statement answers
 * with how many it created and which rows it skipped: the server's thread
 * never holds the rows one by one (import-batches.ts says why).
 */
export async function insertImportedStudents(
  db: Database,
  { batches }: ImportBatches,
  { ownerId, now, batchId }: ImportOptions,
): Promise<ImportOutcome> {
  let created = 0;
  const duplicates: ImportOutcome['duplicates'] = [];
  await db.transaction(async (tx) => {
    for (const batch of batches) {
      const result = await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${batch}::jsonb) as r(${RECORD_TYPES})
        ), inserted as (
          insert into "students" (${COLUMN_LIST})
          select ${RECORD_LIST}, ${ownerId}::uuid, ${ownerId}::uuid, ${batchId}::uuid,
                 ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from input r
          on conflict do nothing
          returning "email"
        )
        select (select count(*) from inserted)::int as created,
               coalesce((select json_agg(json_build_object('row', i.${ROW_NUMBER}, 'email', i."email"))
                 from input i
                 where not exists (select 1 from inserted s where s."email" = i."email")), '[]')::text
                 as skipped`);
      // node-postgres and PGlite both answer { rows }.
      const [row] = (result as unknown as { rows: Array<{ created: number; skipped: string }> })
        .rows;
      created += row!.created;
      duplicates.push(...(JSON.parse(row!.skipped) as ImportOutcome['duplicates']));
    }
  });
  duplicates.sort((a, b) => a.row - b.row);
  return { created, duplicates };
}
