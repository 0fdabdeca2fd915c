import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG, REMOTE_NAMES } from '@psicocampus/shared/domain';
import type { WebRoots } from '../config';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { cacheControlFor } from './front-ends';

/** A built product in miniature: the shell's page and remotes.json, and one remote. */
function writeFakeBuild(dir: string): WebRoots {
  const shell = path.join(dir, 'shell');
  mkdirSync(shell, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>PsicoCampus</title>');
  writeFileSync(path.join(shell, 'remotes.json'), '{"auth":"/remotes/auth/mf-manifest.json"}');
  writeFileSync(path.join(shell, 'main.0123456789.js'), 'console.log(1)');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, path.join(dir, 'remotes', name)]),
  ) as WebRoots['remotes'];
  mkdirSync(remotes.auth, { recursive: true });
  writeFileSync(path.join(remotes.auth, 'mf-manifest.json'), '{"name":"auth"}');
  writeFileSync(path.join(remotes.auth, 'remoteEntry.js'), 'var auth;');
  writeFileSync(path.join(remotes.auth, '466.abcdef0123.js'), 'chunk');
  // What PrecompressPlugin writes beside a chunk.
  const chunk = 'var chunk = "' + 'x'.repeat(4000) + '";';
  writeFileSync(path.join(shell, '710.0123456789.js'), chunk);
  writeFileSync(path.join(shell, '710.0123456789.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(shell, '710.0123456789.js.gz'), gzipSync(chunk));
  writeFileSync(path.join(shell, '811.0123456789.js'), chunk); // no twin
  return { shell, remotes };
}

describe('serving the built front ends', () => {
  let dir: string;
  let server: TestServer;
  const otherOrigin = 'http://localhost:4300';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'psicocampus-web-'));
    server = await startTestServer({
      web: writeFakeBuild(dir),
      allowedOrigins: ['http://localhost:8080', otherOrigin],
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('serves the shell at / and its page for every client route, never cached stale', async () => {
    for (const url of ['/', '/login', '/psychologist/dashboard/patients/123']) {
      const response = await get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>PsicoCampus</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves remotes.json and each remote at /remotes/<name>/ for the shell to read at run time', async () => {
    const map = await get('/remotes.json');
    expect(map.json()).toEqual({ auth: '/remotes/auth/mf-manifest.json' });
    expect(map.headers['cache-control']).toBe('no-cache');

    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await get(`/remotes/auth/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets browsers keep hashed chunks for a year', async () => {
    const chunk = await get('/remotes/auth/466.abcdef0123.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shellChunk = await get('/main.0123456789.js');
    expect(shellChunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed twin a browser accepts, cached like the original', async () => {
    const br = await get('/710.0123456789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^var chunk = "x+";$/);

    const gz = await get('/710.0123456789.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/710.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^var chunk = "x+";$/);

    // A file without a twin goes as it is: files are never compressed per request.
    const noTwin = await get('/811.0123456789.js', { 'accept-encoding': 'br' });
    expect(noTwin.headers['content-encoding']).toBeUndefined();
    expect(noTwin.body).toMatch(/^var chunk = "x+";$/);
  });

  it('answers CORS for a remote only to allowed origins', async () => {
    const allowed = await get('/remotes/auth/mf-manifest.json', { origin: otherOrigin });
    expect(allowed.headers['access-control-allow-origin']).toBe(otherOrigin);
    const foreign = await get('/remotes/auth/mf-manifest.json', { origin: 'https://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a missing file with 404, not with the shell page', async () => {
    const missingRemoteFile = await get('/remotes/auth/nope.js', { accept: 'text/html' });
    expect(missingRemoteFile.statusCode).toBe(404);
    const missingRemote = await get('/remotes/patients/mf-manifest.json');
    expect(missingRemote.statusCode).toBe(404);
    const api = await get('/api/nope', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, msg: MSG.api.routeNotFound });
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.0123456789.js', 'public, max-age=31536000, immutable'],
    ['523.48a20f652b.css', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['index.html', 'no-cache'],
    ['remotes.json', 'no-cache'],
    ['main.0123456789.js.br', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js.gz', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/srv/${file}`)).toBe(expected);
  });
});
