import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { students } from '../../db/schema';
import { API_ROOT } from '../../paths';
import { fileUpload } from '../../../test/helpers/multipart';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { readFirstSheet } from './spreadsheet';
import { buildStudentTemplate } from './template';

/**
 * The template as the programs people fill it with write it back
 * (docs/import-and-reports.md#import): each fixture of test/fixtures is the
 * template downloaded from the product, filled with the same three students
 * by openpyxl (Debian's python3-openpyxl, as a script would), then saved
 * again by LibreOffice Calc 7.4 or SheetJS 0.20 (test/fixtures/README.md
 * says how each was made). Each must import exactly, as the template filled
 * in Excel does.
 */

let server: TestServer;
let lucia: string;
beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const fixture = (name: string) => readFileSync(path.join(API_ROOT, 'test/fixtures', name));

/** The three students every fixture holds, with the writer's name in their e-mail. */
function expectedStudents(writer: string) {
  return [
    ['Ana Lucía', 'Pérez Ruiz', 19, `ana.perez.${writer}@estudiantes.uce.edu.ec`, '0991112233'],
    ['José Ignacio', 'Núñez Soto', 23, `jose.nunez.${writer}@estudiantes.uce.edu.ec`, '0984445566'],
    ['Łucja', 'Żółć Andrade', 21, `lucja.zolc.${writer}@estudiantes.uce.edu.ec`, '0977778899'],
  ] as const;
}

/** The template filled in as Excel writes it (exceljs writes the template Excel's way). */
async function filledByExcelJs(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buildStudentTemplate()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  expectedStudents('excel').forEach(([firstName, lastName, age, email, phone], index) => {
    sheet.getRow(index + 2).values = [
      firstName,
      lastName,
      age,
      'Femenino',
      email,
      phone,
      'Quito',
      'Psicología Clínica',
      'Primero',
      'Empleado/a',
      470,
    ];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function storedStudent(email: string) {
  const [row] = await server.server.database.db
    .select()
    .from(students)
    .where(eq(sql`lower(${students.email})`, email));
  return row;
}

describe('the template, filled and saved by the programs people use', () => {
  it.each([
    ['openpyxl', 'openpyxl-filled-template.xlsx'],
    ['libreoffice', 'libreoffice-filled-template.xlsx'],
    ['sheetjs', 'sheetjs-filled-template.xlsx'],
    ['excel', null],
  ])('imports the students of the template as %s writes it', async (writer, name) => {
    const file = name ? fixture(name) : await filledByExcelJs();
    const response = await server.call({
      method: 'POST',
      url: '/api/students/import',
      token: lucia,
      ...fileUpload(file, 'plantilla_usuarios.xlsx'),
    });
    expect(response.json()).toMatchObject({ ok: true, created: 3 });
    for (const [firstName, lastName, age, email, phone] of expectedStudents(writer)) {
      expect(await storedStudent(email)).toMatchObject({ firstName, lastName, age, email, phone });
    }
  });

  it("reads openpyxl's comments relationship, which names its part by an absolute path", async () => {
    const sheet = await readFirstSheet(fixture('openpyxl-filled-template.xlsx'), 'xlsx');
    expect(sheet.name).toBe('Estudiantes');
    expect(sheet.rows.map((row) => row.cells[0])).toEqual([
      'Nombres',
      'Ana Lucía',
      'José Ignacio',
      'Łucja',
    ]);
  });
});
