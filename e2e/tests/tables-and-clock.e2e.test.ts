/**
 * "What the clinician decided is what the screen shows", in a real browser at 360 and 1366 px:
 * the level in force is the one readable in its row ('Mis Pacientes', 'Evaluaciones'); no text
 * in a table is cut; 'Evaluaciones' shows the level first on a phone, without sideways
 * scrolling; and every time is on the service's clock (docs/decisions.md#one-clock) in a browser
 * set to another zone. axe-core finds nothing on any of these screens.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { calmAnswers, severeAnswers } from '../../apps/api/test/helpers/assessments';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';
import { cutTextIn, drawnInside, sidewaysOverflow } from '../support/tables';

/** The service's zone (SERVICE_TIME_ZONE's default), and the browser's: six hours apart. */
const SERVICE_ZONE = 'America/Guayaquil';
const BROWSER_ZONE = 'Europe/Madrid';
const WIDTHS = [360, 1366];
const DASHBOARD = '/psychologist/dashboard';

let browser: Browser;
let product: RunningProduct;
let psychologist: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let token: string;

interface Listed {
  _id: string;
  firstName: string;
  lastName: string;
}

/** Ideation with intent and no behaviour: the scale says ALTO. */
function highAnswers() {
  const yes = (description: string) => ({ present: true, description });
  return {
    ...calmAnswers(),
    deathWish: yes('Desea no despertar algunas noches'),
    nonSpecificActiveSuicidalThoughts: yes('Piensa en quitarse la vida tras los exámenes'),
    activeSuicidalIdeationWithMethods: yes('Pensó en saltar desde un puente'),
    activeSuicidalIdeationWithIntent: yes('Dice que lo haría si reprueba'),
    ideationIntensity: {
      mostSeriousIdeationType: 4,
      mostSeriousIdeationDescription: 'Intención sin plan concreto',
      frequency: 2,
    },
  };
}

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await product.server.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** A student whose long name, e-mail and career must wrap, never be cut. */
const LONG = {
  firstName: 'Maximiliano Alejandro',
  lastName: 'Villavicencio Santamaría',
  email: 'maximiliano.alejandro.villavicencio@estudiantes.psicocampus.test',
  career: 'Ingeniería en Telecomunicaciones y Redes Digitales',
};

let judged: Listed;
let assessedAt: string;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  psychologist = await newPage(browser, { timezoneId: BROWSER_ZONE });
  await signIn(psychologist.page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  token = (await storedToken(psychologist.page))!;

  // The scale says ALTO; the psychologist records MUY_ALTO.
  const [first] = (await api('GET', '/api/students')).students as Listed[];
  judged = first!;
  const saved = await api('POST', '/api/suicide-assessments', {
    ...highAnswers(),
    student: judged._id,
  });
  expect(saved.assessment.riskLevel).toBe('ALTO');
  assessedAt = saved.assessment.createdAt;
  await api('PUT', `/api/suicide-assessments/${saved.assessment._id}/clinician-level`, {
    level: 'MUY_ALTO',
    reason: 'Acceso a medios en casa y sin red de apoyo; lo valoro como muy alto.',
  });

  const long = await api('POST', '/api/students', {
    ...LONG,
    age: 22,
    gender: 'MASCULINO',
    phone: '+593 99 765 4321',
    city: 'Guayaquil',
    careerLevel: 'QUINTO',
    employmentStatus: 'DESEMPLEADO',
  });
  await api('POST', '/api/suicide-assessments', {
    ...severeAnswers(),
    student: long.student._id,
  });

  admin = await newPage(browser, { timezoneId: BROWSER_ZONE });
  await signIn(admin.page, product.url, DEMO.admin, /\/dashboard\/home$/);
  // A student moved to another psychologist: a mail in the queue, to the one who lost them.
  const moved = await api('POST', '/api/students', {
    ...LONG,
    firstName: 'Olga',
    lastName: 'Quispe',
    email: 'olga.quispe@estudiantes.psicocampus.test',
    age: 20,
    gender: 'FEMENINO',
    phone: '+593 99 765 4322',
    city: 'Quito',
    careerLevel: 'PRIMERO',
    employmentStatus: 'DESEMPLEADO',
  });
  const adminToken = (await storedToken(admin.page))!;
  const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    product.server.app.inject({
      method,
      url,
      headers: { 'x-token': adminToken },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const staff = (await asAdmin('GET', '/api/users')).json().users as Array<{
    _id: string;
    email: string;
  }>;
  const other = staff.find((user) => user.email === DEMO.psychologist2.email)!;
  const assigned = await asAdmin('PUT', `/api/students/${moved.student._id}/assignment`, {
    psychologistId: other._id,
  });
  expect(assigned.statusCode).toBe(200);
});
afterAll(async () => {
  await psychologist.context.close();
  await admin.context.close();
  await browser.close();
  await product.close();
});

/** '21 de noviembre de 2026 a las 10:30' on `zone`'s clock, as the browser itself writes it. */
function onClock(page: Page, iso: string, zone: string): Promise<string> {
  return page.evaluate(
    ([instant, timeZone]) =>
      new Intl.DateTimeFormat('es', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
      }).format(new Date(instant!)),
    [iso, zone],
  );
}

