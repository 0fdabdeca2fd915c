import type { InjectOptions } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { userBody } from '../../../test/helpers/admin';
import { auditRowsOf, userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

/**
 * docs/permissions.md#administrators: accounts, assignment and the audit log are the administrators'.
 * A psychologist gets 403 and an anonymous caller 401 on every one of those
 * calls, each refusal is in the audit log, and nothing changes.
 */

let server: TestServer;
let lucia: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, admin] = await Promise.all([server.login('psychologist'), server.login('admin')]);
});
afterAll(() => server.close());

type Call = Pick<InjectOptions, 'method' | 'url' | 'payload'> & { action: string };

async function adminCalls(): Promise<Call[]> {
  const martinId = await userIdOf(server, 'psychologist2');
  const students = await server.call({ method: 'GET', url: '/api/admin/students', token: admin });
  const studentId: string = students.json().students[0]._id;
  return [
    { action: 'user.list', method: 'GET', url: '/api/users' },
    { action: 'user.create', method: 'POST', url: '/api/users', payload: userBody() },
    { action: 'user.update', method: 'PUT', url: `/api/users/${martinId}`, payload: userBody() },
    { action: 'user.deactivate', method: 'POST', url: `/api/users/${martinId}/deactivate` },
    { action: 'user.reactivate', method: 'POST', url: `/api/users/${martinId}/reactivate` },
    { action: 'user.reset_link', method: 'POST', url: `/api/users/${martinId}/reset-link` },
    { action: 'admin.students', method: 'GET', url: '/api/admin/students' },
    {
      action: 'student.assign',
      method: 'PUT',
      url: `/api/students/${studentId}/assignment`,
      payload: { psychologistId: martinId },
    },
    { action: 'audit.read', method: 'GET', url: '/api/audit' },
    { action: 'mail.list', method: 'GET', url: '/api/mail' },
    {
      action: 'mail.retry',
      method: 'POST',
      url: '/api/mail/00000000-0000-4000-8000-000000000000/retry',
    },
  ];
}

describe('the administrators’ calls', () => {
  it('answer 403 to a psychologist and 401 without a session, recorded as denied', async () => {
    const calls = await adminCalls();
    const usersBefore = (await server.call({ method: 'GET', url: '/api/users', token: admin }))
      .body;
    const studentsBefore = (
      await server.call({ method: 'GET', url: '/api/admin/students', token: admin })
    ).body;
    const mailsBefore = (await server.outbox()).length;

    for (const { action, ...call } of calls) {
      for (const [token, status, msg] of [
        [lucia, 403, MSG.api.forbidden],
        [null, 401, MSG.api.unauthorized],
      ] as const) {
        const response = await server.call({ ...call, token });
        expect({ action, status: response.statusCode }).toEqual({ action, status });
        expect(response.json()).toEqual({ ok: false, msg });
        expect((await auditRowsOf(server, action)).at(-1)).toMatchObject({ outcome: 'denied' });
      }
    }

    const usersAfter = (await server.call({ method: 'GET', url: '/api/users', token: admin })).body;
    const studentsAfter = (
      await server.call({ method: 'GET', url: '/api/admin/students', token: admin })
    ).body;
    expect(usersAfter).toBe(usersBefore);
    expect(studentsAfter).toBe(studentsBefore);
    expect(await server.outbox()).toHaveLength(mailsBefore);
  });

  it('answer a psychologist 403 even for an account that does not exist', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/users/nadie/deactivate',
      token: lucia,
    });
    expect(response.statusCode).toBe(403);
  });
});
