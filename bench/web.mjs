// npm run bench:web — Core Web Vitals (LCP, CLS, total blocking time) of
// /login and of the patients list, and the time to an interactive list of
// 5,000 students, in headless Chromium, median of 5 runs; then the search
// box's filtering time per keystroke (docs/limits-and-budgets.md#speed-and-size-budgets: within one frame).
import { launch } from './lib/browser.mjs';
import { DEMO, fmt, login, machine, median, percentile, startServer } from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STUDENTS = 5_000;

/** Collects LCP, CLS, long tasks and FCP from the first byte on. */
const VITALS_PROBE = () => {
  const vitals = { lcp: 0, cls: 0, fcp: 0, longTasks: [] };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

async function measure(browser, url, path, ready, session) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  await context.addInitScript(VITALS_PROBE);
  if (session) {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('x-token', token);
        localStorage.setItem('userId', user.id);
        localStorage.setItem('user-data', JSON.stringify({ ok: true, user }));
      },
      [session.token, session.user],
    );
  }
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await ready(page);
  const interactiveMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(() => window.__vitals);
  const tbt = vitals.longTasks
    .filter(([start]) => start >= vitals.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await context.close();
  return { lcp: vitals.lcp, cls: vitals.cls, tbt, interactiveMs };
}

function summarize(title, runs, withInteractive) {
  const pick = (key) => median(runs.map((run) => run[key]));
  console.log(
    `  ${title.padEnd(34)} LCP ${fmt(pick('lcp'), 0)} ms  CLS ${fmt(pick('cls'), 3)}  TBT ${fmt(pick('tbt'), 0)} ms` +
      (withInteractive ? `  interactive ${fmt(pick('interactiveMs'), 0)} ms` : ''),
  );
}

const server = await startServer();
const browser = await launch();
try {
  console.log(`Machine: ${await machine()}; ${RUNS} runs each, medians`);
  const token = await login(server.url, DEMO.psychologist);
  const user = (
    await (await fetch(`${server.url}/api/auth/me`, { headers: { 'x-token': token } })).json()
  ).user;
  const { response } = await importStudents(
    server.url,
    token,
    await studentsWorkbook(server.url, token, STUDENTS, 'web'),
  );
  if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
  const total = (
    await (await fetch(`${server.url}/api/students`, { headers: { 'x-token': token } })).json()
  ).total;
  console.log(`Caseload: ${total} students\n`);

  const loginRuns = [];
  const listRuns = [];
  for (let run = 0; run < RUNS; run += 1) {
    loginRuns.push(
      await measure(browser, server.url, '/login', (page) =>
        page.getByRole('button', { name: 'Iniciar sesión' }).waitFor(),
      ),
    );
    listRuns.push(
      await measure(
        browser,
        server.url,
        '/psychologist/dashboard/patients',
        async (page) => {
          await page
            .getByText(`${total.toLocaleString('es')} pacientes`)
            .or(page.getByText(`${total} pacientes`))
            .waitFor({ timeout: 60_000 });
          await page.getByRole('row').nth(1).waitFor();
        },
        { token, user },
      ),
    );
  }
  summarize('/login', loginRuns, false);
  summarize(`/patients (${total} students)`, listRuns, true);

  // Filtering while typing: from each key press to the table's next change.
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('x-token', t);
      localStorage.setItem('userId', u.id);
      localStorage.setItem('user-data', JSON.stringify({ ok: true, user: u }));
    },
    [token, user],
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/psychologist/dashboard/patients`);
  await page.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
  const search = page.getByRole('searchbox');
  await page.evaluate(() => {
    // The page around the table: a word with no match replaces the table
    // with a message, and the next key brings a new table.
    const table = document.querySelector('[role="table"]')?.parentElement ?? document.body;
    window.__filterTimes = [];
    window.__workTimes = [];
    let pressedAt = null;
    document.addEventListener('keydown', () => (pressedAt = performance.now()), true);
    new MutationObserver(() => {
      if (pressedAt === null) return;
      const started = pressedAt;
      pressedAt = null;
      // The page's own work: until the table holds the filtered rows.
      window.__workTimes.push(performance.now() - started);
      // Until the frame that shows the change is painted: this adds the wait
      // for the display's next frame, which depends on when the key came.
      requestAnimationFrame(() => window.__filterTimes.push(performance.now() - started));
    }).observe(table, {
      subtree: true,
      childList: true,
      characterData: true,
      // The number of results: it changes with almost every key, even when
      // the rows in view happen to stay the same.
      attributes: true,
      attributeFilter: ['aria-rowcount'],
    });
  });
  const times = [];
  const work = [];
  for (const word of ['maria', 'jose', 'nuñez', 'ana', 'perez']) {
    await search.click();
    await search.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      window.__filterTimes = [];
      window.__workTimes = [];
    });
    await search.pressSequentially(word, { delay: 200 });
    await page.waitForTimeout(400);
    times.push(...(await page.evaluate(() => window.__filterTimes)));
    work.push(...(await page.evaluate(() => window.__workTimes)));
  }
  await context.close();
  console.log(
    `\nSearch box over ${total} students: ${times.length} keystrokes, median ${fmt(median(times))} ms, ` +
      `p95 ${fmt(percentile(times, 95))} ms to the painted result (one frame = 16.7 ms)`,
  );
  console.log(
    `  the page's work per keystroke (key press to filtered table): median ${fmt(median(work))} ms, ` +
      `p95 ${fmt(percentile(work, 95))} ms, slowest ${fmt(Math.max(...work))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
