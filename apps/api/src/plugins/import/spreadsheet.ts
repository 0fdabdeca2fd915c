import path from 'node:path';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { CFB, read as readWorkbook, type CellObject } from '@e965/xlsx';

/** A cell as data: what the person saw in it. Formulas are never evaluated. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number as Excel shows it (1 for the first row). */
  number: number;
  /**
   * By column: cells[0] is column A. Sparse: a column without a value has no
   * entry, so that one cell in column XFD costs one entry, not 16,384.
   */
  cells: Array<CellValue | undefined>;
}

/** The sheet an import reads: the workbook's first, by its name, and its non-empty rows. */
export interface FirstSheet {
  name: string;
  rows: SheetRow[];
}

export type SpreadsheetKind = 'xlsx' | 'xls';

/** What of a spreadsheet could not be read: the container, any sheet in it, or the first sheet's content. */
export type UnreadablePart = 'file' | 'noSheet' | 'sheet';

/** The file could not be read as the spreadsheet its first bytes say it is. */
export class UnreadableSpreadsheetError extends Error {
  constructor(
    message: string,
    readonly part: UnreadablePart = 'file',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What a file that cannot be imported is, so that the person is told what to do with it. */
export type UnsupportedSpreadsheet = 'ods' | 'encrypted';

/** A spreadsheet the import does not read: a LibreOffice .ods, or a workbook with a password. */
export class UnsupportedSpreadsheetError extends Error {
  constructor(readonly kind: UnsupportedSpreadsheet) {
    super(`unsupported spreadsheet: ${kind}`);
  }
}

/** Which of the limits below a file went past. */
export type SpreadsheetExcess = 'inflated-size' | 'ratio' | 'entries' | 'rows' | 'cells';

/** The file holds more than an import of students can need; it is not opened. */
export class SpreadsheetTooLargeError extends Error {
  constructor(
    readonly excess: SpreadsheetExcess,
    /** How much had been inflated when the file was refused (for the log). */
    readonly inflatedBytes = 0,
  ) {
    super(`spreadsheet over the ${excess} limit`);
  }
}

export interface SpreadsheetLimits {
  /** Parts of an .xlsx (a workbook has about a dozen; a hundred with images). */
  maxEntries: number;
  /** All parts together, once inflated. */
  maxInflatedBytes: number;
  /** Inflated size over compressed size, of one part and of the whole file... */
  maxRatio: number;
  /** ...counted only once that much has been inflated. */
  ratioFromBytes: number;
  /** Row elements in all sheets (exceljs builds about 1 KB for each). */
  maxRows: number;
  /** Cells and shared strings in all sheets (about 600 bytes each in exceljs). */
  maxCells: number;
  /**
   * Rows holding a value in the first sheet: the header and the students.
   * Counted as the sheet streams past, so a file of 18,000 students is
   * refused at its 5,002nd row, not once it is all parsed.
   */
  maxFirstSheetRows: number;
}

/**
 * 5,000 rows of the template take about 3 MB of XML and 55,000 cells, and
 * compress about 5:1. Past these limits a file is not a student list but a
 * way to fill the server's memory: exceljs holds every part inflated, and an
 * object for every row and cell of every sheet (200,000 cells: about 120 MB).
 */
export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxEntries: 1_000,
  maxInflatedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  // Small parts of real workbooks (styles, an empty sheet, a sheet of blank
  // formatted cells) compress far better than 100:1, and a megabyte is
  // harmless: the ratio only tells a bomb once there is enough to hurt.
  ratioFromBytes: 1024 * 1024,
  maxRows: 20_000,
  maxCells: 200_000,
  // The header and the 5,000 students of docs/import-and-reports.md#import (student-rows.ts's
  // MAX_IMPORT_ROWS applies the exact rule once the rows are read).
  maxFirstSheetRows: 5_001,
};

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

/**
 * The first sheet's name and non-empty rows, in order. Throws
 * SpreadsheetTooLargeError before anything is parsed when the file holds
 * more than `limits` allow, UnreadableSpreadsheetError when it is not the
 * spreadsheet its first bytes promise.
 */
export async function readFirstSheet(
  file: Buffer,
  kind: SpreadsheetKind,
  limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<FirstSheet> {
  try {
    return kind === 'xlsx' ? await readXlsx(file, limits) : readXls(file, limits);
  } catch (error) {
    if (
      error instanceof UnreadableSpreadsheetError ||
      error instanceof SpreadsheetTooLargeError ||
      error instanceof UnsupportedSpreadsheetError
    ) {
      throw error;
    }
    // The container was whole (its reader throws UnreadableSpreadsheetError
    // otherwise): what failed is the parser's reading of the sheet.
    throw new UnreadableSpreadsheetError(
      error instanceof Error ? error.message : String(error),
      'sheet',
      { cause: error },
    );
  }
}

// ---------------------------------------------------------------------------
// .xlsx: the zip, measured before exceljs opens it

interface ZipEntry {
  /** The part's path in the archive (xl/worksheets/sheet1.xml). */
  name: string;
  method: number;
  /** Where the entry's compressed bytes start in the file. */
  dataStart: number;
  compressedSize: number;
}

const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function unreadableZip(reason: string): never {
  throw new UnreadableSpreadsheetError(`zip: ${reason}`);
}

/**
 * The entries of a zip as JSZip (exceljs's unzipper) will read them, so that
 * what is measured is exactly what exceljs will inflate: the last
 * end-of-central-directory record in the file, then every central header
 * from the offset it gives, each pointing at its local header. Anything that
 * would make the two readings differ (ZIP64, bytes before the directory,
 * headers not where declared) is refused rather than guessed at; no
 * spreadsheet under 5 MB needs it.
 */
function zipEntries(zip: Buffer, maxEntries: number): ZipEntry[] {
  const end = zip.lastIndexOf(EOCD_SIGNATURE);
  if (end < 0 || end + 22 > zip.length) unreadableZip('no end of central directory');
  const declared = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  const sixteenBitFields = [4, 6, 8, 10].map((at) => zip.readUInt16LE(end + at));
  if (sixteenBitFields.includes(0xffff) || [directorySize, directoryStart].includes(0xffffffff)) {
    unreadableZip('ZIP64');
  }
  if (directoryStart + directorySize !== end) unreadableZip('central directory misplaced');
  if (declared > maxEntries) throw new SpreadsheetTooLargeError('entries');

  const entries: ZipEntry[] = [];
  let at = directoryStart;
  while (at + 46 <= end && zip.readUInt32LE(at) === CENTRAL_SIGNATURE) {
    if (entries.length === maxEntries) throw new SpreadsheetTooLargeError('entries');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const inflatedSize = zip.readUInt32LE(at + 24);
    const localHeader = zip.readUInt32LE(at + 42);
    if ([compressedSize, inflatedSize, localHeader].includes(0xffffffff)) unreadableZip('ZIP64');
    if (flags & 1) unreadableZip('encrypted entry');
    if (method !== STORED && method !== DEFLATED) unreadableZip(`compression method ${method}`);
    if (localHeader + 30 > zip.length || zip.readUInt32LE(localHeader) !== LOCAL_SIGNATURE) {
      unreadableZip('bad local header');
    }
    // The data follows the local header, its own file name and its own extra field.
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    if (dataStart + compressedSize > zip.length) unreadableZip('truncated entry');
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((offset) =>
      zip.readUInt16LE(at + offset),
    );
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength!);
    entries.push({ name, method, dataStart, compressedSize });
    at += 46 + nameLength! + extraLength! + commentLength!;
  }
  if (entries.length !== declared || at !== end) unreadableZip('central directory inconsistent');
  return entries;
}

/**
 * Counts, in a part's XML as it streams past, the elements exceljs makes an
 * object of: rows (`<row`), cells (`<c`) and shared strings (`<si`). A match
 * may straddle two chunks, so the last few characters are carried over; a
 * match lying wholly in the carried text was counted with its own chunk.
 * Tags inside comments or CDATA are counted too: an overestimate, never an
 * underestimate, of what exceljs builds.
 */
class ElementCounter {
  rows = 0;
  cells = 0;
  private carry = '';
  private static readonly START = /<(row|c|si)[\s/>]/g;
  private static readonly LONGEST = '<row '.length;

