import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { read as readWorkbook, type CellObject } from '@e965/xlsx';

/** A cell as data: what the person saw in it. Formulas are never evaluated. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number as Excel shows it (1 for the first row). */
  number: number;
  /** By column: cells[0] is column A. */
  cells: CellValue[];
}

export type SpreadsheetKind = 'xlsx' | 'xls';

/** The file could not be read as the spreadsheet its first bytes say it is. */
export class UnreadableSpreadsheetError extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What a file is, by its first bytes, never by its name or the browser's
 * word: an .xlsx is a zip, a legacy .xls an OLE compound document.
 */
export function spreadsheetKind(file: Buffer): SpreadsheetKind | null {
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (file.subarray(0, 8).equals(OLE_MAGIC)) return 'xls';
  return null;
}

/** The first sheet's non-empty rows, in order. */
export async function readFirstSheet(file: Buffer, kind: SpreadsheetKind): Promise<SheetRow[]> {
  try {
    return kind === 'xlsx' ? await readXlsx(file) : readXls(file);
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) throw error;
    throw new UnreadableSpreadsheetError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/**
 * A 5 MB upload may hold far more once unzipped (a "zip bomb"), and exceljs
 * inflates everything in memory. 5,000 rows of the template take about
 * 3 MB of XML; more than this is not a student list.
 */
const MAX_INFLATED_BYTES = 60 * 1024 * 1024;

/**
 * Inflates every entry of a zip with a cap on the total, trusting none of
 * the sizes the archive declares. Throws when the archive is malformed or
 * holds more than `maxBytes`.
 */
export function checkZipInflatedSize(zip: Buffer, maxBytes: number): void {
  const fail = (reason: string): never => {
    throw new UnreadableSpreadsheetError(`zip: ${reason}`);
  };
  if (zip.length < 22) fail('too short');
  // The end-of-central-directory record: 22 bytes, then a comment of up to 64 KiB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) fail('no central directory');
  const entries = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (entry + 46 > zip.length || zip.readUInt32LE(entry) !== 0x02014b50) fail('bad entry');
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const localHeader = zip.readUInt32LE(entry + 42);
    if (localHeader + 30 > zip.length || zip.readUInt32LE(localHeader) !== 0x04034b50) {
      fail('bad local header');
    }
    // The data follows the local header, its file name and its extra field.
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes - total) }).length;
      } catch {
        fail('entry too large or corrupt');
      }
    } else fail(`compression method ${method}`);
    if (total > maxBytes) fail('too large once inflated');
    // Next entry: after this one's name, extra field and comment.
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((at) =>
      zip.readUInt16LE(entry + at),
    );
    entry += 46 + nameLength! + extraLength! + commentLength!;
  }
}

function fromExcelJs(cell: ExcelJS.Cell): CellValue {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) {
    // What Excel last showed, as data; with no cached result, the formula's own text.
    const result = value.result;
    if (result === undefined || result === null) return `=${cell.formula ?? ''}`;
    return typeof result === 'object' && !(result instanceof Date) ? result.error : result;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) {
    // Excel turns typed e-mails into mailto: links; the text is what was typed.
    const text: unknown = value.text;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text) {
      return (text as ExcelJS.CellRichTextValue).richText.map((run) => run.text).join('');
    }
    return null;
  }
  if ('error' in value) return value.error;
  return null;
}

async function readXlsx(file: Buffer): Promise<SheetRow[]> {
  checkZipInflatedSize(file, MAX_INFLATED_BYTES);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  // Excel never saves a workbook without a sheet: this zip is something else (a .docx...).
  if (!sheet) throw new UnreadableSpreadsheetError('no worksheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
      cells[columnNumber - 1] = fromExcelJs(cell);
    });
    rows.push({ number: rowNumber, cells: Array.from(cells, (cell) => cell ?? null) });
  });
  return rows;
}

function fromSheetJs(cell: CellObject | undefined): CellValue {
  if (!cell) return null;
  switch (cell.t) {
    case 'e':
      return cell.w ?? null;
    case 'z':
      return null;
    default:
      // `v` is the value Excel stored (for a formula, its last result).
      return cell.v ?? null;
  }
}

function readXls(file: Buffer): SheetRow[] {
  const workbook = readWorkbook(file, {
    type: 'buffer',
    dense: true,
    cellDates: true,
    // Values only: no formulas (never evaluated anyway), styles or HTML.
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw new UnreadableSpreadsheetError('no worksheet');
  const data = sheet['!data'] ?? [];
  const rows: SheetRow[] = [];
  data.forEach((row, index) => {
    if (!row) return;
    const cells = Array.from(row, (cell) => fromSheetJs(cell));
    if (cells.some((cell) => cell !== null)) rows.push({ number: index + 1, cells });
  });
  return rows;
}
