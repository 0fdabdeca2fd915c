import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { auditLog, emailChanges, loginAttempts } from '../../db/schema';
import type { UserBody } from '@psicocampus/shared/domain';
import {
  createUser,
  lastMailTo,
  linkTokenIn,
  loginCall,
  NEW_PASSWORD,
  signIn,
  userBody,
} from '../../../test/helpers/admin';
import type { OutboxMail } from '../../../test/helpers/outbox';
import { auditRowsOf } from '../../../test/helpers/patients';
import { randomAddress, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { EMAIL_CHANGE_LIFETIME_MS } from './email-changes';
import { ADDRESS_LIMITS } from './login-limits';
import { hashToken } from './tokens';

const PUBLIC_URL = 'https://psicocampus.example.edu';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL });
  admin = await server.login('admin');
});
afterAll(() => server.close());

let sequence = 0;
/** An address no other test uses. */
const freshEmail = (name: string) => `${name}.${Date.now()}.${(sequence += 1)}@correo.test`;

const mailsTo = async (email: string): Promise<OutboxMail[]> =>
  (await server.outbox()).filter((mail) => mail.to.includes(email));

/** The token of the newest /confirm-email/<token> link mailed to `email`. */
async function confirmTokenFor(email: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1);
  const match = mail && /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.body);
  if (!match) throw new Error(`no confirmation link mailed to ${email}`);
  expect(mail!.body).toContain(`${PUBLIC_URL}/confirm-email/${match[1]}`);
  return match[1]!;
}

const adminEdits = (id: string, body: object, token = admin) =>
  server.call({ method: 'PUT', url: `/api/users/${id}`, token, payload: body });

const ownProfile = (token: string, body: object, remoteAddress = randomAddress()) =>
  server.call({ method: 'PUT', url: '/api/auth/profile', token, payload: body, remoteAddress });

const check = (token: string, remoteAddress = randomAddress()) =>
  server.call({
    method: 'POST',
    url: '/api/auth/email-change/check',
    payload: { token },
    remoteAddress,
  });

const confirm = (token: string, remoteAddress = randomAddress()) =>
  server.call({
    method: 'POST',
    url: '/api/auth/email-change/confirm',
    payload: { token },
    remoteAddress,
  });

const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });

const usersListed = async (token = admin) =>
  (await server.call({ method: 'GET', url: '/api/users', token })).json().users as {
    _id: string;
    email: string;
    pendingEmail: string | null;
  }[];

/** Sets a password through a mailed link, from an address of its own (the limits are per address). */
const setPasswordFrom = (token: string) =>
  server.call({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: NEW_PASSWORD },
    remoteAddress: randomAddress(),
  });

/** A psychologist who accepted the invitation and is signed in. */
async function colleague(overrides: Partial<UserBody> = {}) {
  const oldEmail = freshEmail('psicologa');
  const user = await createUser(server, admin, { email: oldEmail, ...overrides });
  const accepted = await setPasswordFrom(linkTokenIn(await lastMailTo(server, oldEmail)));
  if (accepted.statusCode !== 200) throw new Error(`invitation: ${accepted.body}`);
  const token = await signIn(server, oldEmail);
  return { user, token, oldEmail, body: userBody({ email: oldEmail, ...overrides }) };
}

