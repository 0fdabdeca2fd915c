// npm run bench:memory — the server's resident memory (docs/limits-and-budgets.md#embedded-database):
// idle after a first start on a new folder (what `npm start` does), after a
// 5,000-row import, after 1,000 mixed calls, and idle again after a restart
// on the same folder. On PGlite, and on PostgreSQL too when DATABASE_URL is
// set. Budgets: idle under 300 MiB, working under 400 MiB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fmt, login, machine, memoryOf, startServer } from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

const IDLE_BUDGET_MIB = 300;
const WORKING_BUDGET_MIB = 400;
const ROWS = 5_000;
const CALLS = 1_000;
/** How long the server is left alone before an idle reading: timers settle, caches are built. */
const SETTLE_MS = 5_000;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** 1,000 calls a working day makes: the caseload, a page of it, a search, a detail, the statistics. */
async function mixedCalls(url, token) {
  const get = async (route) => {
    const response = await fetch(`${url}${route}`, {
      headers: { 'x-token': token, 'accept-encoding': 'br' },
    });
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    return response.json();
  };
  const { students } = await get('/api/students?page=1&pageSize=50');
  const routes = [
    '/api/students',
    '/api/students?page=2&pageSize=20',
    '/api/students?q=ana&page=1&pageSize=20',
    '/api/statistics',
    ...students.slice(0, 10).map((student) => `/api/students/${student._id}`),
  ];
  for (let call = 0; call < CALLS; call += 1) await get(routes[call % routes.length]);
}

function reading(label, pid, budget) {
  const mib = memoryOf(pid).rssMiB;
  const verdict = budget ? ` (budget ${budget} MiB → ${mib < budget ? 'met' : 'MISSED'})` : '';
  console.log(`  ${label.padEnd(34)} ${fmt(mib).padStart(7)} MiB${verdict}`);
}

async function measure(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-memory-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'showcase', WEB_DIR: 'none' };
  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  try {
    const first = await startServer(env);
    try {
      await settle();
      reading('idle, first start', first.pid, IDLE_BUDGET_MIB);
      const token = await login(first.url);
      const file = await studentsWorkbook(first.url, token, ROWS);
      const { response } = await importStudents(first.url, token, file);
      if (!response.ok) throw new Error(`the import answered ${response.status}`);
      reading(`after a ${fmt(ROWS, 0)}-row import`, first.pid, WORKING_BUDGET_MIB);
      await mixedCalls(first.url, token);
      reading(`after ${fmt(CALLS, 0)} mixed calls`, first.pid, WORKING_BUDGET_MIB);
      console.log(`  ${'peak'.padEnd(34)} ${fmt(memoryOf(first.pid).peakMiB).padStart(7)} MiB`);
    } finally {
      await first.stop();
    }
    if (databaseUrl) return;
    const again = await startServer(env);
    try {
      await settle();
      reading('idle, restart on the same folder', again.pid, IDLE_BUDGET_MIB);
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Machine: ${await machine()}`);
const postgres = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
await measure(null);
if (postgres) {
  process.env.DATABASE_URL = postgres;
  await measure(postgres);
}
