import { eq } from 'drizzle-orm';
import { students } from '../../db/schema';
import { createStudent } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { listCaseload } from './student.queries';
import { caseloadListJson } from './student-list.json';
import { toStudentSummary } from './student.view';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('psychologist');
  await createStudent(server, token, { firstName: 'Óscar', lastName: 'Álvarez', income: 1234.5 });
  await createStudent(server, token, { firstName: 'Zoe', lastName: 'zúñiga', income: null });
  await createStudent(server, token, { firstName: 'Ana', lastName: 'Ibáñez', income: 0 });
});
afterAll(() => server.close());

describe('the caseload list built by the database', () => {
  it('is, field for field and in the same order, what toStudentSummary answers', async () => {
    const { db } = server.server.database;
    const me = (await server.call({ method: 'GET', url: '/api/auth/me', token })).json().user;
    const fromSql = JSON.parse(await caseloadListJson(db, me.id));
    const fromOrm = (await listCaseload(db, me.id)).map(toStudentSummary);
    expect(fromSql.ok).toBe(true);
    expect(fromSql.total).toBe(fromOrm.length);
    expect(fromSql.students).toEqual(fromOrm);
    // Accents folded for the order: Álvarez before Castillo, zúñiga last.
    const lastNames = fromSql.students.map((student: { lastName: string }) => student.lastName);
    expect(lastNames.indexOf('Álvarez')).toBeLessThan(lastNames.indexOf('Ibáñez'));
    expect(lastNames.at(-1)).toBe('zúñiga');
  });

  it('answers an empty list for a psychologist without students', async () => {
    const { db } = server.server.database;
    const admin = (
      await server.call({ method: 'GET', url: '/api/auth/me', token: await server.login('admin') })
    ).json().user;
    expect(JSON.parse(await caseloadListJson(db, admin.id))).toEqual({
      ok: true,
      students: [],
      total: 0,
    });
  });

  it('is what GET /api/students sends', async () => {
    const response = await server.call({ method: 'GET', url: '/api/students', token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    const [row] = await server.server.database.db
      .select()
      .from(students)
      .where(eq(students.email, body.students[0].email));
    expect(body.students[0]._id).toBe(row!.id);
  });
});
