import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { auditRowsOf } from '../../test/helpers/patients';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type TestServer,
} from '../../test/helpers/test-server';
import { codeNow, toMiddleOfStep } from '../../test/helpers/totp';
import { resetMfaCommand } from './reset-mfa';

/* `npm run reset-mfa`: the last administrator's lost phone (docs/sign-in-and-sessions.md#second-factor). */

const M = SERVER_MSG.cli.resetMfa;
const admin = demoAccount('admin');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mfaRequiredForAdmins: true });
});
afterAll(() => server.close());

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await resetMfaCommand(argv, {
    config: server.config,
    database: server.server.database,
    now: () => server.now(),
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const post = (url: string, payload: object) =>
  server.call({ method: 'POST', url, payload, remoteAddress: randomAddress() });
const passwordStep = () =>
  post('/api/auth/login', { email: admin.email, password: admin.password });

it('removes the second factor of the only administrator, ends the sessions, and is audited', async () => {
  const { challenge } = (await passwordStep()).json();
  const { secret } = (await post('/api/auth/mfa/enroll', { challenge })).json();
  toMiddleOfStep(server);
  const confirmed = await post('/api/auth/mfa/confirm', {
    challenge,
    code: codeNow(server, secret),
  });
  const token = confirmed.json().token as string;
  expect((await passwordStep()).json().mfaRequired).toBe(true);

  const result = await run(['--email', admin.email.toUpperCase()]);
  expect(result).toEqual({
    code: 0,
    out: M.done(`${admin.firstName} ${admin.lastName}`, admin.email),
    err: '',
  });
  expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  // The next sign-in enrols again, since every administrator needs one.
  expect((await passwordStep()).json().mfaEnrollmentRequired).toBe(true);
  expect((await auditRowsOf(server, 'user.mfa_reset')).at(-1)).toMatchObject({
    userId: null,
    outcome: 'success',
    detail: { by: 'reset-mfa command', hadSecondFactor: true },
  });
});

it.each([
  [[], M.usage],
  [['--email'], M.usage],
  [['--correo', 'x@y.z'], M.usage],
  [['--email', 'nadie@psicocampus.test'], M.notFound('nadie@psicocampus.test')],
])('refuses %j in Spanish', async (argv, message) => {
  expect(await run(argv)).toEqual({ code: 1, out: '', err: message });
});
