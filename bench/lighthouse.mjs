// npm run bench:lighthouse — Lighthouse (desktop preset) on /login and on the
// patients list, performance and accessibility, median of 3 runs (docs/limits-and-budgets.md#speed-and-size-budgets:
// both ≥ 95). Lighthouse lives in bench/package.json, installed here on first
// use, so that the product's own `npm install` does not carry it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from './lib/browser.mjs';
import { DEMO, fmt, login, machine, median, startServer } from './lib/product.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = 95;

if (!existsSync(path.join(here, 'node_modules/lighthouse'))) {
  console.log('Installing Lighthouse for the benchmarks (bench/package.json), once…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
    cwd: here,
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const { default: lighthouse } = await import('lighthouse');
const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
const { default: puppeteer } = await import('puppeteer-core');

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

async function audit(browser, url, session) {
  const page = await browser.newPage();
  if (session) {
    // Lighthouse keeps the storage (disableStorageReset): the shell finds the session.
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate(([token, user]) => {
      localStorage.setItem('x-token', token);
      localStorage.setItem('userId', user.id);
      localStorage.setItem('user-data', JSON.stringify({ ok: true, user }));
    }, session);
  }
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(session),
    },
    desktopConfig,
    page,
  );
  await page.close();
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, audits[id].numericValue])),
    failing,
  };
}

function report(title, runs) {
  const pick = (fn) => median(runs.map(fn));
  const performance = pick((r) => r.performance);
  const accessibility = pick((r) => r.accessibility);
  console.log(`\n${title}`);
  console.log(
    `  performance ${fmt(performance, 0)} (budget ≥ ${BUDGET} → ${performance >= BUDGET ? 'met' : 'MISSED'})  ` +
      `accessibility ${fmt(accessibility, 0)} (budget ≥ ${BUDGET} → ${accessibility >= BUDGET ? 'met' : 'MISSED'})`,
  );
  console.log(
    '  ' +
      METRICS.map(([id, label]) =>
        id === 'cumulative-layout-shift'
          ? `${label} ${fmt(
              pick((r) => r.metrics[id]),
              3,
            )}`
          : `${label} ${fmt(
              pick((r) => r.metrics[id]),
              0,
            )} ms`,
      ).join('  '),
  );
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  below 0.9 in some run: ${failing.join(', ')}`);
}

const server = await startServer();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  console.log(`Machine: ${await machine()}; Lighthouse desktop preset, ${RUNS} runs each, medians`);
  const token = await login(server.url, DEMO.psychologist);
  const user = (
    await (await fetch(`${server.url}/api/auth/me`, { headers: { 'x-token': token } })).json()
  ).user;
  const loginRuns = [];
  const listRuns = [];
  for (let run = 0; run < RUNS; run += 1) {
    loginRuns.push(await audit(browser, `${server.url}/login`, null));
    listRuns.push(
      await audit(browser, `${server.url}/psychologist/dashboard/patients`, [token, user]),
    );
  }
  report('/login', loginRuns);
  report('/psychologist/dashboard/patients (the demo caseload)', listRuns);
} finally {
  await browser.close();
  await server.stop();
}
