import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { fileUpload } from '../test/helpers/multipart';
import { readOutbox } from '../test/helpers/outbox';
import { addNote } from '../test/helpers/patients';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../test/helpers/workbooks';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function collect(response: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks),
      }),
    );
    response.on('error', reject);
  });
}

/** How long the server keeps an idle connection open (Fastify's default). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * Several times what the test takes on a busy machine, and under the
 * keep-alive timeout: a shutdown held by a kept-alive connection fails it
 * rather than passing late.
 */
const TEST_TIMEOUT_MS = 60_000;

/**
 * The server as main.ts runs it, on a real port: SIGTERM calls the same
 * `close()` these tests call. Clients here keep their connections alive, as
 * browsers and proxies do, so an idle connection cannot hold the shutdown.
 */
describe('graceful shutdown (SIGTERM)', () => {
  let server: TestServer;
  let port: number;
  let token: string;
  let studentId: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login('psychologist');
    const list = await server.call({ method: 'GET', url: '/api/students', token });
    studentId = (list.json() as { students: Array<{ _id: string }> }).students[0]!._id;
    // A report of some length, so that laying it out takes a moment.
    for (let n = 0; n < 40; n += 1) {
      await addNote(
        server,
        token,
        studentId,
        `Sesión ${n}: ${'seguimiento académico; '.repeat(40)}`,
      );
    }
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  function request(options: http.RequestOptions & { body?: Buffer; holdBody?: boolean }): {
    answer: Promise<Answer>;
    finishBody: () => void;
  } {
    const { body, holdBody, ...rest } = options;
    const outgoing = http.request({ host: '127.0.0.1', port, agent, ...rest });
    const answer = new Promise<Answer>((resolve, reject) => {
      outgoing.on('response', (response) => collect(response).then(resolve, reject));
      outgoing.on('error', reject);
    });
    let finishBody = () => {};
    if (body && holdBody) {
      // Half the upload now, the rest when the test says: the request is in flight.
      const half = Math.floor(body.length / 2);
      outgoing.write(body.subarray(0, half));
      finishBody = () => outgoing.end(body.subarray(half));
    } else {
      outgoing.end(body);
    }
    return { answer, finishBody };
  }

  /** Resolves when the server has received a request for `url`. */
  function arrivalOf(url: string): Promise<void> {
    return new Promise((resolve) => {
      const listener = (incoming: IncomingMessage) => {
        if (incoming.url !== url) return;
        server.app.server.off('request', listener);
        resolve();
      };
      server.app.server.on('request', listener);
    });
  }

  it(
    'finishes an import and a PDF in flight, refuses new connections, sends pending mail and closes the database',
    async () => {
      const rows = Array.from({ length: 300 }, (_, n) => studentRow(n));
      const upload = fileUpload(await xlsxFile([[...TEMPLATE_HEADERS], ...rows]));
      const importArrived = arrivalOf('/api/students/import');
      const importing = request({
        method: 'POST',
        path: '/api/students/import',
        headers: {
          ...upload.headers,
          'content-length': String(upload.payload.length),
          'x-token': token,
        },
        body: upload.payload,
        holdBody: true,
      });
      await importArrived;

      const pdfUrl = `/api/pdfreport/student/${studentId}`;
      const pdfArrived = arrivalOf(pdfUrl);
      const report = request({ method: 'GET', path: pdfUrl, headers: { 'x-token': token } });
      await pdfArrived;

      // A mail still being prepared once every answer has left (as a password
      // link is prepared after its answer): it needs the database, and must go
      // out before the process closes it.
      let databaseAnswered = false;
      server.app.ctx.mail.enqueueComposed(async () => {
        await Promise.allSettled([importing.answer, report.answer]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await server.server.database.ping();
        databaseAnswered = true;
        return { to: 'cola@psicocampus.test', subject: 'Pendiente', text: 'Pendiente', html: '' };
      });

      // What main.ts does on SIGTERM, while all of that is in flight.
      let closed = false;
      const closing = server.server.close().then(() => {
        closed = true;
      });

      // No new connection is taken once closing has begun.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = await new Promise<string>((resolve) => {
        const probe = http.get({ host: '127.0.0.1', port, path: '/api/health/live', agent: false });
        probe.on('response', (response) => resolve(`answered ${response.statusCode}`));
        probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      expect(refused).toBe('ECONNREFUSED');

      importing.finishBody();
      const [imported, pdf] = await Promise.all([importing.answer, report.answer]);
      // Shutdown waits for these answers, and only for them: each tells its
      // client not to reuse the connection, which the server then closes
      // instead of holding the shutdown for the keep-alive timeout.
      expect(closed).toBe(false);
      expect(imported.headers.connection).toBe('close');
      expect(pdf.headers.connection).toBe('close');
      expect(imported.status).toBe(200);
      expect(JSON.parse(imported.body.toString())).toMatchObject({
        ok: true,
        msg: SERVER_MSG.import.created(300),
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

      // Kept-alive connections do not hold the shutdown for their idle timeout:
      // TEST_TIMEOUT_MS, under it, fails a shutdown they hold.
      expect(server.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      await closing;
      await expect(server.server.database.ping()).rejects.toThrow();
      expect(databaseAnswered).toBe(true);
      const mails = readOutbox(path.join(server.config.dataDir, 'outbox'));
      expect(mails.map((mail) => mail.to)).toContain('cola@psicocampus.test');
    },
    TEST_TIMEOUT_MS,
  );
});
