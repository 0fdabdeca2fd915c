// npm run bench:pdf — a student whose record fills about ten pages: the time
// per PDF (docs/limits-and-budgets.md#speed-and-size-budgets: under 1 s), and the p99 of GET /api/students while
// five PDFs are generated at once (PDFs must never stall other calls).
import autocannon from 'autocannon';
import { fmt, login, machine, median, percentile, startServer } from './lib/product.mjs';

const NOTES = 80;
const ASSESSMENTS = 6;

const note = (n) =>
  `Sesión ${n}. La estudiante refiere dificultades para conciliar el sueño, preocupación persistente por ` +
  `el rendimiento académico y tensión familiar. Se exploran estrategias de afrontamiento, se revisa la red ` +
  `de apoyo (madre, una amiga cercana) y se acuerda un plan semanal con técnicas de respiración y registro ` +
  `de pensamientos. Sin ideación activa en esta sesión; se mantiene el seguimiento quincenal.`;

const item = (present, description = '') => ({ present, description });
const answers = {
  deathWish: item(true, 'A veces desea dormir y no despertar'),
  nonSpecificActiveSuicidalThoughts: item(true, 'Pensamientos esporádicos tras los exámenes'),
  activeSuicidalIdeationWithMethods: item(false),
  activeSuicidalIdeationWithIntent: item(false),
  activeSuicidalIdeationWithPlan: item(false),
  actualAttempt: { ...item(false), totalAttempts: 0 },
  nonSuicidalSelfInjury: item(false),
  unknownIntentSelfInjury: item(false),
  interruptedAttempt: { ...item(false), totalAttempts: 0 },
  abortedAttempt: { ...item(false), totalAttempts: 0 },
  preparatoryActs: item(false),
  ideationIntensity: {
    mostSeriousIdeationType: 4,
    mostSeriousIdeationDescription: 'Pensamientos no específicos',
    frequency: 2,
  },
  completedSuicide: false,
  mostLethalAttemptDate: null,
  lethalityDegree: null,
  potentialLethality: null,
  observations: 'Acude sola; buena disposición al seguimiento.',
};

async function call(url, token, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const server = await startServer();
try {
  console.log(`Machine: ${await machine()}`);
  const token = await login(server.url);
  const students = await (await call(server.url, token, 'GET', '/api/students')).json();
  const studentId = students.students[0]._id;
  for (let n = 1; n <= NOTES; n += 1) {
    await call(server.url, token, 'POST', `/api/students/${studentId}/clinical-notes`, {
      note: note(n),
    });
  }
  for (let n = 0; n < ASSESSMENTS; n += 1) {
    await call(server.url, token, 'POST', '/api/suicide-assessments', {
      ...answers,
      student: studentId,
    });
  }
  const path = `/api/pdfreport/student/${studentId}`;
  const first = Buffer.from(await (await call(server.url, token, 'GET', path)).arrayBuffer());
  const pages = (first.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  const times = [];
  for (let run = 0; run < 10; run += 1) {
    const started = performance.now();
    await (await call(server.url, token, 'GET', path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  console.log(
    `\nStudent report: ${pages} pages, ${fmt(first.length / 1024)} KB; ` +
      `median ${fmt(median(times), 0)} ms, slowest ${fmt(Math.max(...times), 0)} ms (budget 1 s → ${Math.max(...times) < 1000 ? 'met' : 'MISSED'})`,
  );

  // GET /api/students at a steady 50 requests/s, alone and with 5 PDFs in a loop.
  const load = () =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${server.url}/api/students`,
          headers: { 'x-token': token },
          overallRate: 50,
          connections: 10,
          duration: 10,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  const alone = await load();
  let generating = true;
  const pdfTimes = [];
  const generators = Array.from({ length: 5 }, async () => {
    while (generating) {
      const started = performance.now();
      await (await call(server.url, token, 'GET', path)).arrayBuffer();
      pdfTimes.push(performance.now() - started);
    }
  });
  const busy = await load();
  generating = false;
  await Promise.all(generators);
  console.log('\nGET /api/students at 50 requests/s for 10 s');
  console.log(
    `  alone:                 p50 ${fmt(alone.latency.p50)} ms, p99 ${fmt(alone.latency.p99)} ms`,
  );
  console.log(
    `  with 5 PDFs at a time: p50 ${fmt(busy.latency.p50)} ms, p99 ${fmt(busy.latency.p99)} ms ` +
      `(${pdfTimes.length} PDFs made meanwhile, p95 ${fmt(percentile(pdfTimes, 95), 0)} ms each)`,
  );
} finally {
  await server.stop();
}
