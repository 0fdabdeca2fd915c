// npm run bench:agenda — docs/limits-and-budgets.md#server: the agenda of a psychologist
// with 500 students and 2,000 appointments in a month. The server: how long
// GET /api/appointments?from=&to= takes for that month and for one of its
// weeks (budget: under 300 ms). The browser: how long a week change takes on
// the production build, from the click on "Semana siguiente" to the new
// week painted with its appointments, the first time (its request included)
// and again from the cache (the page's own work; budget: one frame).
import { launch } from './lib/browser.mjs';
import { DEMO, fmt, login, machine, median, percentile, startServer } from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

const STUDENTS = 500;
const PER_STUDENT = 4;
const READS = Number(process.env.BENCH_RUNS ?? 30);
const DAY_MS = 24 * 60 * 60_000;

const call = async (url, token, path, init = {}) => {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { 'x-token': token, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
};

/** The first Monday at least two weeks ahead, 00:00 UTC: four whole weeks of future appointments. */
function firstWeek(now = Date.now()) {
  const start = new Date(now + 14 * DAY_MS);
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + ((8 - start.getUTCDay()) % 7));
  return start;
}

/**
 * How many weeks the first seeded week (a Monday, `firstWeek`) is after the
 * week the agenda opens on: this week on the service's clock (UTC-5, as the
 * seeded hours are), counted between the two Mondays. Dividing the time
 * left by a week instead landed one week short on some weekdays, and the
 * bench waited for appointments that week never had.
 */
function weeksAhead(from, now = Date.now()) {
  const today = new Date(now - 5 * 60 * 60 * 1000);
  today.setUTCHours(0, 0, 0, 0);
  const monday = +today - ((today.getUTCDay() + 6) % 7) * DAY_MS;
  return Math.round((+from - monday) / (7 * DAY_MS));
}

/** 2,000 appointments over 28 days, 4 per student, on working hours, as four clients would book them. */
async function seedAppointments(url, token, students, from) {
  const bodies = [];
  students.forEach((student, index) => {
    for (let k = 0; k < PER_STUDENT; k += 1) {
      const n = index * PER_STUDENT + k;
      const day = n % 28;
      // 14:00–01:30 UTC: 09:00–20:30 in the service's default zone (UTC-5).
      const minutes = 14 * 60 + (Math.floor(n / 28) % 24) * 30;
      bodies.push({
        studentId: student._id,
        date: new Date(from.getTime() + day * DAY_MS + minutes * 60_000).toISOString(),
        durationMinutes: 50,
        reason: 'Seguimiento',
        notes: '',
        confirmOverlap: true,
      });
    }
  });
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      await call(url, token, '/api/appointments', { method: 'POST', body: JSON.stringify(body) });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return bodies.length;
}

async function timeReads(url, token, from, to) {
  const path = `/api/appointments?from=${from.toISOString()}&to=${to.toISOString()}`;
  const times = [];
  let count = 0;
  let bytes = 0;
  for (let run = 0; run < READS + 2; run += 1) {
    const started = performance.now();
    const response = await call(url, token, path, { headers: { 'accept-encoding': 'gzip' } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    // The first two warm the server's caches and the database's.
    if (run >= 2) times.push(elapsed);
    count = JSON.parse(text).appointments.length;
    bytes = text.length;
  }
  return { times, count, bytes };
}

function report(title, { times, count, bytes }) {
  console.log(
    `  ${title.padEnd(30)} ${String(count).padStart(5)} appointments, ${fmt(bytes / 1024, 0)} KiB JSON: ` +
      `median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms, slowest ${fmt(Math.max(...times))} ms`,
  );
}

/**
 * In the page: clicks `label`, waits for a frame that shows the new week
 * with its appointments, and resolves with the ms from the click to the
 * last change of the DOM for it (the page's own work: the click, the
 * render, the commit) and to that frame.
 */
const WEEK_CHANGE = async (label) => {
  const main = document.querySelector('main') ?? document.body;
  const heading = () => main.querySelector('h2')?.textContent ?? '';
  const button = [...main.querySelectorAll('button')].find((b) => b.textContent.includes(label));
  let lastChange = 0;
  const observer = new MutationObserver(() => {
    lastChange = performance.now();
  });
  observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
  const before = heading();
  const started = performance.now();
  button.click();
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - started > 20_000) {
      observer.disconnect();
      throw new Error(
        `After '${before}', '${label}' showed no booked appointment within 20 s ('${heading()}'): ` +
          'the page is not on the seeded weeks, or it never finished loading.',
      );
    }
    const shown = main.querySelectorAll('[aria-label$=", Programada"]').length;
    if (heading() !== before && shown > 0 && !main.textContent.includes('Cargando')) {
      observer.disconnect();
      return { work: lastChange - started, frame: performance.now() - started, shown };
    }
  }
};

