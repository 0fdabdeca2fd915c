import { MSG } from '@psicocampus/shared/domain';
import { loadConfig } from './config';
import { HttpError } from './lib/http-error';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { onPostgres } from '../test/helpers/test-database';

describe('the API server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.get('/api/test/boom', { config: { public: true } }, async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/file.ts:12');
      });
      app.get('/api/test/teapot', { config: { public: true } }, async () => {
        throw new HttpError(409, MSG.api.conflict);
      });
      app.post('/api/test/echo', { config: { public: true } }, async (request) => request.body);
    });
  });
  afterAll(() => server.close());

  it('listens on this machine only when HOST is not set', async () => {
    await server.app.listen({ port: 0, host: loadConfig({}).host });
    const addresses = server.app
      .addresses()
      .map((bound) => (typeof bound === 'string' ? bound : bound.address));
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(['127.0.0.1', '::1']).toContain(address);
  });

  it('reports the server and the database as ready', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      live: true,
      ready: true,
      database: { kind: onPostgres ? 'postgres' : 'pglite', up: true },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 on readiness when the database stops answering, while staying live', async () => {
    const { database } = server.server;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, msg: MSG.api.healthDbDown });
      const live = await server.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      database.ping = ping;
    }
  });

  it('answers an unknown API path with a Spanish 404 in JSON', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.routeNotFound });
  });

  it('hides the details of a server fault and gives the request id instead', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ ok: false, msg: MSG.api.internal, requestId: expect.any(String) });
    expect(response.body).not.toMatch(/secret_table|\/srv\/app|at .*\.ts/);
    expect(response.headers['x-request-id']).toBe(body.requestId);
  });

  it('sends an intended error with its status and Spanish message', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.conflict });
  });

  it('refuses malformed JSON and bodies over 1 MB in Spanish', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"nota": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ ok: false, msg: MSG.api.invalidJson });

    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ ok: false, msg: MSG.api.bodyTooLarge });
  });

  it('allows cross-origin calls only from the configured origins', async () => {
    const allowed = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: server.config.publicUrl },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(server.config.publicUrl);

    const foreign = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
