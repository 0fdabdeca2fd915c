// npm run bench:api — the server budgets of docs/limits-and-budgets.md#speed-and-size-budgets on PostgreSQL:
// 10,000 students and 100,000 notes (the demo psychologist with 500 of the
// students), then autocannon at a fixed 200 requests/s for 30 s on
// GET /api/students and on a student's detail; p50/p99 and errors. Then the
// throughput of each at saturation as a ratio of a bare Fastify "hello"
// route's on the same machine, so the figures can be read on other machines:
// the hello runs in a process of its own, as the product's server does, and
// the two are measured in turn, BENCH_ROUNDS times (3), printing every
// round and the min / median / max of the ratios.
import autocannon from 'autocannon';
import pg from 'pg';
import {
  fmt,
  login,
  machine,
  median,
  sealWrittenTexts,
  startHelloReference,
  startServer,
} from './lib/product.mjs';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:api needs PostgreSQL: DATABASE_URL=postgres://user@host:5432/db npm run bench:api',
  );
  process.exit(1);
}
const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const STUDENTS = 10_000;
const PSYCHOLOGISTS = 20; // 500 students each
const NOTES_PER_STUDENT = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SATURATION_SECONDS = 10;

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const { rows } = await client.query(
      "select id from users where email = 'psicologa@psicocampus.test'",
    );
    const demoId = rows[0].id;
    // 19 more psychologists; with the demo one, 20 caseloads of 500.
    await client.query(`
      insert into users (email, role, first_name, last_name, active)
      select 'bench.psico' || g || '@psicocampus.test', 'PSYCHOLOGIST', 'Psicólogo', 'Bench ' || g, true
      from generate_series(1, ${PSYCHOLOGISTS - 1}) g`);
    const { rows: psychologists } = await client.query(
      "select id from users where role = 'PSYCHOLOGIST' and email like 'bench.psico%' order by email",
    );
    const owners = [demoId, ...psychologists.map((row) => row.id)];
    await client.query(
      `insert into students (first_name, last_name, age, gender, email, phone, city, career,
         career_level, employment_status, income, assigned_psychologist_id, created_by_id, search_key)
       select 'Estudiante' || g, 'Apellido' || (g % 977), 18 + g % 12,
              (array['MASCULINO','FEMENINO','OTRO'])[1 + g % 3],
              'bench' || g || '@estudiantes.psicocampus.test', '0991' || lpad(g::text, 6, '0'),
              (array['Quito','Guayaquil','Cuenca','Loja'])[1 + g % 4],
              (array['Medicina','Derecho','Psicología','Arquitectura','Ingeniería Civil'])[1 + g % 5],
              (array['PRIMERO','SEGUNDO','TERCERO','CUARTO','QUINTO','SEXTO','SEPTIMO','OCTAVO','NOVENO','DECIMO'])[1 + g % 10],
              (array['EMPLEADO','DESEMPLEADO'])[1 + g % 2], null,
              ($1::uuid[])[1 + g % ${PSYCHOLOGISTS}], ($1::uuid[])[1 + g % ${PSYCHOLOGISTS}],
              lower('estudiante' || g || ' apellido' || (g % 977))
       from generate_series(1, ${STUDENTS}) g`,
      [owners],
    );
    await client.query(`
      insert into clinical_notes (student_id, author_id, note, created_at, updated_at)
      select s.id, s.assigned_psychologist_id,
             'Sesión ' || n || ': el estudiante refiere dificultades para dormir y ansiedad ante los exámenes. Se acuerda seguimiento y técnicas de respiración.',
             now() - (n || ' days')::interval, now() - (n || ' days')::interval
      from students s cross join generate_series(1, ${NOTES_PER_STUDENT}) n
      where s.email like 'bench%'`);
    // Sealed as the server seals what it writes (docs/decisions.md#clinical-texts-sealed-at-rest).
    sealWrittenTexts(databaseUrl);
    // Vacuumed as well as analysed: otherwise autovacuum wakes up for the
    // 110,000 new rows during the first measurement and competes with it.
    await client.query('vacuum analyze');
    const counts = await client.query(
      'select (select count(*) from students) students, (select count(*) from clinical_notes) notes',
    );
    console.log(
      `Seeded ${counts.rows[0].students} students and ${counts.rows[0].notes} notes in ${fmt((Date.now() - started) / 1000)} s`,
    );
    const { rows: sample } = await client.query(
      'select id from students where assigned_psychologist_id = $1 and email like $2 limit 1',
      [demoId, 'bench%'],
    );
    return sample[0].id;
  } finally {
    await client.end();
  }
}

