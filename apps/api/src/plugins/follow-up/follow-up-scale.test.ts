import { sql } from 'drizzle-orm';
import { LIST_MAX_PAGE_SIZE } from '@psicocampus/shared/domain';
import { userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { followUpListQuery } from './follow-up.queries';

/**
 * "Seguimiento prioritario" at the bench's sizes (docs/limits-and-budgets.md):
 * 10,000 students, a caseload of 500 with an assessment each, answered in
 * one statement that reaches the caseload and each student's latest
 * assessment through their indexes.
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
    select 'Estudiante', 'Seguimiento ' || lpad(g::text, 5, '0'), 20, 'OTRO',
      'seguimiento' || g || '@estudiantes.test', '0991234567', 'Quito', 'Medicina', 'PRIMERO',
      'DESEMPLEADO',
      case when g <= 500 then ${luciaId}::uuid else ${martinId}::uuid end,
      'estudiante seguimiento ' || lpad(g::text, 5, '0')
    from generate_series(1, 10000) as g`);
  // Every student assessed twice; the latest is MUY_ALTO for one in two.
  await db.execute(sql`
    insert into suicide_assessments (student_id, author_id, answers, risk_level, created_at)
    select s.id, s.assigned_psychologist_id, '{}'::jsonb,
      case when n = 2 then 'BAJO' when right(s.last_name, 1) in ('0','2','4','6','8') then 'MUY_ALTO' else 'BAJO' end,
      now() - (n * interval '1 day')
    from students s cross join generate_series(1, 2) as n
    where s.last_name like 'Seguimiento %'`);
  await db.execute(sql`analyze students`);
  await db.execute(sql`analyze suicide_assessments`);
});
afterAll(() => server.close());

it('counts the 250 students of a caseload of 500 whose latest level is high, and pages them', async () => {
  const response = await server.call({
    method: 'GET',
    url: `/api/follow-up?pageSize=${LIST_MAX_PAGE_SIZE}&page=2`,
    token: lucia,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().total).toBe(250);
  expect(response.json().entries).toHaveLength(250 - LIST_MAX_PAGE_SIZE);
});

it('reaches the caseload and each latest assessment through their indexes', async () => {
  const query = followUpListQuery(server.server.database.db, luciaId, {
    now: new Date(),
    days: 7,
    reassessDays: 30,
  });
  const result = await server.server.database.db.execute(sql`explain ${query.getSQL()}`);
  const plan = (result as unknown as { rows: Array<Record<string, string>> }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
  expect(plan).toContain('students_assigned_psychologist_idx');
  expect(plan).toContain('suicide_assessments_student_created_idx');
  expect(plan).not.toMatch(/Seq Scan on (students|suicide_assessments)/);
});
