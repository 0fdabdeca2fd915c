import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { eq } from 'drizzle-orm';
import { LIST_PAGE_SIZE, MSG, type StaffUser, type UserBody } from '@psicocampus/shared/domain';
import { passwordTokens, users } from '../../db/schema';
import {
  createUser,
  inviteAndSignIn,
  lastMailTo,
  linkTokenIn,
  loginCall,
  NEW_PASSWORD,
  setPassword,
  signIn,
  userBody,
} from '../../../test/helpers/admin';
import { resetLinkIn } from '../../../test/helpers/outbox';
import { auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { demoAccount, startTestServer, type TestServer } from '../../../test/helpers/test-server';

const PUBLIC_URL = 'https://psicocampus.example.edu';

let server: TestServer;
let admin: string;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL });
  admin = await server.login('admin');
  adminId = await userIdOf(server, 'admin');
});
afterAll(() => server.close());

const list = (query = '', token = admin) =>
  server.call({ method: 'GET', url: `/api/users${query}`, token });
const update = (id: string, payload: object, token = admin) =>
  server.call({ method: 'PUT', url: `/api/users/${id}`, token, payload });
const action = (id: string, verb: 'deactivate' | 'reactivate' | 'reset-link', token = admin) =>
  server.call({ method: 'POST', url: `/api/users/${id}/${verb}`, token });
const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });
/** The fields of an account a PUT sends back. */
const bodyOf = (user: StaffUser, changes: Partial<UserBody> = {}): UserBody => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  phone: user.phone ?? '',
  ...changes,
});
const invitationTo = async (email: string) =>
  (await server.outbox())
    .filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Te invitaron'))
    .at(-1)!;
const checkLink = (token: string) =>
  server.call({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } });

