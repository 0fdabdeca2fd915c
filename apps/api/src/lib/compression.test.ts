import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addNote, createStudent } from '../../test/helpers/patients';
import { demoAccount, startTestServer, type TestServer } from '../../test/helpers/test-server';
import { acceptedEncoding } from './compression';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('psychologist');
});
afterAll(() => server.close());

const get = (url: string, encoding?: string) =>
  server.call({
    method: 'GET',
    url,
    token,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('compressed answers', () => {
  it('sends the caseload list compressed to a browser that accepts it, the same list', async () => {
    for (let i = 0; i < 8; i++) await createStudent(server, token);
    const plain = await get('/api/students');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/students', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/students', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses the other answers too, once they are worth it', async () => {
    const student = await createStudent(server, token);
    for (let i = 0; i < 5; i++)
      await addNote(server, token, student._id, 'Sesión de seguimiento. '.repeat(20));
    const detail = await get(`/api/students/${student._id}`, 'gzip');
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(detail.rawPayload).toString()).student._id).toBe(student._id);
  });

  it('compresses a long answer off the server thread, to the same content', async () => {
    for (let i = 0; i < 70; i++) await createStudent(server, token);
    const url = '/api/students?page=1&pageSize=200';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(32 * 1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await get(url, encoding);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(compressed.rawPayload);
      expect(JSON.parse(text.toString())).toEqual(plain.json());
    }
  });

  it('sends a PDF as it is: it is compressed already', async () => {
    const student = await createStudent(server, token);
    const pdf = await get(`/api/pdfreport/student/${student._id}`, 'gzip, deflate, br');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('never compresses the sign-in answer, which carries the session token', async () => {
    const { email, password } = demoAccount('psychologist');
    const login = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().token).toEqual(expect.any(String));
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', null],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