  add(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    for (const match of text.matchAll(ElementCounter.START)) {
      if (match.index + match[0].length <= this.carry.length) continue;
      if (match[1] === 'row') this.rows += 1;
      else this.cells += 1;
    }
    this.carry = text.slice(-(ElementCounter.LONGEST - 1));
  }
}

/**
 * Counts, as a worksheet's XML streams past, the rows that hold a value
 * (`<v>`, an inline string `<is>` or a formula `<f>` inside a `<row>`): the
 * rows the import reads, whatever formatting gives empty rows. Element
 * names may carry a namespace prefix (`<x:row>`), as some generators write.
 */
class ValueRowCounter {
  rows = 0;
  private rowCounted = true;
  private carry = '';
  private static readonly START = /<(?:[A-Za-z_][\w.-]*:)?(row|v|is|f)[\s/>]/g;
  /** Long enough to hold a prefixed `<row ` cut by a chunk's end. */
  private static readonly CARRY = 40;

  add(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    for (const match of text.matchAll(ValueRowCounter.START)) {
      if (match.index + match[0].length <= this.carry.length) continue;
      if (match[1] === 'row') this.rowCounted = false;
      else if (!this.rowCounted) {
        this.rowCounted = true;
        this.rows += 1;
      }
    }
    this.carry = text.slice(-ValueRowCounter.CARRY);
  }
}

/** Inflates a small part whole (workbook.xml and its relations), or null past `maxBytes`. */
async function inflateSmall(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
): Promise<string | null> {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === STORED) return data.length > maxBytes ? null : data.toString('utf8');
  const chunks: Buffer[] = [];
  let size = 0;
  const tooBig = new Error('part too big');
  try {
    await inflateDiscarding(data, (chunk) => {
      size += chunk.length;
      if (size > maxBytes) throw tooBig;
      chunks.push(chunk);
    });
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A workbook's parts that say which sheet is first: a few KB in any real file. */
const WORKBOOK_PART_MAX_BYTES = 1024 * 1024;

/**
 * The path in the archive of the workbook's first sheet, the one the import
 * reads: the first `<sheet>` of xl/workbook.xml, through its relation.
 * Null when the workbook does not say it plainly; the rows are then counted
 * only once read (student-rows.ts), within the limits of every sheet.
 */
async function firstSheetPart(zip: Buffer, entries: ZipEntry[]): Promise<string | null> {
  const part = (name: string) => entries.find((entry) => entry.name === name);
  const workbook = part('xl/workbook.xml');
  const relations = part('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return null;
  const [workbookXml, relationsXml] = await Promise.all([
    inflateSmall(zip, workbook, WORKBOOK_PART_MAX_BYTES),
    inflateSmall(zip, relations, WORKBOOK_PART_MAX_BYTES),
  ]);
  const sheet = workbookXml?.match(/<(?:[\w.-]+:)?sheet\s[^>]*/)?.[0];
  const relationId = sheet?.match(/\s[\w.-]+:id\s*=\s*["']([^"']+)["']/)?.[1];
  if (!relationId || !relationsXml) return null;
  for (const [relation] of relationsXml.matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*/g)) {
    const id = relation.match(/\sId\s*=\s*["']([^"']+)["']/)?.[1];
    if (id !== relationId) continue;
    const target = relation.match(/\sTarget\s*=\s*["']([^"']+)["']/)?.[1];
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
  }
  return null;
}

/** Output chunk of the inflater: what is held in memory at a time. */
const INFLATE_CHUNK_BYTES = 64 * 1024;

/**
 * Inflates `data` chunk by chunk, handing each chunk to `take` (with how many
 * compressed bytes have been consumed so far) and keeping none: memory stays
 * at one chunk whatever the entry holds. When `take` throws, inflating stops
 * there and the promise rejects with its error.
 */
function inflateDiscarding(
  data: Buffer,
  take: (chunk: Buffer, consumed: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
    inflater.on('data', (chunk: Buffer) => {
      try {
        take(chunk, inflater.bytesWritten);
      } catch (error) {
        inflater.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
    inflater.once('error', reject);
    inflater.once('end', resolve);
    inflater.end(data);
  });
}

export interface ZipInspection {
  entries: number;
  inflatedBytes: number;
  rows: number;
  cells: number;
}

/**
 * Inflates every entry of an .xlsx without keeping what it inflates,
 * trusting none of the sizes the archive declares, and stops at the first
 * limit passed: the total inflated size, the ratio of one entry or of the
 * whole file, the number of entries, rows or cells (see SPREADSHEET_LIMITS).
 * Throws SpreadsheetTooLargeError for those, UnreadableSpreadsheetError for
 * a malformed zip.
 */
export async function inspectZip(
  zip: Buffer,
  limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<ZipInspection> {
  const totals: ZipInspection = {
    entries: 0,
    inflatedBytes: 0,
    rows: 0,
    cells: 0,
  };
  const overRatio = (inflated: number, compressed: number) =>
    inflated > limits.ratioFromBytes && inflated > compressed * limits.maxRatio;
  const entries = zipEntries(zip, limits.maxEntries);
  const firstSheet = await firstSheetPart(zip, entries);
  for (const entry of entries) {
    totals.entries += 1;
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const counter = new ElementCounter();
    const valueRows = entry.name === firstSheet ? new ValueRowCounter() : null;
    let inflated = 0;
    // The ratio so far, against the compressed bytes read so far: a bomb
    // shows itself in its first megabytes, however long its tail.
    const take = (chunk: Buffer, consumed: number) => {
      inflated += chunk.length;
      totals.inflatedBytes += chunk.length;
      const refuse = (excess: SpreadsheetExcess) =>
        new SpreadsheetTooLargeError(excess, totals.inflatedBytes);
      if (totals.inflatedBytes > limits.maxInflatedBytes) throw refuse('inflated-size');
      if (overRatio(inflated, consumed) || overRatio(totals.inflatedBytes, zip.length)) {
        throw refuse('ratio');
      }
      const [rowsBefore, cellsBefore] = [counter.rows, counter.cells];
      counter.add(chunk);
      totals.rows += counter.rows - rowsBefore;
      totals.cells += counter.cells - cellsBefore;
      if (totals.rows > limits.maxRows) throw refuse('rows');
      if (totals.cells > limits.maxCells) throw refuse('cells');
      valueRows?.add(chunk);
      if (valueRows && valueRows.rows > limits.maxFirstSheetRows) throw refuse('rows');
    };
    if (entry.method === STORED) {
      take(data, data.length);
      continue;
    }
    await inflateDiscarding(data, take).catch((error: unknown) => {
      if (error instanceof SpreadsheetTooLargeError) throw error;
      unreadableZip(`corrupt entry: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return totals;
}

/**
 * Worksheet elements exceljs expands into one object per cell of their
 * range when it opens a file (`<mergeCell ref="A1:XFD1048576"/>`, a data
 * validation's sqref, `<col min="1" max="2000000000"/>`): a few bytes that
 * would fill the memory. None of them is needed to read values.
 */
const IGNORED_SHEET_NODES = ['mergeCells', 'dataValidations', 'cols'];

/**
 * exceljs likewise makes one object for every cell of every defined name's
 * range (`Hoja1!$A$1:$XFD$1048576` in workbook.xml), and offers no option to
 * skip them. The import never reads names, so its workbooks drop them from
 * the model exceljs parsed before exceljs applies it, through the model's
 * setter. Checked when the server starts: an exceljs that no longer has one
 * stops the start rather than every import.
 */
const WORKBOOK_MODEL = (() => {
  const { get, set } = Object.getOwnPropertyDescriptor(ExcelJS.Workbook.prototype, 'model') ?? {};
  if (!get || !set) {
    throw new Error('exceljs: Workbook.model is no longer an accessor; see workbookWithoutNames');
  }
  return { get, set };
})();

function workbookWithoutNames(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const { get, set } = WORKBOOK_MODEL;
  Object.defineProperty(workbook, 'model', {
    get: () => get.call(workbook),
    set: (value: ExcelJS.WorkbookModel) => set.call(workbook, { ...value, definedNames: [] }),
  });
  return workbook;
}

/** What exceljs makes of one line of a worksheet's `_rels` part. */
interface SheetRelationship {
  Id: string;
  Type: string;
  Target: string;
  TargetMode?: string;
}
interface LoadingModel {
  worksheetRels: Record<string, SheetRelationship[]>;
}
type RelationshipsReader = (
  this: unknown,
  stream: unknown,
  model: LoadingModel,
  sheetNo: string,
) => Promise<void>;

const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
/** A sheet's comments and their drawing: the import reads neither. */
const UNREAD_RELATIONSHIPS = new Set([`${RELATIONSHIP}comments`, `${RELATIONSHIP}vmlDrawing`]);

/**
 * exceljs's reader of a worksheet's relationships, checked when the server
 * starts as WORKBOOK_MODEL is: an exceljs without it stops the start.
 */
const READ_SHEET_RELATIONSHIPS = (() => {
  const xlsx: unknown = Object.getPrototypeOf(new ExcelJS.Workbook().xlsx);
  const read = (xlsx as { _processWorksheetRelsEntry?: unknown })._processWorksheetRelsEntry;
  if (typeof read !== 'function') {
    throw new Error('exceljs: XLSX._processWorksheetRelsEntry is gone; see followableRelations');
  }
  return read as RelationshipsReader;
})();

/**
 * A sheet's relationship as exceljs can follow it. exceljs finds a sheet's
 * table or drawing only by the relative path Excel writes
 * (`../tables/table1.xml`) and throws on the absolute one openpyxl writes
 * (`/xl/tables/table1.xml`, which Open Packaging allows as well); and it
 * finds comments only under Excel's own part names (`xl/comments1.xml`), not
 * openpyxl's (`xl/comments/comment1.xml`), where it throws too. So a
 * template filled from a Python script could not be imported. The import
 * reads no comment: those relationships are left out, and an absolute
 * target is made relative to the sheet, as Excel would have written it.
 */
function followableRelations(relations: SheetRelationship[]): SheetRelationship[] {
  return relations
    .filter((relation) => !UNREAD_RELATIONSHIPS.has(relation.Type))
    .map((relation) =>
      relation.TargetMode !== 'External' && relation.Target.startsWith('/')
        ? { ...relation, Target: path.posix.relative('/xl/worksheets', relation.Target) }
        : relation,
    );
}

function readingFollowableRelations(workbook: ExcelJS.Workbook): ExcelJS.Workbook {
  const xlsx = workbook.xlsx as unknown as { _processWorksheetRelsEntry: RelationshipsReader };
  xlsx._processWorksheetRelsEntry = async function (stream, model, sheetNo) {
    await READ_SHEET_RELATIONSHIPS.call(this, stream, model, sheetNo);
    model.worksheetRels[sheetNo] = followableRelations(model.worksheetRels[sheetNo] ?? []);
  };
  return workbook;
}

/**
 * A number that its cell's format shows with leading zeros ("0000000000":
 * a phone typed as 0991234567 into a number cell) is read as the text
 * shown, not as the number that lost its zeros.
 */
function asShown(value: number, format: string | undefined): CellValue {
  if (!format || !/^0+$/.test(format) || !Number.isSafeInteger(value) || value < 0) return value;
  return String(value).padStart(format.length, '0');
}

function fromExcelJs(cell: ExcelJS.Cell): CellValue {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return asShown(value, cell.numFmt);
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

/** An OpenDocument file's first part: its MIME type, stored uncompressed (as the OpenDocument standard requires). */
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

async function readXlsx(file: Buffer, limits: SpreadsheetLimits): Promise<FirstSheet> {
  const mimetype = zipEntries(file, limits.maxEntries).find(
    (entry) => entry.name === 'mimetype' && entry.method === STORED,
  );
  if (
    mimetype &&
    file
      .toString('latin1', mimetype.dataStart, mimetype.dataStart + mimetype.compressedSize)
      .startsWith(ODS_MIMETYPE)
  ) {
    throw new UnsupportedSpreadsheetError('ods');
  }
  await inspectZip(file, limits);
  const workbook = readingFollowableRelations(workbookWithoutNames());
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer, {
    ignoreNodes: IGNORED_SHEET_NODES,
  });
  const sheet = workbook.worksheets[0];
  // Excel never saves a workbook without a sheet: this zip is something else (a .docx...).
  if (!sheet) throw new UnreadableSpreadsheetError('no worksheet', 'noSheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: SheetRow['cells'] = [];
    row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
      const value = fromExcelJs(cell);
      if (value !== null) cells[columnNumber - 1] = value;
    });
    rows.push({ number: rowNumber, cells });
  });
  return { name: sheet.name, rows };
}

// ---------------------------------------------------------------------------
// .xls: BIFF records in an OLE container

/** The part of SheetJS's bundled CFB reader used here (it ships untyped). */
interface CompoundFile {
  read(file: Buffer, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): { content?: Uint8Array | number[] | null } | null;
}
const compoundFile = CFB as CompoundFile;

/** BIFF5/BIFF8 records holding one cell each; blanks are not read, so not counted. */
const BIFF_CELL_RECORDS = new Set([
  0x0006, // FORMULA
  0x00d6, // RSTRING
  0x00fd, // LABELSST
  0x0203, // NUMBER
  0x0204, // LABEL
  0x0205, // BOOLERR
  0x027e, // RK
]);
/** Several numbers in one record: 6 bytes of header and trailer, 6 per cell. */
const BIFF_MULRK = 0x00bd;
/** The BOF records of BIFF2 to BIFF8, and the substream type of a worksheet. */
const BIFF_BOF = new Set([0x0009, 0x0209, 0x0409, 0x0809]);
const BIFF_WORKSHEET = 0x0010;

/**
 * A legacy .xls is not compressed, so its 5 MB hold at most 5 MB of records;
 * but a MULRK record packs a cell in 6 bytes and SheetJS builds an object of
 * about 700 bytes for each (a 5 MB file of plain NUMBER records, 270,000
 * cells, takes 200 MB). The records are counted, headers only, before
 * SheetJS parses anything. The stream is the one SheetJS reads.
 */
/** BIFF's FILEPASS record: the workbook's streams are encrypted with a password. */
const BIFF_FILEPASS = 0x002f;

function checkXlsCells(file: Buffer, limits: SpreadsheetLimits): void {
  let container: unknown;
  try {
    container = compoundFile.read(file, { type: 'buffer' });
  } catch (error) {
    // Not a compound file after all, though it starts as one: the container is what is damaged.
    throw new UnreadableSpreadsheetError(`xls: ${String(error)}`, 'file', { cause: error });
  }
  // A password-protected .xlsx is an OLE container holding the encrypted
  // package (MS-OFFCRYPTO), not a zip.
  if (compoundFile.find(container, '/EncryptedPackage')) {
    throw new UnsupportedSpreadsheetError('encrypted');
  }
  const stream = compoundFile.find(container, '/Workbook') ?? compoundFile.find(container, '/Book');
  if (!stream?.content) throw new UnreadableSpreadsheetError('xls: no workbook stream');
  const records = Buffer.isBuffer(stream.content) ? stream.content : Buffer.from(stream.content);
  let cells = 0;
  // Substreams follow the globals, one per sheet, each from its BOF to its
  // EOF; the first worksheet's is the one SheetJS's first sheet is read from.
  let inFirstSheet = false;
  let firstSheetSeen = false;
  const rowsWithValues = new Set<number>();
  for (let at = 0; at + 4 <= records.length; at += 4 + records.readUInt16LE(at + 2)) {
    const type = records.readUInt16LE(at);
    const length = records.readUInt16LE(at + 2);
    if (type === BIFF_FILEPASS) throw new UnsupportedSpreadsheetError('encrypted');
    if (BIFF_BOF.has(type) && at > 0 && at + 8 <= records.length) {
      inFirstSheet = !firstSheetSeen && records.readUInt16LE(at + 6) === BIFF_WORKSHEET;
      firstSheetSeen ||= inFirstSheet;
      continue;
    }
    const isCell = BIFF_CELL_RECORDS.has(type) || type === BIFF_MULRK;
    if (BIFF_CELL_RECORDS.has(type)) cells += 1;
    else if (type === BIFF_MULRK && length > 6) cells += Math.floor((length - 6) / 6);
    if (cells > limits.maxCells) throw new SpreadsheetTooLargeError('cells');
    if (isCell && inFirstSheet && length >= 2 && at + 6 <= records.length) {
      rowsWithValues.add(records.readUInt16LE(at + 4));
      if (rowsWithValues.size > limits.maxFirstSheetRows)
        throw new SpreadsheetTooLargeError('rows');
    }
  }
}

function fromSheetJs(cell: CellObject | undefined): CellValue {
  if (!cell) return null;
  switch (cell.t) {
    case 'e':
      return cell.w ?? null;
    case 'z':
      return null;
    case 'n':
      return typeof cell.v === 'number'
        ? asShown(cell.v, typeof cell.z === 'string' ? cell.z : undefined)
        : (cell.v ?? null);
    default:
      // `v` is the value Excel stored (for a formula, its last result).
      return cell.v ?? null;
  }
}

/**
 * SheetJS writes a line to stderr for every record it does not know, and a
 * 5 MB file holds a million such records: the server's log would drown. Its
 * reading is synchronous, so nothing else can write in the meantime.
 */
function silently<T>(read: () => T): T {
  const { error } = console;
  console.error = () => undefined;
  try {
    return read();
  } finally {
    console.error = error;
  }
}

function readXls(file: Buffer, limits: SpreadsheetLimits): FirstSheet {
  checkXlsCells(file, limits);
  const workbook = silently(() =>
    readWorkbook(file, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      // Each cell's number format (`z`): a number shown with leading zeros is read as shown.
      cellNF: true,
      // Values only: no formulas (never evaluated anyway), styles or HTML.
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    }),
  );
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw new UnreadableSpreadsheetError('no worksheet', 'noSheet');
  const data = sheet['!data'] ?? [];
  const rows: SheetRow[] = [];
  data.forEach((row, index) => {
    if (!row) return;
    const cells: SheetRow['cells'] = [];
    let hasValue = false;
    row.forEach((cell, column) => {
      const value = fromSheetJs(cell);
      if (value === null) return;
      cells[column] = value;
      hasValue = true;
    });
    if (hasValue) rows.push({ number: index + 1, cells });
  });
  return { name: name!, rows };
}
