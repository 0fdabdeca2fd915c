import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { fullName, MSG, shortRecordId, type StudentSummary } from '@psicocampus/shared/domain';
import { keepGivenTimes } from '../../db/given-times';
import { auditLog } from '../../db/schema';
import { listAuditEntries } from './audit-log.queries';
import { toAuditEntryView } from './audit-log.view';
import { userIdOf } from '../../../test/helpers/patients';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { serviceDay } from '../../lib/service-clock';
import { pagingMessage } from '../../../test/helpers/paged-calls';
import { MAX_AUDIT_PAGE_SIZE } from './audit-log.routes';

const DAY = 24 * 3_600_000;

let server: TestServer;
let admin: string;
let lucia: string;
let luciaId: string;
/** The day the tests run, and two days before: 'YYYY-MM-DD', the service's. */
let today: string;
let earlier: string;
let studentId: string;
let studentName: string;

const localDay = (date: Date) => serviceDay(date, server.config.serviceTimeZone);

beforeAll(async () => {
  let student: StudentSummary;
  ({ server, admin, lucia, student } = await signedInPsychologistWithStudent());
  studentId = student._id;
  studentName = fullName(student);
  luciaId = await userIdOf(server, 'psychologist');
  for (let i = 0; i < 3; i += 1) {
    await server.call({ method: 'GET', url: `/api/students/${studentId}`, token: lucia });
  }
  // Two reads two days before, which the server could not write: the
  // database dates every row it writes (docs/data-model.md#times-set-by-the-database).
  // The tables' owner may keep a given time, as the demo data does.
  const twoDaysAgo = new Date(Date.now() - 2 * DAY);
  today = localDay(new Date());
  earlier = localDay(twoDaysAgo);
  await server.server.database.db.transaction(async (tx) => {
    await keepGivenTimes(tx);
    await tx.insert(auditLog).values(
      [0, 1].map(() => ({
        at: twoDaysAgo,
        userId: luciaId,
        role: 'PSYCHOLOGIST',
        action: 'student.read',
        recordType: 'student',
        recordId: studentId,
        clientAddress: '127.0.0.1',
        outcome: 'success',
      })),
    );
  });
});
afterAll(() => server.close());

const audit = (query = '', token = admin) =>
  server.call({ method: 'GET', url: `/api/audit${query}`, token });
const countRows = async (where?: ReturnType<typeof eq>) =>
  (await server.server.database.db.select({ total: count() }).from(auditLog).where(where))[0]!
    .total;

