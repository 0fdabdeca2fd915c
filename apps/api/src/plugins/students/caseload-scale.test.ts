import { sql } from 'drizzle-orm';
import { userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { caseloadQuery } from './student.queries';

/**
 * docs/limits-and-budgets.md#speed-and-size-budgets measures speed with benchmarks; this checks what makes it
 * possible: with 10,000 students, a caseload of 500 is found through the
 * index, in one query with its psychologist joined, and paged.
 */

let server: TestServer;
let lucia: string;
let luciaId: string;
beforeAll(async () => {
  server = await startTestServer();
  lucia = await server.login('psychologist');
  luciaId = await userIdOf(server, 'psychologist');
  const martinId = await userIdOf(server, 'psychologist2');
  const { db } = server.server.database;
  await db.execute(sql`
    insert into students (first_name, last_name, age, gender, email, phone, city, career,
      career_level, employment_status, assigned_psychologist_id, search_key)
    select 'Estudiante', 'Apellido ' || lpad(g::text, 5, '0'), 20, 'OTRO',
      'escala' || g || '@estudiantes.test', '0991234567', 'Quito', 'Medicina', 'PRIMERO',
      'DESEMPLEADO',
      case when g <= 500 then ${luciaId}::uuid else ${martinId}::uuid end,
      'estudiante apellido ' || lpad(g::text, 5, '0')
    from generate_series(1, 10000) as g`);
  await db.execute(sql`analyze students`);
});
afterAll(() => server.close());

async function plan(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  const result = await server.server.database.db.execute(sql`explain ${query.getSQL()}`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

it('lists a caseload of 500 among 10,000 students', async () => {
  const response = await server.call({ method: 'GET', url: '/api/students', token: lucia });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.total).toBe(504); // 500 and the four demo students
  expect(body.students[0].assignedPsychologist._id).toBe(luciaId);
});

it('pages and searches it', async () => {
  const response = await server.call({
    method: 'GET',
    url: '/api/students?q=apellido%2000&page=2&pageSize=200',
    token: lucia,
  });
  const body = response.json();
  expect(body).toMatchObject({ total: 500, page: 2, pageSize: 200 });
  expect(body.students).toHaveLength(200);
  expect(body.students[0].lastName).toBe('Apellido 00201');
});

it('finds the caseload through the index, in one query joining the psychologist', async () => {
  const text = await plan(caseloadQuery(server.server.database.db, luciaId, { limit: 50 }));
  expect(text).toContain('students_assigned_psychologist_idx');
  expect(text).not.toMatch(/Seq Scan on students/);
  expect(text).toMatch(/Join/);
});
