// Starting the production build of the server for a benchmark, on PGlite in
// a fresh folder or on PostgreSQL (DATABASE_URL), and talking to it.
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEMO = {
  admin: { email: 'admin@psicocampus.test', password: 'Admin-Demo-2026' },
  psychologist: { email: 'psicologa@psicocampus.test', password: 'Psico-Demo-2026' },
};

/**
 * The key the benchmarks' servers seal clinical texts with: PostgreSQL needs
 * one given, and a bench that writes rows in SQL seals them with it after.
 */
export const BENCH_CLINICAL_KEY = randomBytes(32).toString('base64');

/**
 * Seals the clinical texts a bench wrote straight into PostgreSQL, as an
 * operator's upgrade does (`npm run rotate-key`): the server refuses to
 * read a text in clear.
 */
export function sealWrittenTexts(databaseUrl) {
  execFileSync(process.execPath, [path.join(ROOT, 'apps/api/dist/rotate-key.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, CLINICAL_ENCRYPTION_KEY: BENCH_CLINICAL_KEY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function requireBuild(files = ['apps/api/dist/main.js', 'apps/shell/dist/index.html']) {
  const missing = files.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length) {
    console.error(`Build first (npm run build); missing: ${missing.join(', ')}`);
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(serverUrl, statement) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts `node apps/api/dist/main.js` on a database of its own: a fresh PGlite
 * folder, or, when DATABASE_URL is set, a new PostgreSQL database on that
 * server (dropped at the end). Resolves when /api/health answers.
 * BENCH_NODE_ARGS passes options to that node, e.g. `--cpu-prof` to profile;
 * `main` runs another build of the server (an earlier version's, to compare).
 */
export async function startServer(
  env = {},
  nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  main = path.join(ROOT, 'apps/api/dist/main.js'),
) {
  // WEB_DIR=none: the API alone, which needs only the server's build.
  requireBuild(env.WEB_DIR === 'none' ? ['apps/api/dist/main.js'] : undefined);
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl = null;
  let database = null;
  if (serverUrl) {
    database = `psicocampus_bench_${Date.now()}`;
    await adminQuery(serverUrl, `create database "${database}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'basic',
      CLINICAL_ENCRYPTION_KEY: BENCH_CLINICAL_KEY,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const health = await fetch(`${url}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    databaseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
      if (database)
        await adminQuery(serverUrl, `drop database if exists "${database}" with (force)`);
    },
  };
}

export async function login(url, account = DEMO.psychologist) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Resident memory of a process now and at its peak (Linux /proc), in MiB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function fmt(value, digits = 1) {
  return Number(value).toLocaleString('es', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

/** The machine, for the record of RESULTS.md. */
export async function machine() {
  const os = await import('node:os');
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;
}

/**
 * Polls the server's /api/health/live every 10 ms from a process of its own
 * (liveness-probe.mjs) until `stop()`, which answers how long each call
 * took, in ms.
 */
export async function probeLiveness(url) {
  const probe = fork(path.join(ROOT, 'bench/lib/liveness-probe.mjs'), [url], {
    // A session of its own: where the kernel groups processes by session
    // (Linux's autogroup, on here), it shares the cores between sessions
    // first, as between a kubelet's service and the one it watches.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => probe.once('message', resolve));
  return {
    stop: () =>
      new Promise((resolve) => {
        probe.once('message', resolve);
        probe.send('stop');
      }),
  };
}

/**
 * What the server's own thread recorded (event-loop-record.cjs) between two
 * wall-clock times: its longest wait and its longest garbage-collection
 * pause, in ms.
 */
export function serverStallsBetween(file, from, to) {
  let loop = 0;
  let gc = 0;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n')) {
    const [kind, at, ms] = line.split(' ');
    if (!kind || Number(at) < from || Number(at) > to) continue;
    if (kind === 'loop') loop = Math.max(loop, Number(ms));
    else gc = Math.max(gc, Number(ms));
  }
  return { loop, gc };
}

/**
 * The bare Fastify "hello" reference (hello-server.mjs), started in a
 * process of its own: `{ url, stop() }`.
 */
export async function startHelloReference() {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/lib/hello-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(Number(text.trim()));
    });
    child.once('exit', (code) => reject(new Error(`the hello reference exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hello`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