describe('GET /api/audit', () => {
  it('answers the newest entries first, 50 a page, with who acted by name', async () => {
    const total = await countRows();
    const response = await audit();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, total, page: 1, pageSize: 50 });
    expect(body.entries).toHaveLength(Math.min(50, total));
    const times = body.entries.map((entry: { at: string }) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.entries[0]).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      at: expect.any(String),
      userId: luciaId,
      userName: 'Lucía Fernández',
      role: 'PSYCHOLOGIST',
      action: 'student.read',
      recordType: 'student',
      recordId: studentId,
      clientAddress: '127.0.0.1',
      outcome: 'success',
      requestId: expect.any(String),
      // A read changes nothing: no counts to give.
      detail: null,
      // The record by name, for an administrator.
      recordName: studentName,
    });
  });

  it('filters by user, by action and by days, both included', async () => {
    const byUser = (await audit(`?userId=${luciaId}`)).json();
    expect(byUser.total).toBe(await countRows(eq(auditLog.userId, luciaId)));
    expect(byUser.entries.every((entry: { userId: string }) => entry.userId === luciaId)).toBe(
      true,
    );

    const reads = (await audit('?action=student.read')).json();
    expect(reads.total).toBe(5);
    const creations = (await audit(`?action=student.create&userId=${luciaId}`)).json();
    expect(creations.entries.map((entry: { recordId: string }) => entry.recordId)).toEqual([
      studentId,
    ]);

    // Two reads two days ago; the creation and three reads today.
    const onEarlierDay = (await audit(`?action=student.read&from=${earlier}&to=${earlier}`)).json();
    expect(onEarlierDay.total).toBe(2);
    expect((await audit(`?action=student.read&to=${earlier}`)).json().total).toBe(2);
    const onToday = (await audit(`?action=student.read&from=${today}&to=${today}`)).json();
    expect(onToday.total).toBe(3);
    expect((await audit(`?action=student.create&from=${today}`)).json().total).toBe(1);
    expect((await audit(`?action=student.create&to=${earlier}`)).json().total).toBe(0);
  });

  it('pages through the log', async () => {
    const all = (await audit('?pageSize=200')).json();
    const second = (await audit('?page=2&pageSize=2')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total + 1 });
    // One newer entry (the first call's own 'audit.read') shifts the page by one.
    expect(second.entries.map((entry: { _id: string }) => entry._id)).toEqual(
      all.entries.slice(1, 3).map((entry: { _id: string }) => entry._id),
    );
    const beyond = (await audit('?page=999')).json();
    expect(beyond.entries).toEqual([]);
  });

  it('records its own reads', async () => {
    await audit('?action=auth.login');
    const [latest] = (await audit('?pageSize=1')).json().entries;
    expect(latest).toMatchObject({
      action: 'audit.read',
      userId: await userIdOf(server, 'admin'),
      role: 'ADMIN',
      recordType: null,
      outcome: 'success',
    });
  });

  it('shows no name for an account that no longer exists', async () => {
    const ghost = randomUUID();
    await server.server.database.db
      .insert(auditLog)
      .values({ userId: ghost, role: 'PSYCHOLOGIST', action: 'student.list', outcome: 'success' });
    const [entry] = (await audit(`?userId=${ghost}`)).json().entries;
    expect(entry).toMatchObject({ userId: ghost, userName: null });
  });

  it("names a staff account's record by the account's name", async () => {
    const logins = (await audit(`?action=auth.login&userId=${luciaId}`)).json();
    expect(logins.entries.length).toBeGreaterThan(0);
    for (const entry of logins.entries) {
      expect(entry).toMatchObject({ recordType: 'user', recordId: luciaId });
      expect(entry.recordName).toBe('Lucía Fernández');
    }
  });

  it('names no record whose id is not a uuid, nor a clinical record', async () => {
    const db = server.server.database.db;
    await db.insert(auditLog).values([
      {
        action: 'student.read',
        recordType: 'student',
        recordId: 'no-es-un-uuid',
        outcome: 'denied',
      },
      {
        action: 'note.update',
        recordType: 'clinical_note',
        recordId: studentId,
        outcome: 'denied',
      },
    ]);
    const malformed = (await audit('?action=student.read&pageSize=200'))
      .json()
      .entries.find((entry: { recordId: string }) => entry.recordId === 'no-es-un-uuid');
    expect(malformed).toMatchObject({ recordType: 'student', recordName: null });
    const [note] = (await audit('?action=note.update')).json().entries;
    expect(note).toMatchObject({
      recordType: 'clinical_note',
      recordId: studentId,
      recordName: null,
    });
  });

  it("gives a reader who is not an administrator only their own students' and their own names", async () => {
    const db = server.server.database.db;
    const adminId = await userIdOf(server, 'admin');
    const names = async (reader: { id: string; role: 'ADMIN' | 'PSYCHOLOGIST' }) =>
      (await listAuditEntries(db, reader, {}, { limit: 500, offset: 0 })).map(toAuditEntryView);
    const byLucia = await names({ id: luciaId, role: 'PSYCHOLOGIST' });
    const read = byLucia.find(
      (entry) => entry.action === 'student.read' && entry.recordId === studentId,
    )!;
    expect(read.recordName).toBe(studentName);
    const adminLogin = byLucia.find(
      (entry) => entry.action === 'auth.login' && entry.recordId === adminId,
    )!;
    expect(adminLogin.recordName).toBeNull();

    const byOther = await names({ id: randomUUID(), role: 'PSYCHOLOGIST' });
    const named = byOther.filter((entry) => entry.recordName !== null);
    expect(named).toEqual([]);
  });

  it('refuses bad filters with 400 naming each field', async () => {
    const response = await audit(
      '?userId=lucia&action=student.burn&from=2026-02-30&to=ayer&page=0&pageSize=201',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [
        { field: 'from', msg: MSG.appointments.dateInvalid },
        { field: 'to', msg: MSG.appointments.dateInvalid },
        { field: 'userId', msg: MSG.api.invalidId },
        { field: 'action', msg: MSG.api.invalidQuery },
        { field: 'page', msg: pagingMessage('page') },
        { field: 'pageSize', msg: pagingMessage('pageSize', MAX_AUDIT_PAGE_SIZE) },
      ],
    });
    const reversed = await audit(`?from=${today}&to=${earlier}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([{ field: 'to', msg: MSG.api.invalidQuery }]);
    for (const query of ['?pageSize=abc', '?page=-1', '?page=1.5']) {
      expect((await audit(query)).statusCode).toBe(400);
    }
  });

  it("shows no name once the record is deleted: the screen shows the id's first characters", async () => {
    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/students/${studentId}`,
      token: lucia,
    });
    expect(deleted.statusCode).toBe(200);
    const reads = (await audit(`?action=student.read`))
      .json()
      .entries.filter((entry: { recordId: string }) => entry.recordId === studentId);
    expect(reads.length).toBe(5);
    for (const entry of reads) {
      expect(entry).toMatchObject({ recordId: studentId, recordName: null });
    }
    expect(shortRecordId(studentId)).toBe(studentId.slice(0, 8));
  });
});
