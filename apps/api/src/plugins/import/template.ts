import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { EMPLOYMENT_LABELS, GENDER_LABELS, SEMESTER_LABELS } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { neutraliseFormula } from '../../lib/spreadsheet-safety';
import { IMPORT_COLUMNS, type StudentField } from './import-columns';
import { MAX_IMPORT_ROWS } from './student-rows';

export const TEMPLATE_FILE_NAME = 'plantilla_usuarios.xlsx';
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rows offering drop-downs: every row an import accepts. */
const LAST_DATA_ROW = MAX_IMPORT_ROWS + 1;

/** A realistic student, as the psychologist would type one in (choices by their labels). */
export const EXAMPLE_ROW: Record<StudentField, string | number> = {
  firstName: SERVER_MSG.import.example.firstName,
  lastName: SERVER_MSG.import.example.lastName,
  age: 20,
  gender: GENDER_LABELS.FEMENINO,
  email: SERVER_MSG.import.example.email,
  phone: '0991234567',
  city: SERVER_MSG.import.example.city,
  career: SERVER_MSG.import.example.career,
  careerLevel: SEMESTER_LABELS.TERCERO,
  employmentStatus: EMPLOYMENT_LABELS.EMPLEADO,
  income: 470,
};

/** exceljs keeps data validations on an untyped property of the sheet. */
interface SheetWithValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/**
 * plantilla_usuarios.xlsx (docs/import-and-reports.md#the-template): one sheet whose header row has every
 * student field in Spanish, each header with a comment giving its format and
 * allowed values, drop-downs for the three enumerations, and an example row.
 */
export async function buildStudentTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PsicoCampus';
  // Fixed dates: the same template, byte for byte, for every download.
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet(SERVER_MSG.import.sheetName, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: neutraliseFormula(column.header),
    key: column.field,
    width: column.width,
    // Text, so that Excel keeps a phone's leading zero and never turns a value into a formula.
    style: column.kind === 'number' ? {} : { numFmt: '@' },
  }));

  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  header.alignment = { vertical: 'middle' };
  header.height = 22;
  IMPORT_COLUMNS.forEach((column, index) => {
    header.getCell(index + 1).note = {
      texts: [{ text: column.help }],
      margins: { insetmode: 'auto', inset: [0.1, 0.1, 0.1, 0.1] },
    };
  });

  sheet.addRow(
    Object.fromEntries(
      Object.entries(EXAMPLE_ROW).map(([field, value]) => [
        field,
        typeof value === 'string' ? neutraliseFormula(value) : value,
      ]),
    ),
  );

  const validations = (sheet as unknown as SheetWithValidations).dataValidations;
  IMPORT_COLUMNS.forEach((column, index) => {
    if (!column.choices) return;
    const letter = sheet.getColumn(index + 1).letter;
    const labels = column.choices.codes.map((code) => column.choices!.labels[code]!);
    validations.add(`${letter}2:${letter}${LAST_DATA_ROW}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${labels.join(',')}"`],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: column.header,
      error: SERVER_MSG.import.pickFromList(labels.join(', ')),
    });
  });

  return signComments(Buffer.from(await workbook.xlsx.writeBuffer()));
}

/**
 * exceljs signs every comment with the author "Author", which Excel and
 * LibreOffice show with each comment: the template's are signed with the
 * product's name. The parts keep their dates, so the file stays the same
 * byte for byte.
 */
async function signComments(xlsx: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  for (const part of Object.values(zip.files)) {
    if (!/^xl\/comments\d+\.xml$/.test(part.name)) continue;
    const xml = await part.async('string');
    zip.file(
      part.name,
      xml.replaceAll(
        '<author>Author</author>',
        `<author>${SERVER_MSG.import.commentAuthor}</author>`,
      ),
      { date: part.date },
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
