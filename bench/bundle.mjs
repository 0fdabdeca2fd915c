// npm run bench:bundle — what JavaScript the browser really loads (PRODUCT §12):
// on /login and on the patients list, from a production build, measured in
// Chromium through its network log; gzip sizes, react-dom copies, each
// remote's entry, and where nivo shows up.
import { gzipSync } from 'node:zlib';
import { launch } from './lib/browser.mjs';
import { DEMO, fmt, login, machine, startServer } from './lib/product.mjs';

const BUDGET_LOGIN_KB = 170;
const BUDGET_REMOTE_ENTRY_KB = 30;
const REACT_DOM_MARKER = '__reactContainer$';
const NIVO_MARKER = 'nivo';

const kb = (bytes) => bytes / 1024;

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

function report(title, scripts, budgetKb) {
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
  return { totalKb: kb(total), copies };
}

const server = await startServer();
const browser = await launch();
try {
  console.log(`Machine: ${await machine()}`);
  const loginScripts = await scriptsOf(browser, server.url, '/login', {
    waitFor: 'Iniciar sesión',
  });
  report('/login', loginScripts, BUDGET_LOGIN_KB);

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
  report('/psychologist/dashboard/statistics (nivo expected here)', statsScripts);

  console.log('\nRemote entries (remoteEntry.js)');
  for (const name of ['auth', 'patients', 'assessment', 'admin']) {
    const body = Buffer.from(
      await (await fetch(`${server.url}/remotes/${name}/remoteEntry.js`)).arrayBuffer(),
    );
    const gzip = kb(gzipSync(body).length);
    console.log(
      `  ${name.padEnd(11)} ${fmt(gzip).padStart(6)} KB gzip  budget ${BUDGET_REMOTE_ENTRY_KB} KB → ${gzip <= BUDGET_REMOTE_ENTRY_KB ? 'met' : 'MISSED'}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
