import { inArray, sql } from 'drizzle-orm';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { students } from '../../db/schema';
import { fileUpload } from '../../../test/helpers/multipart';
import { auditRowsOf, createStudent, studentBody, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../../test/helpers/workbooks';
import { EMBEDDED_MAX_STUDENTS } from './embedded-capacity';

/**
 * The embedded database holds at most EMBEDDED_MAX_STUDENTS students
 * (docs/limits-and-budgets.md#embedded-database): past it, a typed student
 * or an import is refused whole with a message that says what to do.
 * PostgreSQL has no such limit: the same calls succeed there.
 */
let server: TestServer;
let lucia: string;
let onPglite: boolean;

beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions());
  onPglite = server.server.database.kind === 'pglite';
});
afterAll(() => server.close());

const db = () => server.server.database.db;
const studentCount = () => db().$count(students);

/** Students written straight to the database until there are `total`, each with the filler's e-mail. */
async function fillTo(total: number) {
  const missing = total - (await studentCount());
  if (missing <= 0) return;
  const owner = await userIdOf(server, 'psychologist');
  await db().execute(sql`
    insert into students (first_name, last_name, age, gender, email, phone, city, career,
      career_level, employment_status, assigned_psychologist_id, created_by_id)
    select 'Relleno', 'Apellido', 20, 'OTRO', 'relleno' || g || '@capacidad.test', '0991234567',
      'Quito', 'Medicina', 'TERCERO', 'DESEMPLEADO', ${owner}::uuid, ${owner}::uuid
    from generate_series(1, ${missing}::int) g`);
}

/** Removes `n` of the filler's students, to make room. */
async function removeFillers(n: number) {
  const rows = await db()
    .select({ id: students.id })
    .from(students)
    .where(sql`${students.email} like '%@capacidad.test'`)
    .limit(n);
  await db()
    .delete(students)
    .where(
      inArray(
        students.id,
        rows.map((row) => row.id),
      ),
    );
}

const rowsFile = (count: number, first: number) =>
  xlsxFile([
    [...TEMPLATE_HEADERS],
    ...Array.from({ length: count }, (_, index) =>
      studentRow(first + index, {
        'Correo electrónico': `importado${first + index}@capacidad.test`,
      }),
    ),
  ]);
const importRows = async (count: number, first: number) =>
  server.call({
    method: 'POST',
    url: '/api/students/import',
    token: lucia,
    ...fileUpload(await rowsFile(count, first), 'estudiantes.xlsx'),
  });

it('takes a typed student up to the limit, and refuses the next one, keeping nothing of it', async () => {
  await fillTo(EMBEDDED_MAX_STUDENTS - 1);
  await createStudent(server, lucia, { email: 'ultima@capacidad.test' });
  expect(await studentCount()).toBe(EMBEDDED_MAX_STUDENTS);

  const refused = await server.call({
    method: 'POST',
    url: '/api/students',
    token: lucia,
    payload: studentBody({ email: 'sobra@capacidad.test' }),
  });
  if (!onPglite) {
    expect(refused.statusCode).toBe(201);
    return;
  }
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    ok: false,
    msg: SERVER_MSG.embeddedCapacity.full(EMBEDDED_MAX_STUDENTS),
  });
  expect(refused.json().msg).toContain('PostgreSQL');
  expect(await studentCount()).toBe(EMBEDDED_MAX_STUDENTS);
  const [last] = (await auditRowsOf(server, 'student.create')).slice(-1);
  expect(last).toMatchObject({ outcome: 'invalid', recordId: null });
});

it('refuses an import that would not fit whole, saying how many rows still fit, and imports nothing', async () => {
  if (!onPglite) return;
  await fillTo(EMBEDDED_MAX_STUDENTS);
  const full = await importRows(3, 1);
  expect(full.statusCode).toBe(409);
  expect(full.json().msg).toBe(SERVER_MSG.embeddedCapacity.full(EMBEDDED_MAX_STUDENTS));

  await removeFillers(2);
  const tooMany = await importRows(3, 1);
  expect(tooMany.statusCode).toBe(409);
  expect(tooMany.json().msg).toBe(
    SERVER_MSG.embeddedCapacity.importTooLarge(EMBEDDED_MAX_STUDENTS, 2),
  );
  expect(tooMany.json().msg).toContain('como mucho 2 filas');
  expect(await studentCount()).toBe(EMBEDDED_MAX_STUDENTS - 2);

  const fits = await importRows(2, 1);
  expect(fits.statusCode).toBe(200);
  expect(fits.json()).toMatchObject({ ok: true, created: 2 });
  expect(await studentCount()).toBe(EMBEDDED_MAX_STUDENTS);
});

it('counts only the students an import creates: rows already registered take no room', async () => {
  if (!onPglite) return;
  await fillTo(EMBEDDED_MAX_STUDENTS);
  // The two students of the last import, sent again: both skipped as duplicates.
  const again = await importRows(2, 1);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ ok: true, created: 0 });
  expect(again.json().duplicates).toHaveLength(2);
});
