// npm run bench:contention — heavy work must not stall everyone
// (docs/decisions.md#heavy-work-off-the-main-thread),
// on the built server (apps/api/dist) and PostgreSQL (DATABASE_URL):
// 1. while 5,000-row imports and 5 PDFs run back to back, GET /api/students
//    (500 students) at a fixed rate: p99 < 150 ms; /api/health/live polled
//    all along: never above 100 ms;
// 2. ten 5 MB imports sent at once: less than 300 MB added to the server's
//    resident memory, read from /proc/<pid>/status every 10 ms.
// It prints figures; it is not a timed test.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import {
  DEMO,
  ROOT,
  fmt,
  login,
  machine,
  memoryOf,
  percentile,
  probeLiveness,
  sealWrittenTexts,
  serverStallsBetween,
  startServer,
} from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:contention needs PostgreSQL: DATABASE_URL=postgres://user@host:5432/db npm run bench:contention',
  );
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const CASELOAD = 500;
const NOTES = 60;
const PDFS = 5;
const IMPORTS_AT_ONCE = 10;
const FILE_BYTES = 5_000_000;
/** Imports run one after the other during the measure (about 1–2 s each). */
const IMPORT_ROUNDS = 12;
const PSYCHOLOGIST2 = { email: 'psicologo2@psicocampus.test', password: 'Psico2-Demo-2026' };

