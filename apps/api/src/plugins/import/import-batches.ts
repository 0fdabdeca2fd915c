import type { StudentCreateBody } from '@psicocampus/shared/domain';
import { studentSearchKey } from '../students/search-key';
import type { ImportRow } from './student-rows';

/** Rows per INSERT: a few hundred, so that no one statement holds a huge body. */
export const BATCH_SIZE = 500;

/**
 * What each row brings, as the database names it, with its type and where
 * it comes from: the fields of `newStudentValues` (students/student.queries)
 * that differ from row to row, built field by field (a generic renaming of
 * every key cost about 100 ms per 5,000 rows).
 */
export const ROW_COLUMNS: ReadonlyArray<
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

/** The row's number in the sheet travels with its record, to report what was skipped. */
export const ROW_NUMBER_COLUMN = 'row_number';

/**
 * An import's valid rows, ready to insert: in e-mail order (two imports
 * sharing e-mails then lock them in the same order and wait for each other
 * instead of deadlocking), in batches, each batch the JSON text of its
 * records. Made in the import's thread: as text, the rows cross to the
 * server's thread as a few strings rather than thousands of objects, and
 * the server's thread builds nothing per row (its garbage collection had
 * paused every other call for up to 100 ms per import).
 */
export interface ImportBatches {
  rowCount: number;
  batches: string[];
}

export function toImportBatches(rows: ImportRow[]): ImportBatches {
  const ordered = rows
    .map((row) => ({ row, key: row.student.email.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const batches: string[] = [];
  for (let start = 0; start < ordered.length; start += BATCH_SIZE) {
    const records = ordered.slice(start, start + BATCH_SIZE).map(({ row }) => {
      const record: Record<string, unknown> = { [ROW_NUMBER_COLUMN]: row.row };
      for (const [name, , value] of ROW_COLUMNS) record[name] = value(row.student);
      return record;
    });
    batches.push(JSON.stringify(records));
  }
  return { rowCount: rows.length, batches };
}
