// npm run bench:bundle — what JavaScript the browser really loads (docs/limits-and-budgets.md#speed-and-size-budgets):
// on /login and on the patients list, from a production build, measured in
// Chromium through its network log; gzip sizes, react-dom copies, each
// remote's entry, and where nivo shows up. Exits non-zero when any of these
// budgets is missed, so CI holds them (.ci/run).
import { gzipSync } from 'node:zlib';
import { REMOTE_NAMES } from '../tools/rspack/remotes.mjs';
import { launch } from './lib/browser.mjs';
import { DEMO, fmt, login, machine, startServer } from './lib/product.mjs';

// 170 KB was the first budget; its floor analysis (RESULTS.md) showed it
// needs React 18, and React 19 stays.
const BUDGET_LOGIN_KB = 195;
const BUDGET_REMOTE_ENTRY_KB = 30;
const REACT_DOM_MARKER = '__reactContainer$';
const NIVO_MARKER = 'nivo';

const kb = (bytes) => bytes / 1024;

/** Every budget missed, in words; the run fails if any. */
const missed = [];

/** Loads `path` in a fresh context; returns every script the page fetched. */
async function scriptsOf(browser, url, path, { token, user, waitFor }) {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('x-token', t);
        localStorage.setItem('userId', u.id);
        localStorage.setItem('user-data', JSON.stringify({ ok: true, user: u }));
      },
      [token, user],
    );
  }
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        file: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body).length,
        transferred: sizes.responseBodySize,
        reactDom: body.includes(REACT_DOM_MARKER),
        nivo: body.toString('latin1').includes(NIVO_MARKER),
      });
    } catch {
      // a redirect or an aborted request carries no body
    }
  });
  await page.goto(`${url}${path}`);
  await page.getByRole('heading', { name: waitFor }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

/**
 * Prints a page's scripts and checks the budgets every page shares: one
 * react-dom, and nivo only where `nivoAllowed` (a statistics screen).
 */
function report(title, scripts, { budgetKb, nivoAllowed = false } = {}) {
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`\n${title}`);
  console.log('  gzip KB  raw KB  sent KB  file');
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${fmt(kb(script.gzip)).padStart(7)}  ${fmt(kb(script.bytes)).padStart(6)}  ${fmt(kb(script.transferred)).padStart(7)}  ${script.file}${script.reactDom ? '  (react-dom)' : ''}${script.nivo ? '  (nivo)' : ''}`,
    );
  }
  const copies = scripts.filter((script) => script.reactDom).length;
  console.log(
    `  total ${fmt(kb(total))} KB gzip in ${scripts.length} files; react-dom copies: ${copies}; nivo: ${scripts.some((s) => s.nivo) ? 'LOADED' : 'not loaded'}` +
      (budgetKb ? `; budget ${budgetKb} KB → ${kb(total) <= budgetKb ? 'met' : 'MISSED'}` : ''),
  );
  if (budgetKb && kb(total) > budgetKb) {
    missed.push(`${title}: ${fmt(kb(total))} KB of JavaScript (gzip), budget ${budgetKb} KB`);
  }
  if (copies !== 1) missed.push(`${title}: ${copies} copies of react-dom, budget exactly 1`);
  if (!nivoAllowed && scripts.some((s) => s.nivo)) {
    missed.push(`${title}: nivo loaded outside a statistics screen`);
  }
  return { totalKb: kb(total), copies };
}

const server = await startServer();
let browser;
try {
  // Inside the try: a browser that fails to start must not leave the server running.
  browser = await launch();
  console.log(`Machine: ${await machine()}`);
  const loginScripts = await scriptsOf(browser, server.url, '/login', {
    waitFor: 'Iniciar sesión',
  });
  report('/login', loginScripts, { budgetKb: BUDGET_LOGIN_KB });

  const token = await login(server.url, DEMO.psychologist);
  const me = await (
    await fetch(`${server.url}/api/auth/me`, { headers: { 'x-token': token } })
  ).json();
  const listScripts = await scriptsOf(browser, server.url, '/psychologist/dashboard/patients', {
    token,
    user: me.user,
    waitFor: 'Mis Pacientes',
  });
  report('/psychologist/dashboard/patients', listScripts);

  const statsScripts = await scriptsOf(browser, server.url, '/psychologist/dashboard/statistics', {
    token,
    user: me.user,
    waitFor: 'Estadísticas',
  });
  report('/psychologist/dashboard/statistics (nivo expected here)', statsScripts, {
    nivoAllowed: true,
  });

  console.log('\nRemote entries (remoteEntry.js)');
  for (const name of REMOTE_NAMES) {
    const response = await fetch(`${server.url}/remotes/${name}/remoteEntry.js`);
    if (!response.ok) {
      missed.push(`${name}/remoteEntry.js: HTTP ${response.status}`);
      continue;
    }
    const gzip = kb(gzipSync(Buffer.from(await response.arrayBuffer())).length);
    console.log(
      `  ${name.padEnd(11)} ${fmt(gzip).padStart(6)} KB gzip  budget ${BUDGET_REMOTE_ENTRY_KB} KB → ${gzip <= BUDGET_REMOTE_ENTRY_KB ? 'met' : 'MISSED'}`,
    );
    if (gzip > BUDGET_REMOTE_ENTRY_KB) {
      missed.push(
        `${name}/remoteEntry.js: ${fmt(gzip)} KB gzip, budget ${BUDGET_REMOTE_ENTRY_KB} KB`,
      );
    }
  }
} finally {
  await browser?.close();
  await server.stop();
}

if (missed.length) {
  console.error(
    `\nBundle budgets of docs/limits-and-budgets.md#speed-and-size-budgets missed (${missed.length}):`,
  );
  for (const line of missed) console.error(`  - ${line}`);
  process.exitCode = 1;
} else {
  console.log('\nEvery bundle budget of docs/limits-and-budgets.md#speed-and-size-budgets is met.');
}
