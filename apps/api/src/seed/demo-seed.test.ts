import { eq } from 'drizzle-orm';
import { appointments, clinicalNotes, students, suicideAssessments, users } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed';

describe('demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates the three demo accounts of the README with argon2id hashes', async () => {
    const { db } = server.server.database;
    const rows = await db.select().from(users);
    expect(rows.map((user) => [user.email, user.role]).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => [account.email, account.role]).sort(),
    );
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((user) => user.email === account.email)!;
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(await verifyPassword(row.passwordHash!, account.password)).toBe(true);
      expect(await verifyPassword(row.passwordHash!, `${account.password}x`)).toBe(false);
    }
  });

  it('gives each psychologist a few students of their own and the admin none', async () => {
    const { db } = server.server.database;
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      const caseload = await db
        .select()
        .from(students)
        .where(eq(students.assignedPsychologistId, user!.id));
      if (account.role === 'ADMIN') expect(caseload).toHaveLength(0);
      else expect(caseload.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("writes no history with SEED_DEMO=basic, the tests' own data", async () => {
    const { db } = server.server.database;
    expect(server.config.seedShowcase).toBe(false);
    expect(await db.$count(students)).toBe(7);
    expect(await db.$count(clinicalNotes)).toBe(0);
    expect(await db.$count(appointments)).toBe(0);
    expect(await db.$count(suicideAssessments)).toBe(0);
  });

  it('does nothing on a later start, when the database already has users', async () => {
    const { db } = server.server.database;
    expect(await seedDemoData(db, { texts: server.app.ctx.texts })).toBe(false);
    expect(await db.$count(users)).toBe(DEMO_ACCOUNTS.length);
  });
});

describe('SEED_DEMO=false', () => {
  it('starts with an empty database', async () => {
    const server = await startTestServer({ seedDemo: false });
    try {
      expect(server.server.seeded).toBe(false);
      expect(await server.server.database.db.$count(users)).toBe(0);
    } finally {
      await server.close();
    }
  });
});
