import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import { type StaffUser } from '@psicocampus/shared/domain';
import { students, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { inviteAndSignIn, userBody } from '../../../test/helpers/admin';
import { createStudent, userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { deactivateStaffAccount, updateStaffAccount } from './user-accounts';

/**
 * "There is always an active administrator" holds when two administrators
 * act on each other at the same moment (docs/screens-and-routes.md#admin-area), and a psychologist
 * never becomes an administrator with students, however the calls interleave.
 */

let server: TestServer;
let anaId: string;
beforeAll(async () => {
  server = await startTestServer();
  anaId = await userIdOf(server, 'admin');
});
afterAll(() => server.close());

const db = () => server.server.database.db;

const activeAdmins = async () =>
  (
    await db()
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
  )[0]!.total;

/** Exactly two active administrators: the demo one and a new one; both signed in. */
async function twoAdmins(): Promise<{ ana: string; other: StaffUser; otherToken: string }> {
  await db().update(users).set({ active: true }).where(eq(users.id, anaId));
  const ana = await server.login('admin');
  const { user: other, token: otherToken } = await inviteAndSignIn(server, ana, { role: 'ADMIN' });
  await db()
    .update(users)
    .set({ active: false })
    .where(and(eq(users.role, 'ADMIN'), notInArray(users.id, [anaId, other._id])));
  expect(await activeAdmins()).toBe(2);
  return { ana, other, otherToken };
}

const deactivate = (id: string, token: string) =>
  server.call({ method: 'POST', url: `/api/users/${id}/deactivate`, token });

/**
 * One call wins; the other is refused, either by the last-admin rule (409)
 * or, when the winner got there first, because its author is no longer an
 * administrator with a live session (401: the change ended their sessions).
 */
function expectOneDone(answers: Array<{ statusCode: number; json: () => unknown }>) {
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses[0]).toBe(200);
  expect([401, 409]).toContain(statuses[1]);
  const refusal = answers.find((answer) => answer.statusCode !== 200)!;
  if (refusal.statusCode === 409) {
    expect(refusal.json()).toEqual({ ok: false, msg: ADMIN_MSG.lastAdmin });
  }
}

describe('the last active administrator', () => {
  it('survives two administrators deactivating each other at the same moment', async () => {
    const { ana, other, otherToken } = await twoAdmins();
    const answers = await Promise.all([deactivate(other._id, ana), deactivate(anaId, otherToken)]);
    expectOneDone(answers);
    expect(await activeAdmins()).toBe(1);
  });

  it('survives two administrators making each other psychologists at the same moment', async () => {
    const { ana, other, otherToken } = await twoAdmins();
    const demote = (user: { _id: string; email: string }, token: string) =>
      server.call({
        method: 'PUT',
        url: `/api/users/${user._id}`,
        token,
        payload: userBody({ email: user.email, role: 'PSYCHOLOGIST' }),
      });
    try {
      const answers = await Promise.all([
        demote(other, ana),
        demote({ _id: anaId, email: 'admin@psicocampus.test' }, otherToken),
      ]);
      expectOneDone(answers);
      expect(await activeAdmins()).toBe(1);
    } finally {
      // Put Ana back for the next tests, whichever call won.
      await db().update(users).set({ role: 'ADMIN', active: true }).where(eq(users.id, anaId));
    }
  });

  it('cannot give up the role when nobody else is an administrator', async () => {
    await db()
      .update(users)
      .set({ active: false })
      .where(and(eq(users.role, 'ADMIN'), notInArray(users.id, [anaId])));
    expect(await activeAdmins()).toBe(1);
    const ana = await server.login('admin');
    const response = await server.call({
      method: 'PUT',
      url: `/api/users/${anaId}`,
      token: ana,
      payload: userBody({ email: 'admin@psicocampus.test', role: 'PSYCHOLOGIST' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.lastAdmin });
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot be deactivated (the rule itself, whoever asks)', async () => {
    expect(await activeAdmins()).toBe(1);
    const someoneElse = await userIdOf(server, 'psychologist');
    const refusal = deactivateStaffAccount(db(), someoneElse, anaId, new Date());
    await expect(refusal).rejects.toBeInstanceOf(HttpError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 409, message: ADMIN_MSG.lastAdmin });
    const demotion = updateStaffAccount(
      db(),
      anaId,
      userBody({ email: 'admin@psicocampus.test', role: 'PSYCHOLOGIST' }),
      someoneElse,
      new Date(),
    );
    await expect(demotion).rejects.toMatchObject({ statusCode: 409, message: ADMIN_MSG.lastAdmin });
    expect(await activeAdmins()).toBe(1);
  });
});

describe('an assignment racing a promotion', () => {
  it('never leaves an administrator holding students', async () => {
    const ana = await server.login('admin');
    for (let round = 0; round < 3; round += 1) {
      const { user: carla, token } = await inviteAndSignIn(server, ana);
      const student = await createStudent(server, await server.login('psychologist'));
      const [assignment, promotion] = await Promise.all([
        server.call({
          method: 'PUT',
          url: `/api/students/${student._id}/assignment`,
          token: ana,
          payload: { psychologistId: carla._id },
        }),
        server.call({
          method: 'PUT',
          url: `/api/users/${carla._id}`,
          token: ana,
          payload: userBody({ email: carla.email, role: 'ADMIN' }),
        }),
      ]);
      // One of the two wins; the other is refused with its reason.
      expect([assignment.statusCode, promotion.statusCode].sort()).toEqual(
        assignment.statusCode === 200 ? [200, 409] : [200, 400],
      );
      const held = await db()
        .select({ total: count() })
        .from(students)
        .innerJoin(users, eq(users.id, students.assignedPsychologistId))
        .where(and(eq(users.role, 'ADMIN'), inArray(users.id, [carla._id])));
      expect(held[0]!.total).toBe(0);
      void token;
    }
  });
});
