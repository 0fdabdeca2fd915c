// `npm run bench:sealing`: what sealing the clinical texts at rest
// (docs/decisions.md#clinical-texts-sealed-at-rest) costs the calls that read
// them. The built server of this version and of the version before sealing
// (SEALING_BEFORE_MAIN, its apps/api/dist/main.js) each run on a fresh PGlite
// with the same record written through the API: a student with 20 notes of
// a session's length, 5 of them signed with an addendum, and an assessment
// with the clinician's observations. Each call is measured at
// saturation (10 connections, 10 s), the two versions alternated, three
// rounds, each beside a bare Fastify "hello" in a process of its own
// (bench/lib/hello-server.mjs); min/median/max of the three.
//
//   npm run build
//   git worktree add /tmp/before <commit before sealing> && (cd /tmp/before/apps/api && node build.mjs)
//   SEALING_BEFORE_MAIN=/tmp/before/apps/api/dist/main.js npm run bench:sealing
import autocannon from 'autocannon';
import { fmt, login, machine, median, startHelloReference, startServer } from './lib/product.mjs';

const BEFORE = process.env.SEALING_BEFORE_MAIN;
if (!BEFORE) {
  console.error('SEALING_BEFORE_MAIN must name the dist/main.js of the version before sealing.');
  process.exit(1);
}
const ROUNDS = 3;
const SECONDS = 10;
const NOTE = `${'La estudiante refiere dificultades para dormir y ansiedad ante los exámenes; '.repeat(8)}Se acuerda seguimiento quincenal.`;

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function call(url, token, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The record, written through the API as a psychologist writes it. */
async function writeRecord(url, token) {
  const { student } = await call(url, token, 'POST', '/api/students', {
    firstName: 'Valeria',
    lastName: 'Banco',
    age: 21,
    gender: 'FEMENINO',
    email: `valeria.banco.${Date.now()}@estudiantes.psicocampus.test`,
    phone: '0991234567',
    city: 'Quito',
    career: 'Medicina',
    careerLevel: 'TERCERO',
    employmentStatus: 'DESEMPLEADO',
    income: null,
  });
  for (let i = 0; i < 20; i += 1) {
    const { note } = await call(url, token, 'POST', `/api/students/${student._id}/clinical-notes`, {
      note: `Sesión ${i + 1}. ${NOTE}`,
    });
    if (i < 5) {
      await call(
        url,
        token,
        'POST',
        `/api/students/${student._id}/clinical-notes/${note._id}/sign`,
        {},
      );
      await call(
        url,
        token,
        'POST',
        `/api/students/${student._id}/clinical-notes/${note._id}/addenda`,
        {
          text: `Adenda: ${NOTE.slice(0, 200)}`,
        },
      );
    }
  }
  const { assessment } = await call(url, token, 'POST', '/api/suicide-assessments', {
    studentId: student._id,
    ...assessmentAnswers(),
  });
  return { studentId: student._id, assessmentId: assessment._id };
}

/** Every answer 'No', with the clinician's observations: a valid record with its longest text. */
function assessmentAnswers() {
  const no = { present: false, description: '' };
  const attempt = { present: false, description: '', totalAttempts: 0 };
  return {
    deathWish: no,
    nonSpecificActiveSuicidalThoughts: no,
    activeSuicidalIdeationWithMethods: no,
    activeSuicidalIdeationWithIntent: no,
    activeSuicidalIdeationWithPlan: no,
    actualAttempt: attempt,
    nonSuicidalSelfInjury: no,
    unknownIntentSelfInjury: no,
    interruptedAttempt: attempt,
    abortedAttempt: attempt,
    preparatoryActs: no,
    ideationIntensity: {
      mostSeriousIdeationType: null,
      mostSeriousIdeationDescription: '',
      frequency: null,
    },
    completedSuicide: false,
    mostLethalAttemptDate: null,
    lethalityDegree: null,
    potentialLethality: null,
    observations: NOTE,
  };
}

async function measure(main) {
  const server = await startServer({ WEB_DIR: 'none' }, [], main);
  try {
    const token = await login(server.url);
    const { studentId, assessmentId } = await writeRecord(server.url, token);
    const headers = { 'x-token': token };
    const paths = {
      notes: `/api/students/${studentId}/clinical-notes?page=1&pageSize=20`,
      detail: `/api/students/${studentId}`,
      assessment: `/api/suicide-assessments/${assessmentId}`,
    };
    const result = {};
    for (const [name, path] of Object.entries(paths)) {
      await run({ url: `${server.url}${path}`, headers, connections: 10, duration: 3 });
      const measured = await run({
        url: `${server.url}${path}`,
        headers,
        connections: 10,
        duration: SECONDS,
      });
      if (measured.non2xx || measured.errors)
        throw new Error(`${path}: ${measured.non2xx} non-2xx`);
      result[name] = measured.requests.average;
    }
    return result;
  } finally {
    await server.stop();
  }
}

async function helloRate() {
  const hello = await startHelloReference();
  try {
    await run({ url: hello.url, connections: 10, duration: 3 });
    return (await run({ url: hello.url, connections: 10, duration: SECONDS })).requests.average;
  } finally {
    await hello.stop();
  }
}

console.log(`Machine: ${await machine()}`);
const rounds = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  // Alternated: neither version always runs first, on a machine warming up.
  const order = round % 2 ? ['before', 'sealed'] : ['sealed', 'before'];
  const entry = { hello: await helloRate() };
  for (const version of order)
    entry[version] = await measure(version === 'before' ? BEFORE : undefined);
  rounds.push(entry);
  console.log(`round ${round}: hello ${fmt(entry.hello, 0)} req/s`, JSON.stringify(entry));
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(sorted[0], 0)} / ${fmt(median(sorted), 0)} / ${fmt(sorted.at(-1), 0)}`;
};
console.log('\nreq/s at saturation, min / median / max of 3 rounds (% of that round’s hello)');
for (const call of ['notes', 'detail', 'assessment']) {
  for (const version of ['before', 'sealed']) {
    const rates = rounds.map((r) => r[version][call]);
    const shares = rounds.map((r) => (100 * r[version][call]) / r.hello);
    console.log(
      `  ${call.padEnd(11)} ${version.padEnd(7)} ${spread(rates).padEnd(22)} (${shares.map((s) => fmt(s)).join(', ')} %)`,
    );
  }
  const cost = rounds.map((r) => 100 * (1 - r.sealed[call] / r.before[call]));
  console.log(`  ${''.padEnd(11)} cost    ${cost.map((c) => `${fmt(c)} %`).join(', ')}`);
}
