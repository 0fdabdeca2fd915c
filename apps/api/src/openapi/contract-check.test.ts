import { startTestServer, type TestServer } from '../../test/helpers/test-server';

/** The contract check itself: it must see an answer that differs from the document. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, undefined, { contract: true });
});
afterAll(() => server?.close());

it('finds an answer whose body the document does not describe', async () => {
  const check = server.contract!;
  const before = check.mismatches.length;
  const response = await server.call({ url: '/api/health/live' });
  expect(check.mismatches.length).toBe(before);
  // The same answer as if it lacked the field the document requires.
  const altered = { ...response, body: '{"ok":true}', rawPayload: Buffer.from('{"ok":true}') };
  check.check('GET', '/api/health/live', { url: '/api/health/live' }, altered);
  expect(check.mismatches.slice(before)).toEqual([
    expect.stringContaining(
      "GET /api/health/live → 200: answer: data must have required property 'live'",
    ),
  ]);
  check.mismatches.length = before;
});

it('finds a field the document does not describe', async () => {
  const check = server.contract!;
  const before = check.mismatches.length;
  // The answer of /api/health/live with one field more than the document describes.
  const extra = '{"ok":true,"live":true,"uptime":12}';
  const response = await server.call({ url: '/api/health/live' });
  const altered = { ...response, body: extra, rawPayload: Buffer.from(extra) };
  check.check('GET', '/api/health/live', { url: '/api/health/live' }, altered);
  expect(check.mismatches.slice(before)).toEqual([
    expect.stringContaining(
      'GET /api/health/live → 200: answer: data must NOT have additional properties',
    ),
  ]);
  check.mismatches.length = before;
});

it('finds a status the document does not name, and a route it lacks', async () => {
  const check = server.contract!;
  const response = await server.call({ url: '/api/health/live' });
  check.check('GET', '/api/health/live', {}, { ...response, statusCode: 204 });
  check.check('GET', '/api/nowhere', {}, response);
  expect(check.mismatches).toEqual([
    'GET /api/health/live → 204: the document names no such status',
    'GET /api/nowhere → 200: the document does not name this route',
  ]);
  check.mismatches.length = 0;
});

it("describes readiness's 503 as it is sent: the health answer, not the error shape", async () => {
  const check = server.contract!;
  const { database } = server.server;
  const ping = database.ping;
  database.ping = () => Promise.reject(new Error('connection refused'));
  try {
    const response = await server.call({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ ok: false, ready: false, database: { up: false } });
  } finally {
    database.ping = ping;
  }
  expect(check.mismatches).toEqual([]);
});
