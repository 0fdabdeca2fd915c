import { count, desc, eq, sql } from 'drizzle-orm';
import type { AuditChainReport } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { keepGivenTimes } from '../../db/given-times';
import {
  assessmentRemarks,
  auditLog,
  clinicalNoteAddenda,
  safetyPlanRevisions,
} from '../../db/schema';
import { saveAssessment } from '../../../test/helpers/assessments';
import { addNote, createStudent, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { GENESIS_HASH, verifyAuditChain } from './audit-chain';

/*
 * The audit log's chain and the times of append-only rows
 * (docs/data-model.md#audit-chain, docs/data-model.md#times-set-by-the-database),
 * on PGlite and on PostgreSQL. The test's connection is the database's
 * superuser: it tampers as the owner could, with the triggers off, inside a
 * transaction it then rolls back. The two roles' own test is
 * apps/api/src/db/app-role.test.ts.
 */

const DAY = 24 * 3_600_000;

let server: TestServer;
let lucia: string;
let admin: string;
let luciaId: string;
let martinId: string;

const db = () => server.server.database.db;
const rowsInLog = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;

beforeAll(async () => {
  ({ server, lucia, admin } = await serverWithDemoSessions());
  luciaId = await userIdOf(server, 'psychologist');
  martinId = await userIdOf(server, 'psychologist2');
  const student = await createStudent(server, lucia);
  await addNote(server, lucia, student._id);
  await server.call({ method: 'GET', url: `/api/students/${student._id}`, token: lucia });
});
afterAll(() => server.close());

/**
 * What `npm run audit:verify` would say of the log after `tamper`, run with
 * every trigger off (as the owner or a superuser could) and then undone.
 * Small batches, so that a break is found across a batch's end too.
 */
async function verifiedAfter(tamper: (tx: Database) => Promise<void>): Promise<AuditChainReport> {
  let report: AuditChainReport | undefined;
  // Thrown to roll the transaction back (the built server's drizzle has its own error classes).
  const undo = new Error('undo the tampering');
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tamper(tx);
      report = await verifyAuditChain(tx, 3);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return report!;
}

async function rowAt(seq: number) {
  const [row] = await db().select().from(auditLog).where(eq(auditLog.seq, seq));
  return row!;
}

describe('the audit chain (docs/data-model.md#audit-chain)', () => {
  it('chains every row the server writes: 1, 2, 3… each with the hash of the one before', async () => {
    const total = await rowsInLog();
    expect(total).toBeGreaterThan(5);
    const rows = await db().select().from(auditLog).orderBy(auditLog.seq);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]!.prevHash).toBe(rows[index - 1]!.hash);
    }
    expect(await verifyAuditChain(db(), 4)).toEqual({
      intact: true,
      checked: total,
      head: { seq: total, hash: rows.at(-1)!.hash },
    });
  });

  it("gives an insert the database's time and the next place, whatever it says: no back-dated or misplaced row", async () => {
    const [last] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const before = Date.now();
    const [forged] = await db()
      .insert(auditLog)
      .values({
        at: new Date('2001-02-03T04:05:06Z'),
        seq: 2,
        prevHash: 'f'.repeat(64),
        hash: 'e'.repeat(64),
        userId: martinId,
        role: 'PSYCHOLOGIST',
        action: 'student.delete',
        outcome: 'success',
      })
      .returning();
    expect(forged!.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(forged!.at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(forged).toMatchObject({ seq: last!.seq + 1, prevHash: last!.hash });
    expect(forged!.hash).not.toBe('e'.repeat(64));
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it("keeps the server's clock out of it: a row written a day ahead on the server's clock has the database's time", async () => {
    server.advanceClock(DAY);
    // Sessions idle out after a day: sign in again, for the tests after this one too.
    [lucia, admin] = await Promise.all([server.login('psychologist'), server.login('admin')]);
    const before = Date.now();
    await server.call({ method: 'GET', url: '/api/students', token: lucia });
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'student.list'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row!.at.getTime()).toBeLessThan(server.now().getTime() - DAY / 2);
  });

  it('recomputes the same hash whatever a field holds: bars, backslashes, accents, nulls and JSON detail', async () => {
    await db()
      .insert(auditLog)
      .values([
        { action: 'a|b', recordId: 'c\\|d', outcome: 'success', detail: { ñandú: 'á|\\', n: 1.5 } },
        { action: 'a', recordId: 'b|c\\|d', outcome: 'success', detail: { z: null, t: true } },
        { action: '\\N', recordId: null, outcome: 'success', clientAddress: '' },
      ]);
    const report = await verifyAuditChain(db());
    expect(report).toMatchObject({ intact: true, checked: await rowsInLog() });
  });

  it('finds a row altered after it was written, and says the ones before it hold', async () => {
    const report = await verifiedAfter(async (tx) => {
      await tx.update(auditLog).set({ outcome: 'denied' }).where(eq(auditLog.seq, 4));
    });
    const altered = await rowAt(4);
    expect(report).toEqual({
      intact: false,
      checked: 3,
      broken: {
        seq: 4,
        id: String(altered.id),
        at: altered.at.toISOString(),
        reason: 'altered',
        missing: null,
      },
    });
  });

  it('finds a row whose time was moved, even by a microsecond', async () => {
    const report = await verifiedAfter(async (tx) => {
      await tx
        .update(auditLog)
        .set({ at: sql`${auditLog.at} - interval '1 microsecond'` })
        .where(eq(auditLog.seq, 5));
    });
    expect(report).toMatchObject({ intact: false, broken: { seq: 5, reason: 'altered' } });
  });

  it('finds rows removed from the middle: the first row after them, and which are missing', async () => {
    const report = await verifiedAfter(async (tx) => {
      await tx.delete(auditLog).where(sql`${auditLog.seq} in (6, 7)`);
    });
    expect(report).toMatchObject({
      intact: false,
      checked: 5,
      broken: { seq: 8, reason: 'missing', missing: { from: 6, to: 7 } },
    });
  });

  it('finds a row inserted out of the chain', async () => {
    const total = await rowsInLog();
    const report = await verifiedAfter(async (tx) => {
      await tx.insert(auditLog).values({
        at: new Date('2001-02-03T04:05:06Z'),
        seq: total + 1,
        prevHash: 'f'.repeat(64),
        hash: 'e'.repeat(64),
        action: 'auth.login',
        outcome: 'success',
      });
    });
    expect(report).toMatchObject({
      intact: false,
      checked: total,
      broken: { seq: total + 1, reason: 'unlinked', missing: null },
    });
  });

  it('finds a row rewritten with a new hash of its own: the next one no longer links to it', async () => {
    const report = await verifiedAfter(async (tx) => {
      await tx.update(auditLog).set({ outcome: 'denied' }).where(eq(auditLog.seq, 3));
      await tx
        .update(auditLog)
        .set({ hash: sql`audit_log_hash(audit_log)` })
        .where(eq(auditLog.seq, 3));
    });
    expect(report).toMatchObject({
      intact: false,
      checked: 3,
      broken: { seq: 4, reason: 'unlinked' },
    });
  });

  it('finds a second row given a place already taken (its unique index dropped)', async () => {
    const total = await rowsInLog();
    const report = await verifiedAfter(async (tx) => {
      await tx.execute(sql`drop index audit_log_seq_key`);
      await tx.execute(sql`insert into audit_log (action, outcome, seq, prev_hash, hash)
        select 'auth.login', 'success', seq, prev_hash, hash from audit_log where seq = 3`);
    });
    expect(report).toMatchObject({
      intact: false,
      checked: 3,
      broken: { seq: 3, reason: 'unlinked' },
    });
    expect(await rowsInLog()).toBe(total);
  });
});

describe('times set by the database (docs/data-model.md#times-set-by-the-database)', () => {
  const PAST = new Date('2001-02-03T04:05:06Z');

  /** An assessment, a signed note and a student of Lucía's, to append rows to. */
  async function records() {
    const student = await createStudent(server, lucia);
    const assessment = await saveAssessment(server, lucia, student._id);
    const note = await addNote(server, lucia, student._id);
    const signed = await server.call({
      method: 'POST',
      url: `/api/students/${student._id}/clinical-notes/${note._id}/sign`,
      token: lucia,
    });
    expect(signed.statusCode).toBe(200);
    return { studentId: student._id, assessmentId: assessment._id, noteId: note._id };
  }

  async function appendEach(tx: Database, ids: Awaited<ReturnType<typeof records>>) {
    const [remark] = await tx
      .insert(assessmentRemarks)
      .values({
        assessmentId: ids.assessmentId,
        authorId: martinId,
        text: 'Antigua',
        createdAt: PAST,
      })
      .returning();
    const [addendum] = await tx
      .insert(clinicalNoteAddenda)
      .values({ noteId: ids.noteId, authorId: martinId, text: 'Antigua', createdAt: PAST })
      .returning();
    const [revision] = await tx
      .insert(safetyPlanRevisions)
      .values({ studentId: ids.studentId, version: 1, status: 'draft', createdAt: PAST })
      .returning();
    return [remark!.createdAt, addendum!.createdAt, revision!.createdAt];
  }

  it("gives a final remark, an addendum and a safety-plan revision the database's time, not the one inserted", async () => {
    const ids = await records();
    const before = Date.now();
    const times = await appendEach(db(), ids);
    for (const time of times) {
      expect(time.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(time.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("keeps a given time only for the tables' owner who asks for it in its transaction (the demo data's history)", async () => {
    const ids = await records();
    const total = await rowsInLog();
    const [times, chained] = await db().transaction(async (tx) => {
      await keepGivenTimes(tx);
      const kept = await appendEach(tx, ids);
      const [row] = await tx
        .insert(auditLog)
        .values({ at: PAST, action: 'auth.login', outcome: 'success' })
        .returning();
      return [[...kept, row!.at], row!] as const;
    });
    expect(times).toEqual([PAST, PAST, PAST, PAST]);
    // The audit row keeps its time, not its place: the database still chains it.
    expect(chained.seq).toBe(total + 1);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, checked: total + 1 });

    // The setting lasts for its transaction only.
    const [after] = await db()
      .insert(auditLog)
      .values({ at: PAST, action: 'auth.login', outcome: 'success' })
      .returning();
    expect(after!.at.getTime()).toBeGreaterThan(PAST.getTime() + DAY);
  });
});

describe('GET /api/audit/verify', () => {
  it('answers the administrator that the log is intact, with the entries checked and the last one', async () => {
    const total = await rowsInLog();
    const last = await rowAt(total);
    const response = await server.call({ method: 'GET', url: '/api/audit/verify', token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      intact: true,
      checked: total,
      head: { seq: total, hash: last.hash },
    });
    // The check is recorded too, after it.
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(row).toMatchObject({ action: 'audit.verify', outcome: 'success', seq: total + 1 });
  });

  it('is refused to a psychologist, and recorded', async () => {
    const response = await server.call({ method: 'GET', url: '/api/audit/verify', token: lucia });
    expect(response.statusCode).toBe(403);
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(row).toMatchObject({ action: 'audit.verify', outcome: 'denied', userId: luciaId });
  });

  it('names the first broken entry once the log has been tampered with', async () => {
    const removed = await rowAt(9);
    const next = await rowAt(10);
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(auditLog).where(eq(auditLog.id, removed.id));
    });
    const response = await server.call({ method: 'GET', url: '/api/audit/verify', token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      intact: false,
      checked: 8,
      broken: {
        seq: 10,
        id: String(next.id),
        at: next.at.toISOString(),
        reason: 'missing',
        missing: { from: 9, to: 9 },
      },
    });
  });
});