describe('an administrator changes a psychologist’s e-mail', () => {
  it('changes nothing until the new address confirms; meanwhile every mail goes to the old one', async () => {
    const { user, token, oldEmail, body } = await colleague();
    const newEmail = freshEmail('buzon.del.admin');

    const edit = await adminEdits(user._id, { ...body, email: newEmail });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().msg).toBe(MSG.emailChange.pendingByAdmin(newEmail));
    expect(edit.json().user).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    expect((await usersListed()).find((row) => row._id === user._id)).toMatchObject({
      email: oldEmail,
      pendingEmail: newEmail,
    });

    // The old address is told where the account is meant to go and by whom.
    const [notice] = await mailsTo(oldEmail).then((mails) => mails.slice(-1));
    expect(notice!.subject).toBe('Se pidió cambiar el correo de tu cuenta de PsicoCampus');
    expect(notice!.body).toContain(newEmail);
    expect(notice!.body).toContain('por un administrador del servicio (Ana Administradora');
    const linkToken = await confirmTokenFor(newEmail);

    // The reset link the administrator sends now goes to the OLD address.
    const before = (await mailsTo(newEmail)).length;
    const link = await server.call({
      method: 'POST',
      url: `/api/users/${user._id}/reset-link`,
      token: admin,
    });
    expect(link.statusCode).toBe(200);
    expect((await lastMailTo(server, oldEmail)).subject).toBe(
      'Restablece tu contraseña de PsicoCampus',
    );
    expect(await mailsTo(newEmail)).toHaveLength(before);
    const resetToken = linkTokenIn(await lastMailTo(server, oldEmail));

    // Nothing else changed: the old address signs in, the new one does not.
    expect((await loginCall(server, oldEmail)).statusCode).toBe(200);
    expect((await loginCall(server, newEmail)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);

    // The link is checked without being spent, then confirmed.
    const checked = await check(linkToken);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ ok: true, newEmail, firstName: 'Carolina' });
    const confirmed = await confirm(linkToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      ok: true,
      msg: MSG.emailChange.confirmed(newEmail),
      email: newEmail,
    });

    // The address changed, every session ended, the old address got a last notice.
    expect((await me(token)).statusCode).toBe(401);
    expect((await loginCall(server, newEmail)).statusCode).toBe(200);
    expect((await loginCall(server, oldEmail)).statusCode).toBe(401);
    const last = await lastMailTo(server, oldEmail);
    expect(last.subject).toBe('El correo de tu cuenta de PsicoCampus cambió');
    expect(last.body).toContain(newEmail);
    // The reset link mailed to the old address no longer works.
    expect((await setPasswordFrom(resetToken)).statusCode).toBe(400);
    expect((await usersListed()).find((row) => row._id === user._id)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });

    // One use only; and both steps are in the audit log, with no e-mail in it.
    expect((await confirm(linkToken)).json()).toEqual({
      ok: false,
      msg: MSG.emailChange.linkInvalid,
    });
    expect((await check(linkToken)).statusCode).toBe(400);
    const [confirmation] = (await auditRowsOf(server, 'auth.email_change_confirm')).filter(
      (row) => row.recordId === user._id && row.outcome === 'success',
    );
    expect(confirmation).toMatchObject({ userId: user._id, role: 'PSYCHOLOGIST' });
    const [requested] = await server.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.recordId, user._id)));
    expect(requested!.detail).toEqual({ emailChangeRequested: true });
    expect(JSON.stringify(requested)).not.toContain(newEmail);
  });

  it('stores only the hash of the link, and a newer request voids the older link', async () => {
    const { user, body } = await colleague();
    const first = freshEmail('primera');
    const second = freshEmail('segunda');
    await adminEdits(user._id, { ...body, email: first });
    const firstToken = await confirmTokenFor(first);
    await adminEdits(user._id, { ...body, email: second });
    const secondToken = await confirmTokenFor(second);

    const rows = await server.server.database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, user._id));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      [hashToken(firstToken), hashToken(secondToken)].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(firstToken);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
  });

  it('keeps a link a day, no longer', async () => {
    const { user, body, oldEmail } = await colleague();
    const newEmail = freshEmail('tarde');
    await adminEdits(user._id, { ...body, email: newEmail });
    const token = await confirmTokenFor(newEmail);
    server.advanceClock(EMAIL_CHANGE_LIFETIME_MS + 1000);
    try {
      expect((await check(token)).statusCode).toBe(400);
      expect((await confirm(token)).json().msg).toBe(MSG.emailChange.linkInvalid);
      // A day later the administrator's session has ended too.
      const later = await server.login('admin');
      expect((await usersListed(later)).find((row) => row._id === user._id)).toMatchObject({
        email: oldEmail,
        pendingEmail: null,
      });
    } finally {
      server.advanceClock(-(EMAIL_CHANGE_LIFETIME_MS + 1000));
    }
  });

  it('answers 409 when another account took the address meanwhile, and changes nothing', async () => {
    const { user, body, oldEmail } = await colleague();
    const contested = freshEmail('disputada');
    await adminEdits(user._id, { ...body, email: contested });
    const token = await confirmTokenFor(contested);
    await createUser(server, admin, { email: contested.toUpperCase() });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: MSG.emailChange.emailTaken });
    expect((await loginCall(server, oldEmail)).statusCode).toBe(200);
  });

  it('re-invites an account whose owner had not chosen a password, at the new address only', async () => {
    const typo = freshEmail('errata');
    const invited = await createUser(server, admin, { email: typo });
    const firstInvite = linkTokenIn(await lastMailTo(server, typo));
    const right = freshEmail('correcta');
    await adminEdits(invited._id, userBody({ email: right }));
    const confirmed = await confirm(await confirmTokenFor(right));
    expect(confirmed.json().msg).toBe(MSG.emailChange.confirmedInvite(right));
    expect((await setPasswordFrom(firstInvite)).statusCode).toBe(400);
    const invitation = await lastMailTo(server, right);
    expect(invitation.subject).toBe('Te invitaron a PsicoCampus: crea tu contraseña');
    expect((await setPasswordFrom(linkTokenIn(invitation))).statusCode).toBe(200);
    expect((await loginCall(server, right)).statusCode).toBe(200);
  });

  it('limits the link calls per address, as the reset link’s, keeping the link usable', async () => {
    const { user, body } = await colleague();
    const newEmail = freshEmail('limite');
    await adminEdits(user._id, { ...body, email: newEmail });
    const token = await confirmTokenFor(newEmail);
    const address = randomAddress();
    for (let i = 0; i < ADDRESS_LIMITS.reset.max; i += 1) {
      expect((await confirm('no-es-un-enlace', address)).statusCode).toBe(400);
    }
    const blocked = await confirm(token, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('saves a change of letter case at once: it is the same mailbox', async () => {
    const { user, body, oldEmail } = await colleague();
    const before = (await server.outbox()).length;
    const response = await adminEdits(user._id, { ...body, email: oldEmail.toUpperCase() });
    expect(response.json()).toMatchObject({
      msg: ADMIN_MSG.userUpdated,
      user: { email: oldEmail.toUpperCase(), pendingEmail: null },
    });
    expect(await server.outbox()).toHaveLength(before);
  });

  it('refuses an administrator’s own e-mail here: the profile asks for the password', async () => {
    const { user, token } = await colleague({ role: 'ADMIN' });
    const response = await adminEdits(
      user._id,
      userBody({ role: 'ADMIN', email: freshEmail('nuevo') }),
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'email', msg: MSG.emailChange.ownViaProfile },
    ]);
  });
});

