import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { auditLog } from '../../db/schema';
import { createStudent, studentBody, userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

/**
 * SECURITY.md, "Accepted risks": a student's e-mail is unique across the
 * service (docs/architecture.md#data-and-databases), so a 409 tells a psychologist that an address is
 * registered; it must tell nothing more.
 */
let server: TestServer;
let lucia: string;
let martin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, martin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
  ]);
});
afterAll(() => server.close());

const create = (email: string) =>
  server.call({
    method: 'POST',
    url: '/api/students',
    token: lucia,
    payload: studentBody({ email }),
  });

describe('an e-mail already registered', () => {
  it("answers the same whether the student is the caller's or another psychologist's", async () => {
    const own = await createStudent(server, lucia);
    const foreign = await createStudent(server, martin, { firstName: 'Ajeno' });
    const [ofOwn, ofForeign] = [await create(own.email), await create(foreign.email)];
    expect(ofForeign.statusCode).toBe(409);
    expect(ofForeign.json()).toEqual({ ok: false, msg: MSG.students.emailTaken });
    expect(ofOwn.statusCode).toBe(409);
    expect(ofOwn.rawPayload.equals(ofForeign.rawPayload)).toBe(true);
    expect(ofForeign.body).not.toContain(foreign._id);
    expect(ofForeign.body).not.toMatch(/Martín|Rojas|psicologo2|Ajeno/);
  });

  it('leaves the operator a refused creation by that account, without the address tried', async () => {
    const foreign = await createStudent(server, martin);
    expect((await create(foreign.email)).statusCode).toBe(409);
    const [row] = await server.server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'student.create'),
          eq(auditLog.userId, await userIdOf(server, 'psychologist')),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ role: 'PSYCHOLOGIST', outcome: 'invalid', recordId: null });
    expect(row!.clientAddress).toBeTruthy();
    expect(JSON.stringify(row).toLowerCase()).not.toContain(foreign.email.toLowerCase());
  });
});