/** The demo psychologist's caseload of 500, and one student whose record fills a long PDF. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select id from users where email = $1', [
      DEMO.psychologist.email,
    ]);
    const owner = rows[0].id;
    await client.query(
      `insert into students (first_name, last_name, age, gender, email, phone, city, career,
         career_level, employment_status, income, assigned_psychologist_id, created_by_id, search_key)
       select 'Estudiante' || g, 'Apellido' || g, 18 + g % 12, (array['MASCULINO','FEMENINO','OTRO'])[1 + g % 3],
              'carga' || g || '@estudiantes.psicocampus.test', '0991' || lpad(g::text, 6, '0'), 'Quito',
              'Medicina', 'TERCERO', 'DESEMPLEADO', null, $1, $1, lower('estudiante' || g || ' apellido' || g)
       from generate_series(1, ${CASELOAD}) g`,
      [owner],
    );
    const { rows: sample } = await client.query(
      "select id from students where email = 'carga1@estudiantes.psicocampus.test'",
    );
    await client.query(
      `insert into clinical_notes (student_id, author_id, note, created_at, updated_at)
       select $1, $2, 'Sesión ' || n || '. ' || repeat('La estudiante refiere dificultades para dormir y ansiedad ante los exámenes; se acuerda seguimiento. ', 4),
              now() - (n || ' days')::interval, now() - (n || ' days')::interval
       from generate_series(1, ${NOTES}) n`,
      [sample[0].id, owner],
    );
    // Ten importers, each with the demo psychologist's password: ten people
    // importing at once meet the server's cap, not one person's.
    await client.query(
      `insert into users (email, role, first_name, last_name, active, password_hash)
       select 'importa' || g || '@psicocampus.test', 'PSYCHOLOGIST', 'Importa', 'Bench ' || g, true,
              (select password_hash from users where email = $1)
       from generate_series(1, ${IMPORTS_AT_ONCE}) g`,
      [DEMO.psychologist.email],
    );
    // Sealed as the server seals what it writes (docs/decisions.md#clinical-texts-sealed-at-rest).
    sealWrittenTexts(databaseUrl);
    await client.query('analyze');
    return sample[0].id;
  } finally {
    await client.end();
  }
}

/** An .xlsx of 5,000 valid students and a column of random text, about `bytes` long. */
async function fiveMegabyteWorkbook(prefix, bytes) {
  const build = async (textLength) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Estudiantes');
    sheet.addRow([
      'Nombres',
      'Apellidos',
      'Edad',
      'Género',
      'Correo electrónico',
      'Teléfono',
      'Ciudad',
      'Carrera',
      'Semestre',
      'Situación laboral',
      'Ingresos (USD)',
      'Observaciones',
    ]);
    for (let n = 0; n < 5_000; n += 1) {
      sheet.addRow([
        'Daniela',
        'Guzmán Herrera',
        20,
        'Femenino',
        `${prefix}${n}@estudiantes.psicocampus.test`,
        '0991234567',
        'Quito',
        'Psicología',
        'Tercero',
        'Desempleado/a',
        null,
        randomBytes(textLength).toString('base64').slice(0, textLength),
      ]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  let textLength = 1_200;
  let file = await build(textLength);
  textLength = Math.floor((textLength * (bytes - 60_000)) / file.length);
  file = await build(textLength);
  return file;
}

function fixedRate(url, token, seconds) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${url}/api/students`,
        // As the browser asks for it (bench:api says why).
        headers: { 'x-token': token, 'accept-encoding': 'gzip, deflate, br, zstd' },
        overallRate: RATE,
        connections: 10,
        duration: seconds,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** Resident memory sampled every 10 ms until `until` settles: the highest, in MiB. */
async function peakResident(pid, until) {
  let done = false;
  let peak = 0;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, memoryOf(pid).rssMiB);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return peak;
}

// The server writes down its own stalls, to tell them apart from a probe's
// slow answer whose time went elsewhere (the network, the probe's own turn).
const loopRecord = path.join(tmpdir(), `psicocampus-bench-loop-${process.pid}.txt`);
const server = await startServer({ WEB_DIR: 'none', BENCH_LOOP_RECORD: loopRecord }, [
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  '--require',
  path.join(ROOT, 'bench/lib/event-loop-record.cjs'),
]);
try {
  console.log(`Machine: ${await machine()}; database: PostgreSQL; server: apps/api/dist`);
  const { loadavg } = await import('node:os');
  console.log(
    `Load average before: ${loadavg()
      .map((load) => fmt(load, 2))
      .join(' ')}`,
  );
  const studentId = await seed(server.databaseUrl);
  const lucia = await login(server.url);
  const importer = await login(server.url, PSYCHOLOGIST2);
  const pdfPath = `/api/pdfreport/student/${studentId}`;
  const pdf = async () => {
    const response = await fetch(`${server.url}${pdfPath}`, { headers: { 'x-token': lucia } });
    if (!response.ok) throw new Error(`PDF: ${response.status}`);
    await response.arrayBuffer();
  };
  await pdf();
  // Every file is made before anything is measured: making one holds this
  // process (and the timings it takes) for a second or more.
  const importFiles = [];
  for (let round = 0; round < IMPORT_ROUNDS; round += 1) {
    importFiles.push(await studentsWorkbook(server.url, importer, 5_000, `ronda${round}.`));
  }
  console.log(`Import files: 5,000 rows, ${fmt(importFiles[0].length / 1024)} KB each`);
  const files = await Promise.all(
    Array.from({ length: IMPORTS_AT_ONCE }, (_, n) =>
      fiveMegabyteWorkbook(`cinco${n}.`, FILE_BYTES),
    ),
  );

  // 1. Everyday calls while imports and PDFs run.
  // A first load warms the server up (compiled code, the caseload's cache).
  await fixedRate(server.url, lucia, 3);
  const quietProbe = await probeLiveness(server.url);
  const alone = await fixedRate(server.url, lucia, 5);
  const quietLive = await quietProbe.stop();
  let busy = true;
  const importTimes = [];
  const pdfTimes = [];
  const importing = (async () => {
    for (const next of importFiles) {
      if (!busy) break;
      const started = performance.now();
      const { response } = await importStudents(server.url, importer, next);
      if (!response.ok) throw new Error(`import: ${response.status}`);
      importTimes.push(performance.now() - started);
    }
  })();
  const generating = Array.from({ length: PDFS }, async () => {
    while (busy) {
      const started = performance.now();
      await pdf();
      pdfTimes.push(performance.now() - started);
    }
  });
  const busyProbe = await probeLiveness(server.url);
  const busyFrom = performance.timeOrigin + performance.now();
  const list = await fixedRate(server.url, lucia, SECONDS);
  const live = await busyProbe.stop();
  const busyStalls = serverStallsBetween(
    loopRecord,
    busyFrom,
    performance.timeOrigin + performance.now(),
  );
  busy = false;
  await Promise.all([importing, ...generating]);
  const errors = list.errors + list.non2xx + list.timeouts;
  console.log(`\nGET /api/students (${CASELOAD} students) at ${RATE} requests/s`);
  console.log(
    `  alone, 5 s:  p50 ${fmt(alone.latency.p50)} ms, p99 ${fmt(alone.latency.p99)} ms; ` +
      `/api/health/live meanwhile max ${fmt(Math.max(...quietLive))} ms`,
  );
  console.log(
    `  with a 5,000-row import and ${PDFS} PDFs at a time, ${SECONDS} s: p50 ${fmt(list.latency.p50)} ms, ` +
      `p99 ${fmt(list.latency.p99)} ms, max ${fmt(list.latency.max)} ms, errors ${errors} ` +
      `(budget p99 < 150 ms → ${list.latency.p99 < 150 && errors === 0 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  meanwhile: ${importTimes.length} imports of 5,000 rows (median ${fmt(percentile(importTimes, 50) / 1000, 2)} s), ` +
      `${pdfTimes.length} PDFs (p95 ${fmt(percentile(pdfTimes, 95), 0)} ms)`,
  );
  const liveMax = Math.max(...live);
  console.log(
    `  /api/health/live: ${live.length} probes, p99 ${fmt(percentile(live, 99))} ms, max ${fmt(liveMax)} ms ` +
      `(budget never above 100 ms → ${liveMax <= 100 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  the server's own thread meanwhile: longest wait ${busyStalls.loop ? `${fmt(busyStalls.loop)} ms` : 'under 20 ms'}, ` +
      `longest garbage collection ${busyStalls.gc ? `${fmt(busyStalls.gc)} ms` : 'under 10 ms'}`,
  );

  // 2. Ten 5 MB imports at once, from ten people.
  const importers = [];
  for (let n = 1; n <= IMPORTS_AT_ONCE; n += 1) {
    importers.push(
      await login(server.url, {
        email: `importa${n}@psicocampus.test`,
        password: DEMO.psychologist.password,
      }),
    );
  }
  console.log(
    `\n${IMPORTS_AT_ONCE} imports at once, files of ${files.map((f) => fmt(f.length / 1e6, 2)).join(', ')} MB`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = memoryOf(server.pid).rssMiB;
  const started = performance.now();
  const all = Promise.all(
    files.map((bytes, n) =>
      importStudents(server.url, importers[n], bytes).then(
        ({ response, answer }) => `${response.status} ${answer.msg}`,
        (error) => `connection: ${error.cause?.code ?? error.message}`,
      ),
    ),
  );
  const probe = await probeLiveness(server.url);
  const [answers, peak] = await Promise.all([all, peakResident(server.pid, all)]);
  const probes = await probe.stop();
  const counts = Object.entries(
    answers.reduce((total, answer) => ({ ...total, [answer]: (total[answer] ?? 0) + 1 }), {}),
  );
  for (const [answer, count] of counts) console.log(`  ${count} × ${answer}`);
  console.log(
    `  in ${fmt((performance.now() - started) / 1000, 2)} s; server memory ${fmt(before)} MiB before, peak ${fmt(peak)} MiB: ` +
      `+${fmt(peak - before)} MiB (budget < 300 MB → ${(peak - before) * 1.048576 < 300 ? 'met' : 'MISSED'})`,
  );
  console.log(`  /api/health/live meanwhile: max ${fmt(Math.max(...probes))} ms`);
  console.log(
    `Load average after: ${loadavg()
      .map((load) => fmt(load, 2))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  rmSync(loopRecord, { force: true });
}
