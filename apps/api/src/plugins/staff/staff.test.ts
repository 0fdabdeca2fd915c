import { eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { users } from '../../db/schema';
import { userIdOf } from '../../../test/helpers/patients';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, admin] = await Promise.all([server.login('psychologist'), server.login('admin')]);
});
afterAll(() => server.close());

const psychologist = (token: string, id: string) =>
  server.call({ method: 'GET', url: `/api/psychologists/${id}`, token });
const profile = (token: string) => server.call({ method: 'GET', url: '/api/auth/profile', token });
const saveProfile = (token: string, payload: object) =>
  server.call({ method: 'PUT', url: '/api/auth/profile', token, payload });

describe('GET /api/psychologists/:id', () => {
  it('answers a psychologist to any signed-in user', async () => {
    const id = await userIdOf(server, 'psychologist2');
    const martin = demoAccount('psychologist2');
    for (const token of [lucia, admin]) {
      const response = await psychologist(token, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        psychologist: {
          _id: id,
          firstName: martin.firstName,
          lastName: martin.lastName,
          email: martin.email,
          role: 'PSYCHOLOGIST',
          phone: null,
        },
      });
    }
  });

  it('still answers a deactivated psychologist (old notes keep their author)', async () => {
    const { db } = server.server.database;
    const id = await userIdOf(server, 'psychologist2');
    await db.update(users).set({ active: false }).where(eq(users.id, id));
    try {
      expect((await psychologist(lucia, id)).statusCode).toBe(200);
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.id, id));
    }
  });

  it('answers 404 for an admin’s id, an unknown id and a malformed one', async () => {
    const adminId = await userIdOf(server, 'admin');
    for (const id of [adminId, '00000000-0000-4000-8000-000000000000', 'martin']) {
      const response = await psychologist(lucia, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.notFound });
    }
  });

  it('needs a session', async () => {
    const id = await userIdOf(server, 'psychologist2');
    expect((await psychologist('', id)).statusCode).toBe(401);
  });
});

describe('GET /api/auth/profile', () => {
  it("answers the caller's own record with the phone", async () => {
    const { db } = server.server.database;
    const id = await userIdOf(server, 'admin');
    await db.update(users).set({ phone: '+593 2 123 4567' }).where(eq(users.id, id));
    const response = await profile(admin);
    expect(response.statusCode).toBe(200);
    const account = demoAccount('admin');
    expect(response.json()).toEqual({
      ok: true,
      profile: {
        _id: id,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        role: 'ADMIN',
        phone: '+593 2 123 4567',
        pendingEmail: null,
      },
    });
  });
});

describe('PUT /api/auth/profile', () => {
  it('saves the caller’s own data and answers the session user', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('psychologist');
      const id = await userIdOf(fresh, 'psychologist');
      const response = await fresh.call({
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        payload: {
          firstName: 'Lucía Isabel',
          lastName: 'Fernández-Ruiz',
          email: demoAccount('psychologist').email,
          phone: '0998887766',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        msg: MSG.profile.saved,
        user: {
          id,
          role: 'PSYCHOLOGIST',
          firstName: 'Lucía Isabel',
          lastName: 'Fernández-Ruiz',
          email: demoAccount('psychologist').email,
        },
        pendingEmail: null,
      });
      const me = (await fresh.call({ method: 'GET', url: '/api/auth/profile', token })).json();
      expect(me.profile).toMatchObject({ firstName: 'Lucía Isabel', phone: '0998887766' });

      // An emptied phone is no phone.
      const cleared = await fresh.call({
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        payload: {
          firstName: 'Lucía',
          lastName: 'Fernández',
          email: demoAccount('psychologist').email,
          phone: '',
        },
      });
      expect(cleared.statusCode).toBe(200);
      const after = (await fresh.call({ method: 'GET', url: '/api/auth/profile', token })).json();
      expect(after.profile.phone).toBeNull();

      // A new e-mail is only asked for: the current one keeps signing in
      // until the new one confirms (docs/decisions.md#e-mail-changes-and-assignments; email-change.test.ts).
      const moved = await fresh.call({
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        payload: {
          firstName: 'Lucía',
          lastName: 'Fernández',
          email: 'lucia.fernandez@psicocampus.test',
          currentPassword: demoAccount('psychologist').password,
        },
      });
      expect(moved.json()).toMatchObject({
        msg: MSG.emailChange.pendingOwn('lucia.fernandez@psicocampus.test'),
        pendingEmail: 'lucia.fernandez@psicocampus.test',
      });
      const login = await fresh.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          email: demoAccount('psychologist').email,
          password: demoAccount('psychologist').password,
        },
        remoteAddress: randomAddress(),
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('refuses an e-mail another account has, in any case', async () => {
    const response = await saveProfile(lucia, {
      firstName: 'Lucía',
      lastName: 'Fernández',
      email: demoAccount('psychologist2').email.toUpperCase(),
      currentPassword: demoAccount('psychologist').password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: MSG.profile.emailTaken });
    expect((await profile(lucia)).json().profile.email).toBe(demoAccount('psychologist').email);
  });

  it('validates in Spanish and refuses unknown fields such as the role', async () => {
    const invalid = await saveProfile(lucia, { firstName: '', lastName: 'X', email: 'no' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', msg: MSG.students.firstNameRequired },
        { field: 'lastName', msg: MSG.students.nameLength },
        { field: 'email', msg: MSG.students.emailInvalid },
      ]),
    );
    const role = await saveProfile(lucia, {
      firstName: 'Lucía',
      lastName: 'Fernández',
      email: demoAccount('psychologist').email,
      role: 'ADMIN',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().msg).toBe(MSG.api.unknownField('role'));
    expect((await profile(lucia)).json().profile.role).toBe('PSYCHOLOGIST');
  });
});
