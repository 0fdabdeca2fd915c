import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newStudentValues } from '../students/student.queries';
import type { ImportRow } from './student-rows';

/** Rows per INSERT: a few hundred, so that no one statement holds a huge body. */
const BATCH_SIZE = 500;

/**
 * The columns an import writes, as the database names them, with their
 * types: the keys of `newStudentValues` in snake_case (the schema's casing).
 */
const IMPORTED_COLUMNS = [
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['age', 'integer'],
  ['gender', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['city', 'text'],
  ['career', 'text'],
  ['career_level', 'text'],
  ['employment_status', 'text'],
  ['income', 'numeric'],
  ['assigned_psychologist_id', 'uuid'],
  ['created_by_id', 'uuid'],
  ['import_batch_id', 'uuid'],
  ['search_key', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

const COLUMN_LIST = sql.raw(IMPORTED_COLUMNS.map(([name]) => `"${name}"`).join(', '));
const RECORD_LIST = sql.raw(IMPORTED_COLUMNS.map(([name]) => `r."${name}"`).join(', '));
const RECORD_TYPES = sql.raw(
  IMPORTED_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', '),
);

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

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
  const key = (email: string) => email.toLowerCase();
  const ordered = [...rows].sort((a, b) => (key(a.student.email) < key(b.student.email) ? -1 : 1));
  const inserted = new Set<string>();
  await db.transaction(async (tx) => {
    for (let start = 0; start < ordered.length; start += BATCH_SIZE) {
      const records = ordered.slice(start, start + BATCH_SIZE).map(({ student }) => ({
        ...Object.fromEntries(
          Object.entries(newStudentValues(student, ownerId, now)).map(([name, value]) => [
            snakeCase(name),
            value,
          ]),
        ),
        import_batch_id: batchId,
      }));
      const result = await tx.execute(sql`
        insert into "students" (${COLUMN_LIST})
        select ${RECORD_LIST}
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPES})
        on conflict do nothing
        returning "email"`);
      // node-postgres and PGlite both answer { rows }.
      for (const { email } of (result as unknown as { rows: Array<{ email: string }> }).rows) {
        inserted.add(key(email));
      }
    }
  });
  const duplicates = rows
    .filter(({ student }) => !inserted.has(key(student.email)))
    .map(({ row, student }) => ({ row, email: student.email }));
  return { created: inserted.size, duplicates };
}