describe('a user changes their own e-mail', () => {
  const own = async () => {
    const { user, token, oldEmail } = await colleague();
    const body = { firstName: 'Carolina', lastName: 'Mendoza', email: oldEmail, phone: '' };
    return { user, token, oldEmail, body };
  };

  it('needs the current password, and sends nothing without it', async () => {
    const { token, body, oldEmail } = await own();
    const newEmail = freshEmail('propia');
    const before = (await server.outbox()).length;
    const missing = await ownProfile(token, { ...body, email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      ok: false,
      msg: MSG.emailChange.currentPasswordRequired,
      errors: [{ field: 'currentPassword', msg: MSG.emailChange.currentPasswordRequired }],
    });
    const wrong = await ownProfile(token, {
      ...body,
      email: newEmail,
      currentPassword: 'no es la contraseña',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', msg: MSG.auth.currentPasswordWrong },
    ]);
    expect(await server.outbox()).toHaveLength(before);
    const profile = await server.call({ method: 'GET', url: '/api/auth/profile', token });
    expect(profile.json().profile).toMatchObject({ email: oldEmail, pendingEmail: null });
    // Other data change without it.
    const renamed = await ownProfile(token, { ...body, lastName: 'Mendoza Ríos' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().msg).toBe(MSG.profile.saved);
  });

  it('counts each wrong password as a failed sign-in of the account', async () => {
    const { token, body, oldEmail } = await own();
    const attempt = () =>
      ownProfile(token, { ...body, email: freshEmail('x'), currentPassword: 'adivinanza 1234' });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(400);
    const failures = await server.server.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, oldEmail), eq(loginAttempts.outcome, 'failure')));
    expect(failures).toHaveLength(5);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The same limit as the login's: the right password now waits too.
    const right = await ownProfile(token, {
      ...body,
      email: freshEmail('y'),
      currentPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect((await loginCall(server, oldEmail)).statusCode).toBe(429);
  });

  it('with the password, waits for the new address to confirm, and tells the old one', async () => {
    const { token, body, oldEmail } = await own();
    const newEmail = freshEmail('nueva.propia');
    const response = await ownProfile(token, {
      ...body,
      email: newEmail,
      currentPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: MSG.emailChange.pendingOwn(newEmail),
      user: { email: oldEmail },
      pendingEmail: newEmail,
    });
    const profile = await server.call({ method: 'GET', url: '/api/auth/profile', token });
    expect(profile.json().profile).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    const notice = await lastMailTo(server, oldEmail);
    expect(notice.body).toContain('desde tu propio perfil');
    expect((await confirm(await confirmTokenFor(newEmail))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await loginCall(server, newEmail)).statusCode).toBe(200);
  });

  it('the password change needs the current password too', async () => {
    const { token } = await own();
    const missing = await server.call({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { newPassword: 'otra frase larga y segura' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'currentPassword', msg: MSG.auth.currentPasswordRequired },
    ]);
    const wrong = await server.call({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: 'no es esta', newPassword: 'otra frase larga y segura' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(MSG.auth.currentPasswordWrong);
    // Guessing through it meets the login's limit too.
    const guess = () =>
      server.call({
        method: 'PUT',
        url: '/api/auth/password',
        token,
        payload: { currentPassword: 'otra adivinanza', newPassword: 'otra frase larga y segura' },
        remoteAddress: randomAddress(),
      });
    for (let i = 0; i < 4; i += 1) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });
});
