import { inviteAndSignIn } from '../../../test/helpers/admin';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/*
 * The tests' sign-in helpers with every administrator required to have a
 * second factor: they enrol at the first sign-in and then send
 * codes (or recovery codes) as a person would, so that suites signing in as
 * the demo administrator keep working when ADMIN_MFA_REQUIRED is on.
 */

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await serverWithDemoSessions({ mfaRequiredForAdmins: true }));
});
afterAll(() => server.close());

const me = (token: string) => server.call({ method: 'GET', url: '/api/auth/me', token });

it('signs the demo administrator in through its enrolment, then again and again with codes', async () => {
  expect((await me(admin)).json().user.role).toBe('ADMIN');
  // More sign-ins within one 30-second step than it has codes: recovery codes follow.
  for (let time = 0; time < 4; time += 1) {
    const token = await server.login('admin');
    expect((await me(token)).statusCode).toBe(200);
  }
  const status = await server.call({ method: 'GET', url: '/api/auth/mfa', token: admin });
  expect(status.json().mfa).toMatchObject({ enabled: true, required: true });
});

it('signs a new administrator in through its enrolment', async () => {
  const { token } = await inviteAndSignIn(server, admin, { role: 'ADMIN' });
  expect((await me(token)).json().user.role).toBe('ADMIN');
});