describe('GET /api/users', () => {
  it('lists the staff by last name with their caseload and whether they have a password and a second factor', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('admin');
      const response = await fresh.call({ method: 'GET', url: '/api/users', token });
      expect(response.statusCode).toBe(200);
      const ids = {
        admin: await userIdOf(fresh, 'admin'),
        psychologist: await userIdOf(fresh, 'psychologist'),
        psychologist2: await userIdOf(fresh, 'psychologist2'),
      };
      const row = (
        key: keyof typeof ids,
        role: string,
        caseloadSize: number,
        hasSecondFactor = false,
      ) => {
        const account = demoAccount(key);
        return {
          _id: ids[key],
          email: account.email,
          role,
          firstName: account.firstName,
          lastName: account.lastName,
          phone: null,
          active: true,
          hasPassword: true,
          hasSecondFactor,
          caseloadSize,
          createdAt: expect.any(String),
          pendingEmail: null,
        };
      };
      // Administradora, Fernández, Rojas; the demo seed gives Lucía 4 students, Martín 3.
      // The administrator signed in with the second factor every administrator needs.
      expect(response.json()).toEqual({
        ok: true,
        users: [
          row('admin', 'ADMIN', 0, true),
          row('psychologist', 'PSYCHOLOGIST', 4),
          row('psychologist2', 'PSYCHOLOGIST', 3),
        ],
        total: 3,
        page: 1,
        pageSize: LIST_PAGE_SIZE,
      });
    } finally {
      await fresh.close();
    }
  });

  it('searches name and e-mail, ignoring case and accents, every word', async () => {
    const names = async (query: string) =>
      (await list(query)).json().users.map((user: { lastName: string }) => user.lastName);
    await createUser(server, admin, { firstName: 'Íñigo', lastName: 'Álvarez Búsqueda' });
    expect(await names('?q=FERNANDEZ')).toEqual(['Fernández']);
    expect(await names('?q=lucía')).toEqual(['Fernández']);
    expect(await names('?q=psicologo2%40')).toEqual(['Rojas']);
    expect(await names('?q=inigo%20alvarez')).toEqual(['Álvarez Búsqueda']);
    expect(await names('?q=inigo%20rojas')).toEqual([]);
    // % and _ are letters, not wildcards.
    expect(await names('?q=%25')).toEqual([]);
  });

  it('filters by role and status, and orders accented names in place', async () => {
    const inactive = await createUser(server, admin, { lastName: 'Zúñiga Inactiva' });
    expect((await action(inactive._id, 'deactivate')).statusCode).toBe(200);
    const admins = (await list('?role=ADMIN')).json().users;
    expect(admins.every((user: { role: string }) => user.role === 'ADMIN')).toBe(true);
    expect(admins.map((user: { _id: string }) => user._id)).toContain(adminId);
    const inactiveRows = (await list('?status=inactive')).json().users;
    expect(inactiveRows.map((user: { _id: string }) => user._id)).toEqual([inactive._id]);
    const active = (await list('?status=active&role=PSYCHOLOGIST&q=')).json().users;
    expect(active.map((user: { _id: string }) => user._id)).not.toContain(inactive._id);
    const lastNames = active.map((user: { lastName: string }) => user.lastName);
    // 'Álvarez' sorts with the a's, not after 'Z' as the C collation would put it.
    expect(lastNames.indexOf('Álvarez Búsqueda')).toBeLessThan(lastNames.indexOf('Fernández'));
  });

  it('refuses bad filters with 400 naming each field', async () => {
    const response = await list(`?role=ROOT&status=maybe&q=${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [
        { field: 'q', msg: MSG.api.invalidQuery },
        { field: 'role', msg: MSG.api.invalidQuery },
        { field: 'status', msg: MSG.api.invalidQuery },
      ],
    });
    expect((await list('?role=ADMIN&role=PSYCHOLOGIST')).statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('creates an account without a password and mails an invitation that lets the person in', async () => {
    const body = userBody({ firstName: 'Valeria', lastName: 'Quiroga' });
    const response = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(response.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.userCreated,
      // The invitation left while the answer waited.
      mail: { id: expect.any(String), status: 'sent' },
      user: {
        _id: expect.any(String),
        email: body.email,
        role: 'PSYCHOLOGIST',
        firstName: 'Valeria',
        lastName: 'Quiroga',
        phone: '0991112233',
        active: true,
        hasPassword: false,
        hasSecondFactor: false,
        caseloadSize: 0,
        createdAt: expect.any(String),
        pendingEmail: null,
      },
    });
    const [stored] = await server.server.database.db
      .select()
      .from(users)
      .where(eq(users.id, user._id));
    expect(stored!.passwordHash).toBeNull();

    // The invitation: who invited, what PsicoCampus is, 7 days, one use, PUBLIC_URL.
    const mail = await lastMailTo(server, body.email);
    expect(mail.subject).toBe('Te invitaron a PsicoCampus: crea tu contraseña');
    expect(mail.body).toContain('Ana Administradora te invitó a PsicoCampus');
    expect(mail.body).toContain('Psicólogo/a');
    expect(mail.body).toContain('Servicio de Orientación Psicológica');
    expect(mail.body).toContain('válido durante 7 días y solo puede usarse una vez');
    expect(resetLinkIn(mail).startsWith(`${PUBLIC_URL}/reset-password/`)).toBe(true);
    const token = linkTokenIn(mail);
    const [issued] = await server.server.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user._id));
    expect(issued!.purpose).toBe('invite');
    expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);

    // No password yet: nothing lets them in.
    expect((await loginCall(server, body.email, NEW_PASSWORD)).statusCode).toBe(401);
    // The link opens the "create your password" view, sets it once, and the person signs in.
    expect((await checkLink(token)).json()).toMatchObject({ ok: true, purpose: 'invite' });
    expect((await setPassword(server, token)).statusCode).toBe(200);
    expect((await setPassword(server, token, 'otra frase larga distinta')).statusCode).toBe(400);
    const session = await signIn(server, body.email);
    expect((await me(session)).json().user).toMatchObject({ id: user._id, role: 'PSYCHOLOGIST' });
    expect((await list(`?q=${body.email}`)).json().users[0].hasPassword).toBe(true);
  });

  it('creates administrators too, who then manage accounts', async () => {
    const { user, token } = await inviteAndSignIn(server, admin, { role: 'ADMIN' });
    expect(user.role).toBe('ADMIN');
    expect((await invitationTo(user.email)).body).toContain('Administrador/a');
    expect((await list('', token)).statusCode).toBe(200);
  });

  it('refuses an e-mail any account has, whatever its case, and sends nothing', async () => {
    const before = (await server.outbox()).length;
    const taken = demoAccount('psychologist').email.toUpperCase();
    const response = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: userBody({ email: taken }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.emailTaken });
    expect(await server.outbox()).toHaveLength(before);
  });

  it('lets only one of two simultaneous creations with one e-mail through (the index decides)', async () => {
    const body = userBody();
    const create = () =>
      server.call({ method: 'POST', url: '/api/users', token: admin, payload: body });
    const answers = await Promise.all([create(), create()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await list(`?q=${body.email}`)).json().users).toHaveLength(1);
  });

  it('validates the body with the shared schema', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...userBody(), role: 'ROOT', firstName: 'X', email: 'no-es-correo' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'firstName', msg: MSG.students.nameLength },
      { field: 'email', msg: MSG.students.emailInvalid },
      { field: 'role', msg: MSG.validation.roleRequired },
    ]);
    const extra = await server.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...userBody(), passwordHash: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().msg).toBe(MSG.api.unknownField('passwordHash'));
  });
});

describe('PUT /api/users/:id', () => {
  it('saves the data; an emptied phone is stored as none', async () => {
    const user = await createUser(server, admin);
    const body = userBody({ firstName: 'Renata', lastName: 'Salas', phone: '', email: user.email });
    const response = await update(user._id, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.userUpdated,
      user: { ...user, firstName: 'Renata', lastName: 'Salas', phone: null },
    });
    // A new e-mail waits for confirmation (docs/decisions.md#e-mail-changes-and-assignments; email-change.test.ts).
    const moved = await update(user._id, { ...body, email: `otra.${user.email}` });
    expect(moved.json()).toMatchObject({
      msg: MSG.emailChange.pendingByAdmin(`otra.${user.email}`),
      user: { email: user.email, pendingEmail: `otra.${user.email}` },
    });
  });

  it("refuses another account's e-mail; keeps its own in another case", async () => {
    const user = await createUser(server, admin);
    const taken = await update(user._id, userBody({ email: demoAccount('admin').email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ ok: false, msg: ADMIN_MSG.emailTaken });
    const same = await update(user._id, userBody({ email: user.email.toUpperCase() }));
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nadie']) {
      const response = await update(id, userBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.userNotFound });
    }
  });

  it('ends the sessions of an account whose role changes', async () => {
    const { user, token } = await inviteAndSignIn(server, admin, { role: 'ADMIN' });
    const demoted = await update(user._id, bodyOf(user, { role: 'PSYCHOLOGIST' }));
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().user.role).toBe('PSYCHOLOGIST');
    expect((await me(token)).statusCode).toBe(401);
    // Signing in again, the person is a psychologist: no more account management.
    expect((await list('', await signIn(server, user.email))).statusCode).toBe(403);
  });

  it('refuses to make a psychologist with students an administrator until they are reassigned', async () => {
    const { user: carla, token } = await inviteAndSignIn(server, admin);
    const student = await createStudent(server, token);
    const promote = () => update(carla._id, bodyOf(carla, { role: 'ADMIN' }));
    const refused = await promote();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Esta cuenta tiene 1 estudiante asignado/a. Reasígnalos/as a otro/a psicólogo/a antes de cambiar su rol a Administrador/a.',
    );
    expect((await me(token)).statusCode).toBe(200);
    const reassigned = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/assignment`,
      token: admin,
      payload: { psychologistId: await userIdOf(server, 'psychologist') },
    });
    expect(reassigned.statusCode).toBe(200);
    const promoted = await promote();
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user).toMatchObject({ role: 'ADMIN', caseloadSize: 0 });
  });
});

