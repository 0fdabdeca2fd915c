import { randomBytes } from 'node:crypto';
import type { StaffUser, UserBody } from '@psicocampus/shared/domain';
import { resetLinkIn, type OutboxMail } from './outbox';
import { randomAddress, type TestServer } from './test-server';
import { completeSignIn } from './totp';

/** A password the policy accepts (long, not common). */
export const NEW_PASSWORD = 'una frase larga para el servicio';

/** A valid body for POST /api/users, with an e-mail no other test uses. */
export function userBody(overrides: Partial<UserBody> = {}): UserBody {
  return {
    firstName: 'Carolina',
    lastName: 'Mendoza',
    email: `personal.${randomBytes(5).toString('hex')}@psicocampus.test`,
    role: 'PSYCHOLOGIST',
    phone: '0991112233',
    ...overrides,
  };
}

/** An administrator creates an account; returns it as the API answered. */
export async function createUser(
  server: TestServer,
  adminToken: string,
  overrides: Partial<UserBody> = {},
): Promise<StaffUser> {
  const response = await server.call({
    method: 'POST',
    url: '/api/users',
    token: adminToken,
    payload: userBody(overrides),
  });
  if (response.statusCode !== 201) {
    throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
  }
  return response.json().user;
}

/** The newest mail sent to an address. */
export async function lastMailTo(server: TestServer, email: string): Promise<OutboxMail> {
  const mail = (await server.outbox()).filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The token at the end of a mail's /reset-password/<token> link. */
export function linkTokenIn(mail: OutboxMail): string {
  return resetLinkIn(mail).split('/').pop()!;
}

export function setPassword(server: TestServer, token: string, password = NEW_PASSWORD) {
  return server.call({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
  });
}

export function loginCall(server: TestServer, email: string, password = NEW_PASSWORD) {
  return server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: randomAddress(),
  });
}

/** Signs any account in; returns its session token. */
export async function signIn(
  server: TestServer,
  email: string,
  password = NEW_PASSWORD,
): Promise<string> {
  const response = await loginCall(server, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return completeSignIn(server, email, response.json());
}

/**
 * The whole way in of a new colleague: an administrator creates the account,
 * the invitation's link sets the password, the person signs in.
 */
export async function inviteAndSignIn(
  server: TestServer,
  adminToken: string,
  overrides: Partial<UserBody> = {},
): Promise<{ user: StaffUser; token: string }> {
  const user = await createUser(server, adminToken, overrides);
  const response = await setPassword(server, linkTokenIn(await lastMailTo(server, user.email)));
  if (response.statusCode !== 200) {
    throw new Error(`setting the password failed: ${response.statusCode} ${response.body}`);
  }
  return { user, token: await signIn(server, user.email) };
}