const server = await startServer();
const browser = await launch();
try {
  console.log(`Machine: ${await machine()}; ${server.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  const token = await login(server.url, DEMO.psychologist);
  const seeding = performance.now();
  const { response } = await importStudents(
    server.url,
    token,
    await studentsWorkbook(server.url, token, STUDENTS, 'agenda'),
  );
  if (!response.ok) throw new Error(`seeding students failed: ${response.status}`);
  const students = (await (await call(server.url, token, '/api/students')).json()).students;
  const from = firstWeek();
  const booked = await seedAppointments(server.url, token, students, from);
  console.log(
    `Seeded ${students.length} students and ${booked} appointments in 28 days from ${from.toISOString().slice(0, 10)} ` +
      `in ${fmt((performance.now() - seeding) / 1000)} s\n`,
  );

  console.log(`Server: GET /api/appointments?from=&to=, ${READS} reads each (budget: 300 ms)`);
  report('the 28 days', await timeReads(server.url, token, from, new Date(+from + 28 * DAY_MS)));
  report('one week', await timeReads(server.url, token, from, new Date(+from + 7 * DAY_MS)));

  const user = (await (await call(server.url, token, '/api/auth/me')).json()).user;
  const context = await browser.newContext({
    viewport: { width: 1350, height: 940 },
    timezoneId: 'America/Guayaquil',
  });
  await context.addInitScript(
    ([session, account]) => {
      localStorage.setItem('x-token', session);
      localStorage.setItem('userId', account.id);
      localStorage.setItem('user-data', JSON.stringify({ ok: true, user: account }));
    },
    [token, user],
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/psychologist/dashboard/agenda`);
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await page.getByRole('heading', { level: 2 }).waitFor();
  // From this week to the week before the seeded ones.
  for (let week = 1; week < weeksAhead(from); week += 1) {
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
  }
  await page.waitForTimeout(500);
  const first = [];
  const cached = [];
  for (let round = 0; round < 3; round += 1) {
    for (let week = 0; week < 4; week += 1) {
      const result = await page.evaluate(`(${WEEK_CHANGE.toString()})('Semana siguiente')`);
      (round === 0 ? first : cached).push(result);
    }
    for (let week = 0; week < 4; week += 1) {
      await page.getByRole('button', { name: /Semana anterior/ }).click();
    }
    await page.waitForTimeout(200);
  }
  if (process.env.BENCH_PROFILE) {
    // Where a cached week change spends its time: self time by function, in Chromium's profiler.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    for (let week = 0; week < 4; week += 1) {
      await page.evaluate(`(${WEEK_CHANGE.toString()})('Semana siguiente')`);
    }
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, index) => {
      const frame = byId.get(id).callFrame;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
    console.log('\nSelf time over 4 cached week changes (ms):');
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`  ${fmt(ms)}  ${key}`);
    }
  }
  const shown = first.map((r) => r.shown);
  const line = (title, runs) =>
    console.log(
      `  ${title.padEnd(32)} work median ${fmt(median(runs.map((r) => r.work)))} ms, slowest ${fmt(Math.max(...runs.map((r) => r.work)))} ms; ` +
        `painted after median ${fmt(median(runs.map((r) => r.frame)))} ms`,
    );
  console.log(
    `\nBrowser: a week change on the production build (${shown.join(', ')} appointments a week; budget: one frame, 16.7 ms)`,
  );
  line('first visit (with its request)', first);
  line(`from the cache (${cached.length} changes)`, cached);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