describe('deactivation and reactivation', () => {
  it('ends every session at once; the person cannot sign in until reactivated', async () => {
    const { user, token } = await inviteAndSignIn(server, admin);
    const other = await signIn(server, user.email);
    const response = await action(user._id, 'deactivate');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.deactivated,
      user: { ...user, active: false, hasPassword: true },
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const refused = await loginCall(server, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(MSG.auth.accountDisabled);

    const again = await action(user._id, 'deactivate');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, msg: ADMIN_MSG.alreadyInactive });

    const reactivated = await action(user._id, 'reactivate');
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.reactivated,
      user: { ...user, active: true, hasPassword: true },
    });
    // The old sessions stay ended; a new sign-in works.
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await signIn(server, user.email))).statusCode).toBe(200);
    const twice = await action(user._id, 'reactivate');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ ok: false, msg: ADMIN_MSG.alreadyActive });
  });

  it('keeps a deactivated psychologist’s students assigned to them', async () => {
    const { user, token } = await inviteAndSignIn(server, admin);
    await createStudent(server, token);
    const response = await action(user._id, 'deactivate');
    expect(response.json().user).toMatchObject({ active: false, caseloadSize: 1 });
  });

  it('does not let an administrator deactivate themself', async () => {
    const response = await action(adminId, 'deactivate');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.cannotDeactivateSelf });
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const verb of ['deactivate', 'reactivate', 'reset-link'] as const) {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
        const response = await action(id, verb);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.userNotFound });
      }
    }
  });
});

