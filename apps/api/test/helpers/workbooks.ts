import ExcelJS from 'exceljs';
import { utils, write } from '@e965/xlsx';

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
