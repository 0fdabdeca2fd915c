import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { ValidationError } from 'yup';
import {
  MSG,
  studentCreateSchema,
  type ImportProblem,
  type StudentCreateBody,
} from '@psicocampus/shared/domain';
import { HttpError } from '../../lib/http-error';
import {
  choiceCode,
  columnForHeader,
  IMPORT_COLUMNS,
  type ImportColumn,
  type StudentField,
} from './import-columns';
import type { CellValue, FirstSheet, SheetRow } from './spreadsheet';

/** docs/import-and-reports.md#import: at most 5,000 students per file. */
export const MAX_IMPORT_ROWS = 5_000;
/**
 * A wrong file can have a problem in every cell; the answer lists this many
 * (its message still counts them all), enough to see what is wrong.
 */
export const MAX_LISTED_PROBLEMS = 1_000;

/** A valid row, with the row number Excel shows for it. */
export interface ImportRow {
  row: number;
  student: StudentCreateBody;
}

/** A cell's value; undefined where the sheet has no cell. */
type Cell = CellValue | undefined;

function isBlank(value: Cell): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

function asText(value: Cell): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The value the shared schema is given for a cell (it does the validating). */
function schemaInput(column: ImportColumn, value: Cell): unknown {
  if (column.kind === 'number') {
    if (typeof value === 'number') return value;
    const text = asText(value);
    // '450,50' is how many people here write 450.50.
    return text && /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  }
  const text = asText(value);
  if (column.kind === 'choice' && text !== undefined) return choiceCode(column, text) ?? text;
  return text;
}

/** What a number column expects, said when its cell holds something else. */
const NUMBER_EXPECTED: Partial<Record<StudentField, string>> = {
  age: SERVER_MSG.import.ageNotANumber,
  income: MSG.students.incomeNumber,
};

/** Enough of a cell to recognise it; control and direction characters left out. */
const READ_ECHO_LENGTH = 40;

/**
 * The cell's text when a number column holds something that is not a number
 * ("21 años", a date): the schema alone would call it missing, which
 * hides what the person typed. `input` is what the schema is given for the
 * cell (schemaInput). Undefined for a number or a blank cell.
 */
function unreadableNumber(column: ImportColumn, value: Cell, input: unknown): string | undefined {
  if (column.kind !== 'number' || typeof value === 'number') return undefined;
  if (typeof input !== 'string' || Number.isFinite(Number(input))) return undefined;
  const shown = input.replace(/[\p{Cc}\p{Bidi_Control}]/gu, '');
  // By code points, so that an emoji is never cut in half.
  const chars = [...shown];
  return chars.length > READ_ECHO_LENGTH ? `${chars.slice(0, READ_ECHO_LENGTH).join('')}…` : shown;
}

interface ColumnPosition {
  column: ImportColumn;
  index: number;
}

/** Where each template column is in a row taken as the header, by its text; the first of two wins. */
function columnsOf(header: SheetRow): ColumnPosition[] {
  const found = new Map<StudentField, ColumnPosition>();
  header.cells.forEach((cell, index) => {
    const text = asText(cell);
    const column = text === undefined ? undefined : columnForHeader(text);
    if (column && !found.has(column.field)) found.set(column.field, { column, index });
  });
  return [...found.values()];
}

/** How far down a header row is looked for: a title and a few lines of notes above it. */
const HEADER_SEARCH_ROWS = 20;

const missingColumns = (positions: ColumnPosition[]) =>
  IMPORT_COLUMNS.filter(
    (column) => column.required && !positions.some((position) => position.column === column),
  );

/**
 * The header row: the first row holding every required column of the
 * template (a title or notes may sit above it). When none does, the file is
 * refused naming the sheet that was read and the row taken as the header —
 * the one that looked most like it — so the person sees why.
 */
