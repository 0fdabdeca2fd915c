import { sql } from 'drizzle-orm';
import type { Appointment } from '@psicocampus/shared/domain';
import { userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { agendaQuery } from './appointment.queries';

/**
 * The budget: the agenda of a psychologist with 500 students and
 * 2,000 appointments in a month. Speed is measured by benchmarks
 * (docs/limits-and-budgets.md#speed-and-size-budgets); this checks what
 * makes it possible, in a service of 10,000 students and 400,000
 * appointments over ten months: one query that reaches the month through
 * the caseload's index and a date index, never reading a whole table.
 */

let server: TestServer;
let lucia: string;
let luciaId: string;
const DAY_MS = 24 * 60 * 60_000;
const monthStart = new Date(Date.UTC(2027, 2, 1));
const monthEnd = new Date(Date.UTC(2027, 3, 1));

beforeAll(async () => {
  server = await startTestServer();
  lucia = await server.login('psychologist');
  luciaId = await userIdOf(server, 'psychologist');
  const martinId = await userIdOf(server, 'psychologist2');
  const { db } = server.server.database;
  await db.execute(sql`
    insert into students (first_name, last_name, age, gender, email, phone, city, career,
      career_level, employment_status, assigned_psychologist_id, search_key)
    select 'Agenda', 'Estudiante ' || lpad(g::text, 5, '0'), 20, 'OTRO',
      'agenda' || g || '@estudiantes.test', '0991234567', 'Quito', 'Medicina', 'PRIMERO',
      'DESEMPLEADO',
      case when g <= 500 then ${luciaId}::uuid else ${martinId}::uuid end,
      'agenda estudiante ' || lpad(g::text, 5, '0')
    from generate_series(1, 10000) as g`);
  // Four a month per student for ten months around March 2027: Lucía's 500 students have
  // 2,000 in March; the service, 400,000 in all (fewer, and a planner rightly reads the
  // whole table instead).
  await db.execute(sql`
    insert into appointments (student_id, psychologist_id, date, reason)
    select s.id, s.assigned_psychologist_id,
      ${monthStart.toISOString()}::timestamptz
        + (m - 5) * interval '31 days' + k * interval '7 days'
        + (row_number() over (partition by m, k order by s.id) % 480) * interval '1 hour',
      'Seguimiento'
    from (select id, assigned_psychologist_id from students
          where search_key like 'agenda estudiante %') s,
      generate_series(0, 9) as m, generate_series(0, 3) as k`);
  await db.execute(sql`analyze students`);
  await db.execute(sql`analyze appointments`);
});
afterAll(() => server.close());

async function plan(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  const result = await server.server.database.db.execute(sql`explain ${query.getSQL()}`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

it("answers the month's 2,000 appointments of a caseload of 500, by start, with their students", async () => {
  const response = await server.call({
    method: 'GET',
    url: `/api/appointments?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}`,
    token: lucia,
  });
  expect(response.statusCode).toBe(200);
  const listed = response.json().appointments as Appointment[];
  expect(listed).toHaveLength(2000);
  const starts = listed.map((a) => Date.parse(a.date));
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect(starts[0]).toBeGreaterThanOrEqual(monthStart.getTime());
  expect(starts.at(-1)).toBeLessThan(monthEnd.getTime());
  expect(new Set(listed.map((a) => a.student._id)).size).toBe(500);
  expect(listed[0]!.student.firstName).toBe('Agenda');
});

it('reaches them through indexes in one query, never reading a whole table', async () => {
  const text = await plan(
    agendaQuery(
      server.server.database.db,
      luciaId,
      monthStart,
      new Date(monthStart.getTime() + 7 * DAY_MS),
    ),
  );
  // The caseload through its index; the period's appointments through a date index
  // (each student's, or the period's across the service, whichever the planner finds cheaper).
  expect(text).toContain('students_assigned_psychologist_idx');
  expect(text).toMatch(/appointments_(student|psychologist)_date_idx/);
  expect(text).not.toMatch(/Seq Scan on (appointments|students)/);
});
