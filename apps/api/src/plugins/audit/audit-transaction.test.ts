import { and, eq, sql } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import { MSG } from '@psicocampus/shared/domain';
import { auditRowsOf, createStudent, studentBody } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

/**
 * docs/decisions.md#audit-and-database-roles: a write and its audit row commit together or not at all, and
 * a clinical read whose row cannot be written is refused. The audit log is
 * made to refuse one action at a time with a trigger, as a full disk or a
 * revoked privilege would.
 */
let server: TestServer;
let lucia: string;
beforeAll(async () => {
  server = await startTestServer();
  lucia = await server.login('psychologist');
});
afterAll(() => server.close());

const raw = () => server.server.database.db;

async function refuseAuditRowsFor(action: string): Promise<() => Promise<void>> {
  await raw().execute(
    sql.raw(`
      create or replace function test_refuse_audit() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'audit refused for the test'; end if;
        return new;
      end $$`),
  );
  await raw().execute(
    sql.raw(`create trigger test_refuse_audit before insert on audit_log
      for each row execute function test_refuse_audit()`),
  );
  return async () => {
    await raw().execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
  };
}

describe('audit rows and the work they record', () => {
  it('writes a created student and its audit row in one transaction: same request, both there', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: studentBody(),
    });
    expect(response.statusCode).toBe(201);
    const rows = await auditRowsOf(server, 'student.create');
    expect(rows.at(-1)).toMatchObject({
      recordId: response.json().student._id,
      outcome: 'success',
      requestId: response.headers['x-request-id'],
    });
  });

  it('stores nothing when the audit row of a write cannot be written, and says so in Spanish', async () => {
    const restore = await refuseAuditRowsFor('student.create');
    const body = studentBody();
    try {
      const response = await server.call({
        method: 'POST',
        url: '/api/students',
        token: lucia,
        payload: body,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.auditUnavailable });
    } finally {
      await restore();
    }
    const list = await server.call({ method: 'GET', url: '/api/students', token: lucia });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.email);
  });

  it('refuses a clinical read whose audit row cannot be written: no record leaves the server', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Florencia' });
    const restore = await refuseAuditRowsFor('student.read');
    try {
      const response = await server.call({
        method: 'GET',
        url: `/api/students/${student._id}`,
        token: lucia,
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).not.toContain('Florencia');
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.auditUnavailable });
    } finally {
      await restore();
    }
  });

  it('refuses a PDF report whose audit row cannot be written', async () => {
    const student = await createStudent(server, lucia);
    const restore = await refuseAuditRowsFor('report.student');
    try {
      const response = await server.call({
        method: 'GET',
        url: `/api/pdfreport/student/${student._id}`,
        token: lucia,
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
    } finally {
      await restore();
    }
  });

  it('refuses the compressed caseload list whose audit row cannot be written, in plain JSON', async () => {
    await createStudent(server, lucia, { firstName: 'Antonella' });
    const restore = await refuseAuditRowsFor('student.list');
    try {
      const response = await server.call({
        method: 'GET',
        url: '/api/students',
        token: lucia,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.auditUnavailable });
    } finally {
      await restore();
    }
  });

  it('keeps a failed sign-in on record although the call is refused, so the limit counts it', async () => {
    const before = (await auditRowsOf(server, 'auth.login')).length;
    const response = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'psicologa@psicocampus.test', password: 'no es la contraseña' },
      remoteAddress: '198.51.100.77',
    });
    expect(response.statusCode).toBe(401);
    const rows = await auditRowsOf(server, 'auth.login');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ outcome: 'denied', clientAddress: '198.51.100.77' });
    const attempts = await raw()
      .select()
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.clientAddress, '198.51.100.77'), eq(loginAttempts.outcome, 'failure')),
      );
    expect(attempts).toHaveLength(1);
  });
});