function locateHeader(sheet: FirstSheet): { header: SheetRow; positions: ColumnPosition[] } {
  let best: { header: SheetRow; positions: ColumnPosition[] } | null = null;
  for (const row of sheet.rows.slice(0, HEADER_SEARCH_ROWS)) {
    const positions = columnsOf(row);
    if (missingColumns(positions).length === 0) return { header: row, positions };
    if (!best || positions.length > best.positions.length) best = { header: row, positions };
  }
  if (!best) throw new HttpError(400, SERVER_MSG.import.empty);
  throw new HttpError(
    400,
    SERVER_MSG.import.missingColumns(
      missingColumns(best.positions)
        .map((column) => column.header)
        .join(', '),
      sheet.name,
      best.header.number,
    ),
  );
}

function validateRow(row: number, input: Record<string, unknown>) {
  try {
    const student = studentCreateSchema.validateSync(input, { abortEarly: false });
    return { student, problems: [] as ImportProblem[] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems: ImportProblem[] = [];
    for (const issue of error.inner.length ? error.inner : [error]) {
      const field = issue.path ?? '';
      if (problems.some((known) => known.field === field)) continue;
      const header = IMPORT_COLUMNS.find((column) => column.field === field)?.header ?? field;
      problems.push({ row, column: header, field, msg: issue.message });
    }
    return { student: null, problems };
  }
}

/**
 * Reads the students of a sheet: below its header row (locateHeader), each
 * row that is not empty is validated with the form's schema.
 * Throws a 400 listing every problem (row, Spanish column, message) when
 * any row is wrong: a file is imported whole or not at all (docs/import-and-reports.md#import).
 */
export function readStudentRows(sheet: FirstSheet): ImportRow[] {
  const { header, positions } = locateHeader(sheet);
  const rest = sheet.rows.filter((row) => row.number > header.number);
  const dataRows = rest.filter((row) => positions.some(({ index }) => !isBlank(row.cells[index])));
  if (dataRows.length === 0) throw new HttpError(400, SERVER_MSG.import.empty);
  if (dataRows.length > MAX_IMPORT_ROWS) throw new HttpError(400, SERVER_MSG.import.tooManyRows);

  const valid: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const firstRowOfEmail = new Map<string, number>();
  const phone = positions.find(({ column }) => column.field === 'phone');
  for (const { number, cells } of dataRows) {
    const input: Record<string, unknown> = {};
    const cellsAsRead = new Map<string, string>();
    for (const { column, index } of positions) {
      const given = schemaInput(column, cells[index]);
      input[column.field] = given;
      const read = unreadableNumber(column, cells[index], given);
      const expected = NUMBER_EXPECTED[column.field];
      if (read !== undefined && expected)
        cellsAsRead.set(column.field, SERVER_MSG.import.notANumber(expected, read));
    }
    const phoneCell = phone ? cells[phone.index] : undefined;
    if (typeof phoneCell === 'number') {
      // A number cell has already lost a leading 0 (0991234567 → 991234567): never guessed back.
      cellsAsRead.set('phone', SERVER_MSG.import.phoneAsNumber(String(phoneCell)));
      input.phone = undefined;
    }
    const { student, problems: rowProblems } = validateRow(number, input);
    for (const problem of rowProblems) problem.msg = cellsAsRead.get(problem.field) ?? problem.msg;
    problems.push(...rowProblems);
    // A repeated e-mail is a problem of the later row, even when another of
    // the earlier row's cells is wrong.
    const emailIsValid = !rowProblems.some((problem) => problem.field === 'email');
    const email = emailIsValid ? String(input.email).trim().toLowerCase() : null;
    if (email !== null && firstRowOfEmail.has(email)) {
      problems.push({
        row: number,
        column: MSG.students.labels.email,
        field: 'email',
        msg: SERVER_MSG.import.duplicateInFile,
      });
      continue;
    }
    if (email !== null) firstRowOfEmail.set(email, number);
    if (student) valid.push({ row: number, student });
  }
  if (problems.length) {
    throw new HttpError(
      400,
      SERVER_MSG.import.invalidRows(problems.length),
      problems.slice(0, MAX_LISTED_PROBLEMS),
    );
  }
  return valid;
}
