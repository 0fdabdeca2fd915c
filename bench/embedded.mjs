// npm run bench:embedded — the embedded database at its limit
// (docs/limits-and-budgets.md#embedded-database), on the built server
// (apps/api/dist) and PGlite, in the thread of its own the server opens:
// 1. the import of 5,000 rows (a file's most) that fills it to
//    EMBEDDED_MAX_STUDENTS, with /api/health/live polled meanwhile;
// 2. at the limit, 8 clients reading lists and statistics back to back
//    (the whole caseload, searches of it, the administrators' paged list,
//    the statistics) for BENCH_SECONDS, with the probe polling:
//    budget: the probe never above 200 ms;
// 3. one more student: refused with the Spanish 409.
// It prints figures; it is not a timed test.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  DEMO,
  ROOT,
  fmt,
  login,
  machine,
  percentile,
  probeLiveness,
  serverStallsBetween,
  startServer,
} from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

if (process.env.DATABASE_URL) {
  console.error('bench:embedded measures PGlite: run it without DATABASE_URL.');
  process.exit(1);
}
/** EMBEDDED_MAX_STUDENTS of apps/api/src/plugins/students/embedded-capacity.ts. */
const LIMIT = 6_000;
/** MAX_IMPORT_ROWS of apps/api/src/plugins/import/student-rows.ts. */
const MAX_IMPORT_ROWS = 5_000;
const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LIVENESS_BUDGET_MS = 200;
const SEARCHES = ['ana', 'pérez', 'lu', 'salazar vera', 'medicina', 'jo', 'castillo', 'sofía'];

function figures(label, probes) {
  const answered = probes.filter(Number.isFinite);
  const worst = Math.max(...probes);
  const verdict = worst <= LIVENESS_BUDGET_MS ? 'within' : 'OVER';
  console.log(
    `${label}: liveness ${probes.length} probes, p50 ${fmt(percentile(answered, 50))} ms, ` +
      `p99 ${fmt(percentile(answered, 99))} ms, max ${fmt(worst)} ms ` +
      `(${verdict} the ${LIVENESS_BUDGET_MS} ms budget), unanswered ${probes.length - answered.length}`,
  );
}

/** The calls each client makes in turn: what the screens of a busy service ask. */
function readingCalls(psychologist, admin) {
  const encoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const as = (token) => ({ 'x-token': token, ...encoding });
  return [
    { method: 'GET', path: '/api/students', headers: as(psychologist) },
    ...SEARCHES.slice(0, 4).map((q) => ({
      method: 'GET',
      path: `/api/students?q=${encodeURIComponent(q)}&page=1`,
      headers: as(psychologist),
    })),
    { method: 'GET', path: '/api/statistics', headers: as(psychologist) },
    { method: 'GET', path: '/api/admin/students?page=37', headers: as(admin) },
    { method: 'GET', path: '/api/statistics', headers: as(admin) },
    ...SEARCHES.slice(4).map((q) => ({
      method: 'GET',
      path: `/api/students?q=${encodeURIComponent(q)}&page=2`,
      headers: as(psychologist),
    })),
  ];
}

function readers(url, calls) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, requests: calls, connections: CLIENTS, duration: SECONDS, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const loopRecord = path.join(tmpdir(), `psicocampus-bench-loop-${process.pid}.txt`);
const server = await startServer(
  { WEB_DIR: 'none', BENCH_LOOP_RECORD: loopRecord, ADMIN_MFA_REQUIRED: 'off' },
  [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    '--require',
    path.join(ROOT, 'bench/lib/event-loop-record.cjs'),
  ],
);
const now = () => performance.timeOrigin + performance.now();
try {
  console.log(`Machine: ${await machine()}; database: PGlite; server: apps/api/dist`);
  const psychologist = await login(server.url);
  const admin = await login(server.url, DEMO.admin);
  const listed = await fetch(`${server.url}/api/admin/students?pageSize=1`, {
    headers: { 'x-token': admin },
  });
  // Filled to the limit by imports of at most 5,000 rows (a file's most):
  // the last, measured, is a whole one.
  let room = LIMIT - (await listed.json()).total;
  for (let part = 0; room > MAX_IMPORT_ROWS; part += 1) {
    const rows = Math.min(MAX_IMPORT_ROWS, room - MAX_IMPORT_ROWS);
    const filled = await importStudents(
      server.url,
      psychologist,
      await studentsWorkbook(server.url, psychologist, rows, `relleno${part}.`),
    );
    if (filled.response.status !== 200)
      throw new Error(`filling failed: ${filled.response.status}`);
    room -= rows;
  }
  const file = await studentsWorkbook(server.url, psychologist, room, 'embebido');

  let probe = await probeLiveness(server.url);
  let from = now();
  const started = performance.now();
  const { response, answer } = await importStudents(server.url, psychologist, file);
  const importMs = performance.now() - started;
  figures(`1. import of ${room} rows to the limit (${fmt(importMs / 1000)} s)`, await probe.stop());
  console.log(
    `   answer ${response.status}, created ${answer.created}; server's longest wait`,
    serverStallsBetween(loopRecord, from, now()),
  );

  // Each call alone, twice (the second may come from the server's caches):
  // what holds the thread when the 8 clients ask for it.
  for (const call of readingCalls(psychologist, admin)) {
    const times = [];
    for (let n = 0; n < 2; n += 1) {
      const t0 = performance.now();
      const answer = await fetch(`${server.url}${call.path}`, { headers: call.headers });
      await answer.arrayBuffer();
      times.push(performance.now() - t0);
    }
    console.log(`   alone: ${call.path} ${times.map((ms) => fmt(ms, 0)).join(' / ')} ms`);
  }

  probe = await probeLiveness(server.url);
  from = now();
  const result = await readers(server.url, readingCalls(psychologist, admin));
  figures(
    `2. ${CLIENTS} clients reading at ${LIMIT} students for ${SECONDS} s`,
    await probe.stop(),
  );
  console.log(
    `   ${result.requests.total} calls (${fmt(result.requests.average)}/s), latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}; ` +
      `server's longest wait`,
    serverStallsBetween(loopRecord, from, now()),
  );

  const refused = await fetch(`${server.url}/api/students`, {
    method: 'POST',
    headers: { 'x-token': psychologist, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Una',
      lastName: 'Más',
      age: 20,
      gender: 'OTRO',
      email: 'una.mas@estudiantes.psicocampus.test',
      phone: '0991234567',
      city: 'Quito',
      career: 'Medicina',
      careerLevel: 'TERCERO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
    }),
  });
  console.log(`3. one more student: ${refused.status} ${(await refused.json()).msg}`);
} finally {
  await server.stop();
  rmSync(loopRecord, { force: true });
}
