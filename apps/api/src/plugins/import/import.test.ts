import { crc32, deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { students } from '../../db/schema';
import { fileUpload, multipartBody } from '../../../test/helpers/multipart';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import {
  studentRow,
  TEMPLATE_HEADERS,
  xlsFile,
  xlsxFile,
  type SheetCell,
} from '../../../test/helpers/workbooks';
import { checkZipInflatedSize, UnreadableSpreadsheetError } from './spreadsheet';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, martin, admin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
    server.login('admin'),
  ]);
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

/**
 * A zip with one deflated entry, as an .xlsx packs its parts; `declaredSize`
 * makes its headers lie about the entry's inflated size.
 */
function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(local.length + nameBytes.length + data.length, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

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
      msg: MSG.import.created(3),
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
    expect(body.msg).toBe(MSG.import.invalidRows(6));
    expect(body.errors).toHaveLength(6);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Edad', field: 'age', msg: MSG.students.ageRange },
        { row: 3, column: 'Género', field: 'gender', msg: MSG.students.invalidOption },
        { row: 5, column: 'Correo electrónico', field: 'email', msg: MSG.import.duplicateInFile },
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
      msg: MSG.import.created(1),
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
      { row: 2, column: 'Edad', field: 'age', msg: MSG.students.ageRequired },
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
      msg: MSG.import.missingColumns('Edad, Semestre'),
    });
  });

  it('says so when the file has no students', async () => {
    const blankSheet = await xlsxFile([]);
    const headerOnly = await xlsxFile([[...TEMPLATE_HEADERS]]);
    const blankRows = await xlsxFile([[...TEMPLATE_HEADERS], [], ['', '  ', null]]);
    for (const file of [blankSheet, headerOnly, blankRows]) {
      const response = await importFile(lucia, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: MSG.import.empty });
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
    // A zip, but a Word document's, not a workbook.
    const notAWorkbook = zipOf('word/document.xml', Buffer.from('<w:document/>'));
    for (const file of [truncated, fakeXls, notAWorkbook]) {
      const response = await importFile(lucia, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: MSG.import.unreadable });
    }
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
    expect(response.json()).toEqual({ ok: false, msg: MSG.import.tooManyRows });
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
    expect(rows.every((row) => row.recordType === 'student')).toBe(true);
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

describe('checkZipInflatedSize', () => {
  it('refuses a small zip that inflates past the cap, whatever sizes it declares', () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(2 * 1024 * 1024), 10);
    expect(bomb.length).toBeLessThan(10_000);
    expect(() => checkZipInflatedSize(bomb, 1024 * 1024)).toThrow(UnreadableSpreadsheetError);
    expect(() => checkZipInflatedSize(bomb, 4 * 1024 * 1024)).not.toThrow();
  });

  it('accepts a real workbook', async () => {
    const file = await sheetWith([studentRow(1)]);
    expect(() => checkZipInflatedSize(file, 1024 * 1024)).not.toThrow();
  });
});
