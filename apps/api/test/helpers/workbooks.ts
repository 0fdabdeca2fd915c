import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { CFB, utils, write } from '@e965/xlsx';

/** The template's headers, in its order (Spanish, as a person fills them in). */
export const TEMPLATE_HEADERS = [
  'Nombres',
  'Apellidos',
  'Edad',
  'Género',
  'Correo electrónico',
  'Teléfono',
  'Ciudad',
  'Carrera',
  'Semestre',
  'Situación laboral',
  'Ingresos (USD)',
] as const;

export type SheetCell = ExcelJS.CellValue;

/** A valid row for the template's columns, different for each `n`. */
export function studentRow(n: number, overrides: Partial<Record<string, SheetCell>> = {}) {
  const values: Record<(typeof TEMPLATE_HEADERS)[number], SheetCell> = {
    Nombres: 'Daniela',
    Apellidos: 'Guzmán Herrera',
    Edad: 20,
    Género: 'Femenino',
    'Correo electrónico': `importado${n}@estudiantes.test`,
    Teléfono: '0991234567',
    Ciudad: 'Quito',
    Carrera: 'Psicología',
    Semestre: 'Tercero',
    'Situación laboral': 'Desempleado/a',
    'Ingresos (USD)': null,
  };
  return TEMPLATE_HEADERS.map((header) =>
    header in overrides ? (overrides[header] ?? null) : values[header],
  );
}

/** An .xlsx whose first sheet holds these rows (row 1 first), written by exceljs. */
export async function xlsxFile(
  rows: SheetCell[][],
  prepare?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Estudiantes');
  for (const row of rows) sheet.addRow(row);
  prepare?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A legacy Excel 97–2003 .xls (BIFF8 in an OLE container), written by SheetJS. */
export function xlsFile(rows: Array<Array<string | number | null>>): Buffer {
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, utils.aoa_to_sheet(rows), 'Estudiantes');
  return write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** The part of SheetJS's bundled CFB library used here (it ships untyped). */
interface CompoundFile {
  read(file: Buffer, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): { content: Uint8Array; size: number } | null;
  write(container: unknown, options: { type: 'buffer' }): Uint8Array;
}

/** BIFF records inserted in an .xls's workbook stream right after its first record (BOF). */
function xlsWithRecordsAfterBof(
  rows: Array<Array<string | number | null>>,
  inserted: Buffer,
): Buffer {
  const compoundFile = CFB as CompoundFile;
  const container = compoundFile.read(xlsFile(rows), { type: 'buffer' });
  const stream = compoundFile.find(container, '/Workbook')!;
  const records = Buffer.from(stream.content);
  const firstRecordEnd = 4 + records.readUInt16LE(2);
  // Each BoundSheet8 record says where its sheet starts: further on now.
  for (let at = 0; at + 4 <= records.length; at += 4 + records.readUInt16LE(at + 2)) {
    if (records.readUInt16LE(at) === 0x0085) {
      records.writeUInt32LE(records.readUInt32LE(at + 4) + inserted.length, at + 4);
    }
  }
  stream.content = Buffer.concat([
    records.subarray(0, firstRecordEnd),
    inserted,
    records.subarray(firstRecordEnd),
  ]);
  stream.size = stream.content.length;
  return Buffer.from(compoundFile.write(container, { type: 'buffer' }));
}

/**
 * An .xls of these rows with `count` empty records of a type no spreadsheet
 * program writes, right after the workbook stream's first record.
 */
export function xlsWithUnknownRecords(
  rows: Array<Array<string | number | null>>,
  count: number,
): Buffer {
  const unknown = Buffer.alloc(4 * count);
  for (let at = 0; at < unknown.length; at += 4) unknown.writeUInt16LE(0x01ff, at);
  return xlsWithRecordsAfterBof(rows, unknown);
}

/** An .xls saved with a password to open: its FILEPASS record (RC4) follows the BOF. */
export function xlsWithPassword(rows: Array<Array<string | number | null>>): Buffer {
  const filePass = Buffer.alloc(4 + 6);
  filePass.writeUInt16LE(0x002f, 0);
  filePass.writeUInt16LE(6, 2);
  filePass.writeUInt16LE(1, 4); // RC4
  return xlsWithRecordsAfterBof(rows, filePass);
}

/**
 * A password-protected .xlsx as Excel and LibreOffice save it: not a zip but
 * an OLE container holding the encryption header and the encrypted package
 * (MS-OFFCRYPTO); the bytes inside are stand-ins.
 */
export function encryptedXlsx(): Buffer {
  const cfb = CFB as unknown as {
    utils: { cfb_new(): unknown; cfb_add(container: unknown, path: string, content: Buffer): void };
    write(container: unknown, options: { type: 'buffer' }): Uint8Array;
  };
  const container = cfb.utils.cfb_new();
  cfb.utils.cfb_add(container, '/EncryptionInfo', Buffer.alloc(256, 4));
  cfb.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(8192, 7));
  return Buffer.from(cfb.write(container, { type: 'buffer' }));
}

export interface ZipPart {
  name: string;
  content: Buffer | string;
  /** Stored as is rather than deflated. */
  stored?: boolean;
  /** Already raw deflate: written as is, with sizes and checksum left at 0. */
  preDeflated?: boolean;
}

/**
 * A zip as an .xlsx is packed, built byte by byte so that a test controls
 * what each header says: one local header and one central header per part,
 * then the end of the central directory. `level` is deflate's (1 is fast).
 */
export function zipArchive(parts: ZipPart[], level = 6): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = part.preDeflated ? Buffer.alloc(0) : Buffer.from(part.content);
    const data =
      part.stored || part.preDeflated
        ? Buffer.from(part.content)
        : deflateRawSync(content, { level });
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters as Excel names them: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** `<sheetData>` rows, strings written inline (no shared strings part needed). */
export function sheetDataXml(rows: Array<Array<string | number | null>>): string {
  return rows
    .map((cells, r) => {
      const xml = cells
        .map((value, c) => {
          const ref = `${columnLetters(c)}${r + 1}`;
          if (value === null) return '';
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface HandWrittenWorkbook {
  /** The content of `<sheetData>`, e.g. from sheetDataXml. */
  sheetData: string | Buffer;
  /** Worksheet elements after `<sheetData>` (merges, validations...). */
  afterSheetData?: string;
  /** Worksheet elements before it (`<cols>`...). */
  beforeSheetData?: string;
  /** The content of `<definedNames>` in workbook.xml. */
  definedNames?: string;
}

/**
 * The parts of a workbook written by hand, as small as Excel and exceljs
 * accept (one sheet), so that a test can put in it what no spreadsheet
 * program would write.
 */
export function handWrittenWorkbookParts(workbook: HandWrittenWorkbook): ZipPart[] {
  const names = workbook.definedNames
    ? `<definedNames>${workbook.definedNames}</definedNames>`
    : '';
  return [
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Estudiantes" sheetId="1" r:id="rId1"/></sheets>${names}</workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: Buffer.concat([
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${workbook.beforeSheetData ?? ''}<sheetData>`,
        ),
        Buffer.from(workbook.sheetData),
        Buffer.from(`</sheetData>${workbook.afterSheetData ?? ''}</worksheet>`),
      ]),
    },
  ];
}