/** Requests per second at saturation (10 connections) on `url`. */
async function saturation(url, headers = {}) {
  const result = await run({ url, headers, connections: 10, duration: SATURATION_SECONDS });
  return result.requests.average;
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(sorted[0])} / ${fmt(median(sorted))} / ${fmt(sorted.at(-1))} %`;
};

/**
 * The hello reference and the product in turn, ROUNDS times: each round's
 * ratios are taken from that round's own hello, so a machine that slows
 * down during the run slows both sides of a ratio.
 */
async function ratiosToHello(listUrl, detailUrl, headers) {
  const hello = await startHelloReference();
  const rounds = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const reference = await saturation(hello.url);
      const list = await saturation(listUrl, headers);
      const detail = await saturation(detailUrl, headers);
      rounds.push({
        reference,
        list: (list / reference) * 100,
        detail: (detail / reference) * 100,
      });
      console.log(
        `  round ${round}: hello ${fmt(reference, 0)} req/s; GET /api/students ${fmt(list, 0)} req/s = ` +
          `${fmt((list / reference) * 100)} %; GET /api/students/:id ${fmt(detail, 0)} req/s = ` +
          `${fmt((detail / reference) * 100)} %`,
      );
    }
  } finally {
    await hello.stop();
  }
  return rounds;
}

/** One request at a time: the server's own time per answer, and its size. */
async function unloaded(url, headers, count = 100) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  return { median: median(times), bytes };
}

function describe(title, result) {
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(
    `  ${title.padEnd(34)} p50 ${fmt(result.latency.p50)} ms  p99 ${fmt(result.latency.p99)} ms  ` +
      `${fmt(result.requests.average, 0)} req/s  ${result.requests.total} requests  errors ${errors}`,
  );
  return result;
}

/*
 * The list as the product's one client, the browser, asks for it: Chromium
 * sends this Accept-Encoding on every call, and the server answers the list
 * from a cache that keeps it compressed (brotli). The same list without
 * compression (307 KB) is measured too, apart from the budget.
 */
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const server = await startServer({ WEB_DIR: 'none' });
try {
  console.log(`Machine: ${await machine()}`);
  const studentId = await seed(server.databaseUrl);
  const token = await login(server.url);
  const headers = { 'x-token': token };

  console.log('\nOne request at a time (100 each): median and size of the answer');
  for (const [title, path, extra] of [
    ['GET /api/students (500 students)', '/api/students', BROWSER_ENCODING],
    ['  the same, uncompressed', '/api/students', {}],
    ['GET /api/students/:id (10 notes)', `/api/students/${studentId}`, BROWSER_ENCODING],
  ]) {
    const { median: ms, bytes } = await unloaded(`${server.url}${path}`, {
      ...headers,
      ...extra,
    });
    console.log(`  ${title.padEnd(34)} ${fmt(ms, 2)} ms  ${fmt(bytes / 1024)} KB`);
  }

  // JIT, the database's caches and the list's compressed copy, before anything is measured.
  for (const path of ['/api/students', `/api/students/${studentId}`]) {
    await run({
      url: `${server.url}${path}`,
      headers: { ...headers, ...BROWSER_ENCODING },
      connections: 10,
      duration: 5,
    });
  }

  console.log(
    `\nFixed rate: ${RATE} requests/s for ${DURATION} s (budgets: list p99 < 100 ms, detail p99 < 50 ms)`,
  );
  const list = describe(
    'GET /api/students (500 students)',
    await run({
      url: `${server.url}/api/students`,
      headers: { ...headers, ...BROWSER_ENCODING },
      overallRate: RATE,
      connections: 20,
      duration: DURATION,
    }),
  );
  describe(
    '  the same, uncompressed (no budget)',
    await run({
      url: `${server.url}/api/students`,
      headers,
      overallRate: RATE,
      connections: 20,
      duration: DURATION,
    }),
  );
  const detail = describe(
    'GET /api/students/:id (10 notes)',
    await run({
      url: `${server.url}/api/students/${studentId}`,
      headers: { ...headers, ...BROWSER_ENCODING },
      overallRate: RATE,
      connections: 20,
      duration: DURATION,
    }),
  );

  console.log(
    `\nSaturation (10 connections, ${SATURATION_SECONDS} s each), as a ratio of a bare Fastify "hello" ` +
      `in a process of its own, measured in turn, ${ROUNDS} rounds`,
  );
  const rounds = await ratiosToHello(
    `${server.url}/api/students`,
    `${server.url}/api/students/${studentId}`,
    { ...headers, ...BROWSER_ENCODING },
  );
  const detailMedian = median(rounds.map((round) => round.detail));
  console.log(`  min / median / max: GET /api/students ${spread(rounds.map((r) => r.list))}`);
  console.log(`  min / median / max: GET /api/students/:id ${spread(rounds.map((r) => r.detail))}`);

  console.log(
    `\nBudgets: list p99 ${fmt(list.latency.p99)} ms < 100 → ${list.latency.p99 < 100 ? 'met' : 'MISSED'}; ` +
      `detail p99 ${fmt(detail.latency.p99)} ms < 50 → ${detail.latency.p99 < 50 ? 'met' : 'MISSED'}; ` +
      `detail ${fmt(detailMedian)} % of hello (median) ≥ 10 → ${detailMedian >= 10 ? 'met' : 'MISSED'}`,
  );
} finally {
  await server.stop();
}
