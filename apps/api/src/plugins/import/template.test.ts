import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { EMPLOYMENT_LABELS, GENDER_LABELS, MSG, SEMESTER_LABELS } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { fileUpload } from '../../../test/helpers/multipart';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { TEMPLATE_HEADERS } from '../../../test/helpers/workbooks';

let server: TestServer;
let lucia: string;
beforeAll(async () => {
  server = await startTestServer();
  lucia = await server.login('psychologist');
});
afterAll(() => server.close());

const download = (token: string) =>
  server.call({ method: 'GET', url: '/api/students/import/template', token });

interface ListValidation {
  type: string;
  formulae: string[];
}
type SheetWithValidations = ExcelJS.Worksheet & {
  dataValidations: { model: Record<string, ListValidation | undefined> };
};

async function openTemplate(): Promise<SheetWithValidations> {
  const response = await download(lucia);
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0] as SheetWithValidations;
}

const noteText = (cell: ExcelJS.Cell) => {
  const note = cell.note as ExcelJS.Comment | string | undefined;
  if (!note) return '';
  return typeof note === 'string' ? note : (note.texts ?? []).map((run) => run.text).join('');
};

describe('GET /api/students/import/template', () => {
  it('downloads plantilla_usuarios.xlsx', async () => {
    const response = await download(lucia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="plantilla_usuarios.xlsx"',
    );
    expect(response.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('has every student field as a Spanish header, in order, bold and frozen', async () => {
    const sheet = await openTemplate();
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual([...TEMPLATE_HEADERS]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    for (let column = 1; column <= TEMPLATE_HEADERS.length; column += 1) {
      expect(sheet.getColumn(column).width).toBeGreaterThanOrEqual(8);
    }
  });

  it('explains each column in a comment on its header', async () => {
    const sheet = await openTemplate();
    const notes = TEMPLATE_HEADERS.map((_, index) => noteText(sheet.getRow(1).getCell(index + 1)));
    for (const note of notes) expect(note).toMatch(/^(Obligatorio|Opcional)\. .{20,}/);
    const byHeader = Object.fromEntries(TEMPLATE_HEADERS.map((h, i) => [h, notes[i]!]));
    expect(byHeader['Edad']).toContain('0 a 100');
    expect(byHeader['Nombres']).toContain('2 a 30');
    expect(byHeader['Ciudad']).toContain('2 a 50');
    expect(byHeader['Teléfono']).toContain('6 a 15');
    expect(byHeader['Ingresos (USD)']).toMatch(/^Opcional/);
    for (const label of Object.values(GENDER_LABELS)) expect(byHeader['Género']).toContain(label);
    for (const label of Object.values(SEMESTER_LABELS))
      expect(byHeader['Semestre']).toContain(label);
    for (const label of Object.values(EMPLOYMENT_LABELS)) {
      expect(byHeader['Situación laboral']).toContain(label);
    }
  });

  it("writes its comments in plain Spanish, signed 'PsicoCampus', promising only what the drop-downs accept", async () => {
    const sheet = await openTemplate();
    const byHeader = Object.fromEntries(
      TEMPLATE_HEADERS.map((h, i) => [h, noteText(sheet.getRow(1).getCell(i + 1))]),
    );
    expect(byHeader['Semestre']).toContain('Noveno o Décimo.');
    expect(byHeader['Situación laboral']).toContain('Empleado/a o Desempleado/a.');
    for (const note of Object.values(byHeader)) expect(note).not.toMatch(/ u [^oOhH]/);
    // The drop-down lists the ten names only: the comment offers no numbers.
    expect(byHeader['Semestre']).not.toMatch(/\d/);

    const zip = await JSZip.loadAsync((await download(lucia)).rawPayload);
    const comments = Object.keys(zip.files).filter((name) => /^xl\/comments\d+\.xml$/.test(name));
    expect(comments).not.toHaveLength(0);
    for (const name of comments) {
      const xml = await zip.file(name)!.async('string');
      expect(xml).toContain('<author>PsicoCampus</author>');
      expect(xml).not.toContain('<author>Author</author>');
    }
    // Still the same file for every download.
    expect((await download(lucia)).rawPayload.equals((await download(lucia)).rawPayload)).toBe(
      true,
    );
  });

  it('offers drop-downs of Spanish labels for gender, semester and employment on rows 2 to 5001', async () => {
    const sheet = await openTemplate();
    const validations = sheet.dataValidations.model;
    const expected: Record<string, Record<string, string>> = {
      D: GENDER_LABELS,
      I: SEMESTER_LABELS,
      J: EMPLOYMENT_LABELS,
    };
    for (const [column, labels] of Object.entries(expected)) {
      for (const row of [2, 3, 2500, 5001]) {
        expect(validations[`${column}${row}`]).toMatchObject({
          type: 'list',
          formulae: [`"${Object.values(labels).join(',')}"`],
        });
      }
      expect(validations[`${column}1`]).toBeUndefined();
      expect(validations[`${column}5002`]).toBeUndefined();
    }
    const listed = new Set(Object.keys(validations).map((address) => address.replace(/\d+/, '')));
    expect([...listed].sort()).toEqual(['D', 'I', 'J']);
  });

  it('has one example row, a valid student the import accepts as it is', async () => {
    const sheet = await openTemplate();
    expect(sheet.actualRowCount).toBe(2);
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(example).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(Number),
      'Femenino',
      expect.stringMatching(/@.*\.ec$/),
      expect.any(String),
      'Quito',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(Number),
    ]);
    const template = (await download(lucia)).rawPayload;
    const response = await server.call({
      method: 'POST',
      url: '/api/students/import',
      token: lucia,
      ...fileUpload(template, 'plantilla_usuarios.xlsx'),
    });
    expect(response.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.import.created(1),
      created: 1,
      duplicates: [],
    });
  });

  it('is filled in and imported back', async () => {
    const sheet = await openTemplate();
    sheet.spliceRows(2, 1);
    sheet.addRow([
      'Tomás',
      'Andrade',
      19,
      'Masculino',
      'tomas.a@estudiantes.test',
      '0991234567',
      'Ibarra',
      'Medicina',
      'Primero',
      'Desempleado/a',
      null,
    ]);
    sheet.addRow([
      'Inés',
      'Carrión',
      22,
      'Otro',
      'ines.c@estudiantes.test',
      '0991234568',
      'Loja',
      'Derecho',
      'Décimo',
      'Empleado/a',
      410,
    ]);
    const file = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const response = await server.call({
      method: 'POST',
      url: '/api/students/import',
      token: lucia,
      ...fileUpload(file),
    });
    expect(response.json()).toMatchObject({ ok: true, created: 2 });
  });

  it('holds no cell a spreadsheet program would run as a formula', async () => {
    const sheet = await openTemplate();
    let cells = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells += 1;
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
    expect(cells).toBe(2 * TEMPLATE_HEADERS.length);
  });

  it('is refused to an admin', async () => {
    const response = await download(await server.login('admin'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
  });
});
