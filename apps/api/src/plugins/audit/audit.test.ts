import { sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import {
  addNote,
  auditRowsOf,
  createStudent,
  scheduleAppointment,
  studentBody,
  userIdOf,
} from '../../../test/helpers/patients';
import { resetLinkIn } from '../../../test/helpers/outbox';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, type TestServer } from '../../../test/helpers/test-server';
import { outcomeForStatus } from './audit';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let luciaId: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  luciaId = await userIdOf(server, 'psychologist');
});
afterAll(() => server.close());

const lastRowOf = async (action: string) => (await auditRowsOf(server, action)).at(-1);

describe('the audit log', () => {
  it('records a read of a student: who, role, record, address, request and outcome, when and where in the chain', async () => {
    const student = await createStudent(server, lucia);
    const before = Date.now();
    const response = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    const row = await lastRowOf('student.read');
    expect(row).toEqual({
      id: expect.any(Number),
      at: expect.any(Date),
      // Its place and hashes (docs/data-model.md#audit-chain).
      seq: expect.any(Number),
      prevHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      userId: luciaId,
      role: 'PSYCHOLOGIST',
      action: 'student.read',
      recordType: 'student',
      recordId: student._id,
      clientAddress: '203.0.113.9',
      outcome: 'success',
      requestId: response.headers['x-request-id'],
      detail: null,
    });
    // The database's clock, while the call was answered.
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('records refused reads as denied: another psychologist, an admin, no session', async () => {
    const student = await createStudent(server, lucia);
    for (const token of [martin, admin, null]) {
      await server.call({ method: 'GET', url: `/api/students/${student._id}`, token });
    }
    const rows = (await auditRowsOf(server, 'student.read')).slice(-3);
    expect(rows.map((row) => [row.userId, row.role, row.recordId, row.outcome])).toEqual([
      [await userIdOf(server, 'psychologist2'), 'PSYCHOLOGIST', student._id, 'denied'],
      [await userIdOf(server, 'admin'), 'ADMIN', student._id, 'denied'],
      [null, null, student._id, 'denied'],
    ]);
  });

  it("records a request for a record that no longer exists as 'missing', not as a refused access", async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    // The draft goes first: a student with a note would be archived, and
    // asking for them is a refusal (docs/data-model.md#archived-students).
    await server.call({
      method: 'DELETE',
      url: `/api/students/${student._id}/clinical-notes/${note._id}`,
      token: lucia,
    });
    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(deleted.json().outcome).toBe('deleted');
    // A tab still open on the student asks for it again: 404, as for anyone else's.
    const asked = [
      ['student.read', 'GET', `/api/students/${student._id}`],
      ['student.history', 'GET', `/api/students/${student._id}/history`],
      ['appointment.list', 'GET', `/api/appointments?studentId=${student._id}`],
      ['note.delete', 'DELETE', `/api/students/${student._id}/clinical-notes/${note._id}`],
    ] as const;
    for (const [action, method, url] of asked) {
      const answer = await server.call({ method, url, token: lucia });
      expect(answer.statusCode).toBe(404);
      expect(await lastRowOf(action)).toMatchObject({
        userId: luciaId,
        outcome: 'missing',
      });
    }
    // Someone else's student that does exist is still a refused access.
    const theirs = await createStudent(server, martin);
    await server.call({ method: 'GET', url: `/api/students/${theirs._id}/history`, token: lucia });
    expect(await lastRowOf('student.history')).toMatchObject({
      userId: luciaId,
      recordId: theirs._id,
      outcome: 'denied',
    });
  });

  it('records writes, with the id of what was created, and refused input as invalid', async () => {
    const student = await createStudent(server, lucia);
    expect(await lastRowOf('student.create')).toMatchObject({
      recordId: student._id,
      outcome: 'success',
    });
    await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: studentBody({ age: 500 }),
    });
    expect(await lastRowOf('student.create')).toMatchObject({ recordId: null, outcome: 'invalid' });
    await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: studentBody({ email: student.email }),
    });
    expect(await lastRowOf('student.create')).toMatchObject({ outcome: 'invalid' });

    const note = await addNote(server, lucia, student._id);
    expect(await lastRowOf('note.create')).toMatchObject({
      recordType: 'clinical_note',
      recordId: note._id,
      outcome: 'success',
    });
    const appointment = await scheduleAppointment(server, lucia, student._id);
    expect(await lastRowOf('appointment.create')).toMatchObject({
      recordType: 'appointment',
      recordId: appointment._id,
    });
    await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/clinical-notes/${note._id}`,
      token: lucia,
      payload: { note: 'Otra versión', version: 1 },
    });
    expect(await lastRowOf('note.update')).toMatchObject({
      recordId: note._id,
      outcome: 'success',
    });
    // A student with notes is archived, and recorded so (docs/data-model.md#archived-students).
    await server.call({ method: 'DELETE', url: `/api/students/${student._id}`, token: lucia });
    expect(await lastRowOf('student.archive')).toMatchObject({
      recordId: student._id,
      outcome: 'success',
    });
  });

  it('records every read and write of the patients screens', async () => {
    const student = await createStudent(server, lucia);
    const calls = [
      ['GET', '/api/students', 'student.list'],
      ['GET', '/api/clinical-notes/recent', 'note.list_recent'],
      ['GET', `/api/appointments?studentId=${student._id}`, 'appointment.list'],
      ['GET', '/api/students/import/template', 'template.download'],
      ['GET', `/api/psychologists/${luciaId}`, 'psychologist.read'],
      ['GET', '/api/auth/profile', 'profile.read'],
    ] as const;
    for (const [method, url, action] of calls) {
      const before = (await auditRowsOf(server, action)).length;
      const response = await server.call({ method, url, token: lucia });
      expect(response.statusCode).toBe(200);
      const rows = await auditRowsOf(server, action);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ userId: luciaId, outcome: 'success' });
    }
    expect(await lastRowOf('appointment.list')).toMatchObject({ recordId: student._id });
    expect(await lastRowOf('profile.read')).toMatchObject({ recordId: luciaId });
  });

  it('never holds clinical text', async () => {
    const student = await createStudent(server, lucia);
    const secret = 'Confidencial: ideación pasiva hace dos semanas';
    const note = await addNote(server, lucia, student._id, secret);
    await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/clinical-notes/${note._id}`,
      token: lucia,
      payload: { note: `${secret} (revisada)`, version: 1 },
    });
    await scheduleAppointment(server, lucia, student._id);
    const everything = JSON.stringify(await server.server.database.db.select().from(auditLog));
    expect(everything).not.toContain('Confidencial');
    expect(everything).not.toContain('Seguimiento');
    expect(everything).not.toContain(student.email);
  });

  it('records sign-in, failed sign-in, password change and sign-out', async () => {
    const account = demoAccount('psychologist2');
    const martinId = await userIdOf(server, 'psychologist2');
    await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'no-es-la-contraseña' },
    });
    await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nadie@psicocampus.test', password: 'no-es-la-contraseña' },
    });
    const token = await server.login('psychologist2');
    const logins = (await auditRowsOf(server, 'auth.login')).slice(-3);
    expect(logins.map((row) => [row.userId, row.role, row.recordId, row.outcome])).toEqual([
      [null, null, martinId, 'denied'],
      [null, null, null, 'denied'],
      [martinId, 'PSYCHOLOGIST', martinId, 'success'],
    ]);

    await server.call({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: 'incorrecta-del-todo', newPassword: 'una frase nueva y larga' },
    });
    expect(await lastRowOf('auth.password_change')).toMatchObject({
      userId: martinId,
      recordId: martinId,
      outcome: 'invalid',
    });
    await server.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(await lastRowOf('auth.logout')).toMatchObject({
      userId: martinId,
      recordId: martinId,
      outcome: 'success',
    });
  });

  it('records a password reset, done and refused', async () => {
    const account = demoAccount('admin');
    await server.call({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    const token = resetLinkIn((await server.outbox()).at(-1)!)
      .split('/')
      .pop()!;
    const payload = { token, password: 'una contraseña nueva y larga' };
    const done = await server.call({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(done.statusCode).toBe(200);
    const again = await server.call({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(again.statusCode).toBe(400);
    const rows = (await auditRowsOf(server, 'auth.password_reset')).slice(-2);
    expect(rows.map((row) => [row.userId, row.recordId, row.outcome])).toEqual([
      [null, await userIdOf(server, 'admin'), 'success'],
      [null, null, 'invalid'],
    ]);
  });

  it('cannot be changed or emptied, by the database itself', async () => {
    const { db } = server.server.database;
    const before = await db.$count(auditLog);
    expect(before).toBeGreaterThan(0);
    await expect(db.execute(sql`update audit_log set outcome = 'success'`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
    });
    await expect(db.execute(sql`delete from audit_log`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
    });
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
    });
    expect(await db.$count(auditLog)).toBe(before);
    // Appending still works.
    await db.insert(auditLog).values({ action: 'student.list', outcome: 'success' });
    expect(await db.$count(auditLog)).toBe(before + 1);
  });
});

describe('outcomeForStatus', () => {
  it.each([
    [200, 'success'],
    [201, 'success'],
    [400, 'invalid'],
    [409, 'invalid'],
    [413, 'invalid'],
    [415, 'invalid'],
    [401, 'denied'],
    [403, 'denied'],
    [404, 'denied'],
    [429, 'denied'],
    [500, 'error'],
    [503, 'error'],
  ])('%i is %s', (status, outcome) => {
    expect(outcomeForStatus(status)).toBe(outcome);
  });
});
