import { sql } from 'drizzle-orm';
import type { StudentCreateBody } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { studentSearchKey } from '../students/student.queries';
import type { ImportRow } from './student-rows';

/** Rows per INSERT: a few hundred, so that no one statement holds a huge body. */
const BATCH_SIZE = 500;

/**
 * What each row brings, as the database names it, with its type and where
 * it comes from: the fields of `newStudentValues` (students/student.queries)
 * that differ from row to row. Built field by field, for 5,000 rows, on the
 * server's own thread: a generic renaming of every key cost it about 100 ms
 * per import.
 */
const ROW_COLUMNS: ReadonlyArray<
  readonly [name: string, type: string, value: (student: StudentCreateBody) => unknown]
> = [
  ['first_name', 'text', (student) => student.firstName],
  ['last_name', 'text', (student) => student.lastName],
  ['age', 'integer', (student) => student.age],
  ['gender', 'text', (student) => student.gender],
  ['email', 'text', (student) => student.email],
  ['phone', 'text', (student) => student.phone],
  ['city', 'text', (student) => student.city],
  ['career', 'text', (student) => student.career],
  ['career_level', 'text', (student) => student.careerLevel],
  ['employment_status', 'text', (student) => student.employmentStatus],
  ['income', 'numeric', (student) => student.income ?? null],
  ['search_key', 'text', (student) => studentSearchKey(student.firstName, student.lastName)],
];

/** What every row of one import shares, sent once per statement rather than once per row. */
const SHARED_COLUMNS = [
  'assigned_psychologist_id',
  'created_by_id',
  'import_batch_id',
  'created_at',
  'updated_at',
];

const COLUMN_LIST = sql.raw(
  [...ROW_COLUMNS.map(([name]) => name), ...SHARED_COLUMNS].map((name) => `"${name}"`).join(', '),
);
const RECORD_LIST = sql.raw(ROW_COLUMNS.map(([name]) => `r."${name}"`).join(', '));
const RECORD_TYPES = sql.raw(ROW_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', '));

function rowRecord(student: StudentCreateBody): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, , value] of ROW_COLUMNS) record[name] = value(student);
  return record;
}

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
 * Writes every row in one transaction, assigned to and created by the
 * importer. An e-mail already registered, or registered meanwhile by a
 * concurrent import or save, is skipped by the unique index (ON CONFLICT DO
 * NOTHING) and reported. Rows go in e-mail order so that two imports sharing
 * e-mails lock them in the same order and wait for each other instead of
 * deadlocking.
 *
 * Each batch travels as one JSON parameter expanded by jsonb_to_recordset:
 * building a 500-row VALUES list with drizzle (8,000 parameters) costs
 * about ten times more than the database's work.
 */
export async function insertImportedStudents(
  db: Database,
  rows: ImportRow[],
  { ownerId, now, batchId }: ImportOptions,
): Promise<ImportOutcome> {
  // Lower-cased once per row, not once per comparison.
  const ordered = rows
    .map((row) => ({ row, key: row.student.email.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const inserted = new Set<string>();
  await db.transaction(async (tx) => {
    for (let start = 0; start < ordered.length; start += BATCH_SIZE) {
      const records = ordered
        .slice(start, start + BATCH_SIZE)
        .map(({ row }) => rowRecord(row.student));
      const result = await tx.execute(sql`
        insert into "students" (${COLUMN_LIST})
        select ${RECORD_LIST}, ${ownerId}::uuid, ${ownerId}::uuid, ${batchId}::uuid,
               ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPES})
        on conflict do nothing
        returning "email"`);
      // node-postgres and PGlite both answer { rows }.
      for (const { email } of (result as unknown as { rows: Array<{ email: string }> }).rows) {
        inserted.add(email.toLowerCase());
      }
    }
  });
  const duplicates = rows
    .filter(({ student }) => !inserted.has(student.email.toLowerCase()))
    .map(({ row, student }) => ({ row, email: student.email }));
  return { created: inserted.size, duplicates };
}