describe('POST /api/users/:id/reset-link', () => {
  it('mails a reset link to an account with a password, voiding older links', async () => {
    const { user } = await inviteAndSignIn(server, admin);
    const first = await action(user._id, 'reset-link');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.resetLinkSent,
      mail: { id: expect.any(String), status: 'sent' },
    });
    const firstToken = linkTokenIn(await lastMailTo(server, user.email));
    expect((await action(user._id, 'reset-link')).statusCode).toBe(200);
    const mail = await lastMailTo(server, user.email);
    expect(mail.subject).toBe('Restablece tu contraseña de PsicoCampus');
    const token = linkTokenIn(mail);
    expect(token).not.toBe(firstToken);
    expect((await checkLink(firstToken)).statusCode).toBe(400);
    expect((await checkLink(token)).json()).toMatchObject({ purpose: 'reset' });
    expect((await setPassword(server, token, 'la nueva frase de acceso')).statusCode).toBe(200);
    expect((await loginCall(server, user.email, 'la nueva frase de acceso')).statusCode).toBe(200);
  });

  it('sends the invitation again to an account that has not set its password', async () => {
    const user = await createUser(server, admin);
    const firstToken = linkTokenIn(await lastMailTo(server, user.email));
    expect((await action(user._id, 'reset-link')).statusCode).toBe(200);
    const mail = await lastMailTo(server, user.email);
    expect(mail.subject).toBe('Te invitaron a PsicoCampus: crea tu contraseña');
    expect((await checkLink(firstToken)).statusCode).toBe(400);
    expect((await checkLink(linkTokenIn(mail))).json()).toMatchObject({ purpose: 'invite' });
  });

  it('refuses a deactivated account and sends nothing', async () => {
    const user = await createUser(server, admin);
    await action(user._id, 'deactivate');
    const before = (await server.outbox()).length;
    const response = await action(user._id, 'reset-link');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: ADMIN_MSG.resetLinkInactive });
    expect(await server.outbox()).toHaveLength(before);
  });
});

describe('the audit log of account management', () => {
  it('records every call with the account as its record', async () => {
    const user = await createUser(server, admin);
    await update(user._id, userBody());
    await action(user._id, 'reset-link');
    await action(user._id, 'deactivate');
    await action(user._id, 'reactivate');
    await action(adminId, 'deactivate');
    await list();
    const last = async (name: string) => (await auditRowsOf(server, name)).at(-1);
    for (const name of [
      'user.create',
      'user.update',
      'user.reset_link',
      'user.deactivate',
      'user.reactivate',
    ]) {
      expect(await last(name)).toMatchObject({
        userId: adminId,
        role: 'ADMIN',
        recordType: 'user',
        recordId: name === 'user.deactivate' ? adminId : user._id,
        outcome: name === 'user.deactivate' ? 'invalid' : 'success',
      });
    }
    expect(await last('user.list')).toMatchObject({
      userId: adminId,
      recordType: null,
      recordId: null,
      outcome: 'success',
    });
  });
});
