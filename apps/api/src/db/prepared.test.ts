import { eq, fillPlaceholders, gt, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { appendAudit } from '../plugins/audit/audit';
import { createSession, findActiveSession } from '../plugins/auth/sessions';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { columnPlaceholder, preparedFor } from './prepared';
import { auditLog, sessions, users } from './schema';

let databases: TestDatabase[];
let handles: DatabaseHandle[];
beforeAll(async () => {
  databases = await Promise.all([createTestDatabase(), createTestDatabase()]);
  handles = await Promise.all(databases.map((database) => openDatabase(database.target)));
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await Promise.all(databases.map((database) => database.dispose()));
});

async function insertUser(db: Database, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email, role: 'PSYCHOLOGIST', firstName: 'Ana', lastName: 'Ruiz' })
    .returning({ id: users.id });
  return row!.id;
}

const builds: Database[] = [];
const userByEmail = preparedFor((db) => {
  builds.push(db);
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('prepared_test_user_by_email');
});

const sessionsExpiringAfter = preparedFor((db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .where(gt(sessions.expiresAt, columnPlaceholder('now', sessions.expiresAt)))
    .prepare('prepared_test_sessions_expiring_after'),
);

describe('preparedFor', () => {
  it('builds a statement once per database, each answering from its own', async () => {
    const [first, second] = handles.map((handle) => handle.db) as [Database, Database];
    const firstId = await insertUser(first, 'one@example.test');
    const secondId = await insertUser(second, 'two@example.test');
    for (let round = 0; round < 3; round++) {
      expect(await userByEmail(first).execute({ email: 'one@example.test' })).toEqual([
        { id: firstId },
      ]);
      expect(await userByEmail(second).execute({ email: 'one@example.test' })).toEqual([]);
      expect(await userByEmail(second).execute({ email: 'two@example.test' })).toEqual([
        { id: secondId },
      ]);
    }
    expect(builds).toEqual([first, second]);
    expect(userByEmail(first)).toBe(userByEmail(first));
  });
});

describe('columnPlaceholder', () => {
  it('fills a Date as the column encodes it', () => {
    const at = new Date('2024-03-05T10:20:30.456Z');
    const { params } = sessionsExpiringAfter(handles[0]!.db).getQuery();
    expect(fillPlaceholders(params, { now: at })).toEqual([
      sessions.expiresAt.mapToDriverValue(at),
    ]);
    expect(fillPlaceholders(params, { now: at })).toEqual(['2024-03-05T10:20:30.456Z']);
  });

  it('compares a timestamp to the millisecond', async () => {
    const db = handles[0]!.db;
    const userId = await insertUser(db, 'expiry@example.test');
    const now = new Date('2024-03-05T10:20:30.456Z');
    const { sessionId } = await createSession(db, userId, '10.0.0.1', now);
    const [{ expiresAt }] = (await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId))) as [{ expiresAt: Date }];
    const ids = async (at: Date) =>
      (await sessionsExpiringAfter(db).execute({ now: at })).map((row) => row.id);
    expect(await ids(new Date(expiresAt.getTime() - 1))).toContain(sessionId);
    expect(await ids(expiresAt)).not.toContain(sessionId);
  });
});

describe('the prepared hot paths', () => {
  it('finds a live session and touches it with the same instant', async () => {
    const db = handles[1]!.db;
    const userId = await insertUser(db, 'session@example.test');
    const openedAt = new Date('2024-03-05T10:00:00.123Z');
    const { token, sessionId } = await createSession(db, userId, '10.0.0.2', openedAt);
    const later = new Date(openedAt.getTime() + 5 * 60_000 + 7);
    expect(await findActiveSession(db, token, later)).toMatchObject({
      sessionId,
      user: { id: userId },
    });
    const [row] = await db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(row!.lastSeenAt).toEqual(later);
    expect(await findActiveSession(db, 'not-a-token', later)).toBeNull();
  });

  it("writes an audit row with its nulls and its detail, at the database's time, chained", async () => {
    const db = handles[1]!.db;
    const entry = {
      userId: null,
      role: null,
      action: 'auth.login',
      recordType: null,
      recordId: null,
      clientAddress: null,
      outcome: 'denied',
      requestId: 'prepared-test',
      detail: { created: 3, batchId: 'b1' },
    } as const;
    const before = Date.now();
    await appendAudit(db, entry);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.requestId, 'prepared-test'));
    expect(row).toEqual({
      id: expect.any(Number),
      ...entry,
      at: expect.any(Date),
      seq: expect.any(Number),
      prevHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