describe("'Mis Pacientes': the clinician's level is the one readable in its row", () => {
  const bodyRows = (page: Page) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') });

  it.each(WIDTHS)(
    'at %i px: Muy alto over the scale’s Alto, whole inside its row',
    async (width) => {
      const { page } = psychologist;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${product.url}${DASHBOARD}/patients`);
      const row = bodyRows(page).filter({ hasText: `${judged.firstName} ${judged.lastName}` });
      await row.waitFor();

      const inForce = row.locator('[data-level-in-force]');
      expect(await inForce.getAttribute('data-level-in-force')).toBe('MUY_ALTO');
      expect(await inForce.textContent()).toMatch(/Muy alto\W*Clínico/);
      expect(await drawnInside(inForce, row)).toBe(true);
      // The scale's level beside it, inside the row too.
      const scale = row.locator('[data-kind="engine"]');
      expect(await scale.textContent()).toMatch(/Escala:\W*Alto/);
      expect(await drawnInside(scale, row)).toBe(true);

      // Rows never overlap: each starts where the one above it ends, or lower.
      const boxes = await bodyRows(page).evaluateAll((rows) =>
        rows
          .map((element) => element.getBoundingClientRect())
          .sort((a, b) => a.top - b.top)
          .map((box) => ({ top: box.top, bottom: box.bottom })),
      );
      for (let i = 1; i < boxes.length; i += 1) {
        expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
      }
      expect(await cutTextIn(page)).toEqual([]);
      expect(await violationsOn(page)).toEqual([]);
    },
  );

  it.each(WIDTHS)('at %i px: a long name, e-mail and career are read whole', async (width) => {
    const { page } = psychologist;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${product.url}${DASHBOARD}/patients`);
    await page.getByRole('searchbox').fill('Villavicencio');
    const row = bodyRows(page).filter({ hasText: 'Villavicencio' });
    await row.waitFor();
    for (const text of [`${LONG.firstName} ${LONG.lastName}`, LONG.email, LONG.career]) {
      const shown = row.getByText(text, { exact: true });
      expect(await shown.isVisible()).toBe(true);
      expect(await drawnInside(shown, row)).toBe(true);
    }
    expect(await cutTextIn(page)).toEqual([]);
    expect(await violationsOn(page)).toEqual([]);
  });
});

describe("'Evaluaciones': the level first, whole, and times on the service's clock", () => {
  it.each(WIDTHS)('at %i px: the level is the first thing of each row, in sight', async (width) => {
    const { page } = psychologist;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${product.url}${DASHBOARD}/Evaluaciones`);
    const table = page.getByRole('table');
    await table.waitFor();
    const row = table
      .getByRole('row')
      .filter({ hasText: `${judged.firstName} ${judged.lastName}` });
    const inForce = row.locator('[data-level-in-force]');
    expect(await inForce.getAttribute('data-level-in-force')).toBe('MUY_ALTO');
    expect(await inForce.textContent()).toMatch(/Muy alto\W*Clínico/);

    // Seen without scrolling sideways: inside the window, and nothing to scroll to.
    const box = (await inForce.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await sidewaysOverflow(page.locator('main table').locator('..'))).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    // First in its row, as read and as drawn: every other cell is beside it or under it.
    const cells = row.locator(':scope > th, :scope > td');
    expect(await cells.first().locator('[data-level-in-force]').count()).toBe(1);
    const placed = await cells.evaluateAll((elements) =>
      elements.map((cell) => {
        const { top, left, right } = cell.getBoundingClientRect();
        return { top, left, right };
      }),
    );
    const [level, ...others] = placed;
    for (const cell of others) {
      const under = cell.top > level!.top + 1;
      const beside = Math.abs(cell.top - level!.top) <= 1 && cell.left >= level!.right - 1;
      expect(under || beside).toBe(true);
    }

    expect(await cutTextIn(page)).toEqual([]);
    expect(await violationsOn(page)).toEqual([]);
  });

  it("shows the assessment's time on the service's clock, not the browser's", async () => {
    const { page } = psychologist;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${product.url}${DASHBOARD}/Evaluaciones`);
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `${judged.firstName} ${judged.lastName}` });
    const shown = (await row.locator(`time[datetime="${assessedAt}"]`).textContent())!.trim();
    expect(shown).toBe(await onClock(page, assessedAt, SERVICE_ZONE));
    expect(shown).not.toBe(await onClock(page, assessedAt, BROWSER_ZONE));
  });
});

describe("the administrator's tables: nothing cut, times on the service's clock", () => {
  const SCREENS = [
    { path: 'users', ready: (page: Page) => page.getByRole('table').first().waitFor() },
    { path: 'audit', ready: (page: Page) => page.getByRole('table').first().waitFor() },
    { path: 'mail', ready: (page: Page) => page.getByRole('table').first().waitFor() },
  ];

  it.each(WIDTHS)('at %i px: users, the audit log and the mail queue', async (width) => {
    const { page } = admin;
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(`${product.url}/dashboard/${screen.path}`);
      await screen.ready(page);
      found.push(...(await cutTextIn(page)).map((line) => `${screen.path}: ${line}`));
      found.push(...(await violationsOn(page)).map((line) => `${screen.path} axe: ${line}`));
    }
    expect(found).toEqual([]);
  });

  it("dates the audit log's entries on the service's clock", async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${product.url}/dashboard/audit`);
    const first = page.getByRole('table').getByRole('row').nth(1).getByRole('rowheader');
    const shown = (await first.textContent())!.trim();
    const adminToken = (await storedToken(page))!;
    const answer = await product.server.app.inject({
      method: 'GET',
      url: '/api/audit?pageSize=200',
      headers: { 'x-token': adminToken },
    });
    const instants = (answer.json().entries as Array<{ at: string }>).map((entry) => entry.at);
    const onService = await Promise.all(instants.map((at) => onClock(page, at, SERVICE_ZONE)));
    const onBrowser = await Promise.all(instants.map((at) => onClock(page, at, BROWSER_ZONE)));
    expect(onService).toContain(shown);
    expect(onBrowser).not.toContain(shown);
  });
});
