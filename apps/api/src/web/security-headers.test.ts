import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { REMOTE_NAMES } from '@psicocampus/shared/domain';
import { loadConfig, type WebRoots } from '../config';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { API_CONTENT_SECURITY_POLICY } from './security-headers';

/** A built shell whose remotes.json the tests rewrite, and one remote. */
function writeFakeBuild(dir: string): WebRoots {
  const shell = path.join(dir, 'shell');
  mkdirSync(shell, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>PsicoCampus</title>');
  writeFileSync(path.join(shell, 'main.0123456789.js'), 'console.log(1)');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, path.join(dir, 'remotes', name)]),
  ) as WebRoots['remotes'];
  mkdirSync(remotes.auth, { recursive: true });
  writeFileSync(path.join(remotes.auth, 'remoteEntry.js'), 'var auth;');
  return { shell, remotes };
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

const shellOrigin = 'http://localhost:8080';
const integrator = 'https://portal.example.edu';

let dir: string;
let web: WebRoots;
let server: TestServer;
let token: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'psicocampus-headers-'));
  web = writeFakeBuild(dir);
  writeFileSync(
    path.join(web.shell, 'remotes.json'),
    JSON.stringify({
      auth: '/remotes/auth/mf-manifest.json',
      patients: 'https://pacientes.example.edu/mf-manifest.json',
    }),
  );
  server = await startTestServer({ web, allowedOrigins: [shellOrigin, integrator] });
  token = await server.login('psychologist');
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

/** One answer of every kind the server gives. */
async function everyKindOfAnswer(): Promise<Array<[string, LightMyRequestResponse]>> {
  return [
    ['the shell page', await get('/', { accept: 'text/html' })],
    ['a deep link', await get('/psychologist/dashboard/patients', { accept: 'text/html' })],
    ['a hashed chunk', await get('/main.0123456789.js')],
    ['remotes.json', await get('/remotes.json')],
    ['a remote file', await get('/remotes/auth/remoteEntry.js')],
    ['a missing file', await get('/nada.js')],
    ['an API answer', await get('/api/students', { 'x-token': token })],
    ['an API 401', await get('/api/students')],
    ['an unknown API path', await get('/api/nada')],
    ['an API path with a doubled slash', await get('//api/students', { 'x-token': token })],
    ['an API path with slashes inside', await get('/api//students', { 'x-token': token })],
    [
      'a malformed body',
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    ],
    [
      'a CORS preflight',
      await server.app.inject({
        method: 'OPTIONS',
        url: '/api/students',
        headers: { origin: integrator, 'access-control-request-method': 'GET' },
      }),
    ],
    ['the readiness probe', await get('/api/health/ready')],
  ];
}

describe('the headers of every answer', () => {
  it('carry a policy forbidding plug-ins, <base> and framing, no sniffing and no Referer', async () => {
    for (const [kind, response] of await everyKindOfAnswer()) {
      const policy = directives(response);
      expect([kind, policy.get('object-src')]).toEqual([kind, ["'none'"]]);
      expect([kind, policy.get('base-uri')]).toEqual([kind, ["'none'"]]);
      expect([kind, policy.get('frame-ancestors')]).toEqual([kind, ["'none'"]]);
      expect([kind, response.headers['x-content-type-options']]).toEqual([kind, 'nosniff']);
      expect([kind, response.headers['referrer-policy']]).toEqual([kind, 'no-referrer']);
      expect([kind, response.headers['x-frame-options']]).toEqual([kind, 'DENY']);
      expect([kind, response.headers['x-powered-by']]).toEqual([kind, undefined]);
      expect([kind, response.headers['strict-transport-security']]).toEqual([kind, undefined]);
    }
  });

  it('never let a browser or a proxy store an API answer, and let them keep the files', async () => {
    for (const [kind, response] of await everyKindOfAnswer()) {
      const isApi =
        kind.includes('API') ||
        ['a malformed body', 'a CORS preflight', 'the readiness probe'].includes(kind);
      if (isApi) expect([kind, response.headers['cache-control']]).toEqual([kind, 'no-store']);
      else expect([kind, response.headers['cache-control']]).not.toEqual([kind, 'no-store']);
    }
  });

  it('let API answers run nothing at all', async () => {
    const answer = await get('/api/students', { 'x-token': token });
    expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(directives(answer).get('default-src')).toEqual(["'none'"]);
  });

  it('allow scripts only from this origin and the remotes’ origins in remotes.json', async () => {
    const policy = directives(await get('/', { accept: 'text/html' }));
    const expected = ["'self'", 'https://pacientes.example.edu'];
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      expect([directive, policy.get(directive)]).toEqual([directive, expected]);
    }
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Never inline code, eval or a wildcard; an integrator's site is not a script source.
    const all = [...policy.values()].flat();
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', integrator]) {
      expect(all).not.toContain(unsafe);
    }
  });

  it('follow remotes.json when an operator moves a remote, without a restart', async () => {
    writeFileSync(
      path.join(web.shell, 'remotes.json'),
      JSON.stringify({
        auth: 'https://acceso.example.edu:8443/mf-manifest.json',
        patients: '/remotes/patients/mf-manifest.json',
      }),
    );
    const policy = directives(await get('/login', { accept: 'text/html' }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://acceso.example.edu:8443']);
  });

  it('keep the strict policy when remotes.json is missing or broken', async () => {
    writeFileSync(path.join(web.shell, 'remotes.json'), '{ not json');
    const policy = directives(await get('/', { accept: 'text/html' }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});

describe('CORS', () => {
  it('names only the configured origins, never *', async () => {
    const call = (origin?: string) =>
      get('/api/auth/me', { 'x-token': token, ...(origin ? { origin } : {}) });
    expect((await call(integrator)).headers['access-control-allow-origin']).toBe(integrator);
    expect((await call(shellOrigin)).headers['access-control-allow-origin']).toBe(shellOrigin);
    expect((await call('https://evil.example')).headers['access-control-allow-origin']).toBe(
      undefined,
    );
    expect((await call()).headers['access-control-allow-origin']).toBe(undefined);
    expect((await call('null')).headers['access-control-allow-origin']).toBe(undefined);
  });

  it('cannot be configured to answer every origin', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: '*' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('a product published on HTTPS', () => {
  it('tells browsers to use HTTPS only', async () => {
    const https = await startTestServer({ publicUrl: 'https://psicocampus.example.edu' });
    try {
      const answer = await https.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await https.close();
    }
  });
});
