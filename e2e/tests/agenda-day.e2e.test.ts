import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bookThroughApi, nextWeekAt } from '../support/appointments';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * The agenda shows the day as it is (docs/screens-and-routes.md#agenda), on
 * the demo service a first `npm start` creates (SEED_DEMO=showcase), at a
 * laptop's and a phone's width: appointments before 07:00 and after 21:00
 * at their true row, two that overlap side by side, a block's whole text
 * within reach, the past ones still 'Programada' flagged and listed, and
 * the new appointment's student found by name.
 */

const ZONE = 'America/Guayaquil';
const EARLY = 'Guardia de madrugada';
const LATE = 'Sesión nocturna';
const FIRST = 'Control de la tarde';
const SECOND = 'Revisión del plan de seguridad con la familia';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct({ env: { SEED_DEMO: 'showcase', SERVICE_TIME_ZONE: ZONE } });
  ({ context, page } = await newPage(browser));
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  // Next Wednesday: one at 05:00, one at 21:30, and two that overlap after the working sessions.
  const token = (await storedToken(page)) ?? '';
  const { students } = (await (
    await fetch(`${product.url}/api/students?page=1&pageSize=5`, { headers: { 'x-token': token } })
  ).json()) as { students: Array<{ _id: string }> };
  const [a, b, c, d] = students.map((student) => student._id) as [string, string, string, string];
  const wednesday = (hour: number, minute = 0) => nextWeekAt(3, hour, minute, ZONE);
  await bookThroughApi(product, token, { studentId: a, date: wednesday(5), reason: EARLY });
  await bookThroughApi(product, token, { studentId: b, date: wednesday(21, 30), reason: LATE });
  await bookThroughApi(product, token, { studentId: c, date: wednesday(17, 30), reason: FIRST });
  await bookThroughApi(product, token, { studentId: d, date: wednesday(18), reason: SECOND });
}, 180_000);
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

async function expectNoAxeViolations() {
  expect(await violationsOn(page)).toEqual([]);
}

async function expectNoSidewaysScroll() {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function openAgenda(view: 'semana' | 'lista' | 'sin-registrar') {
  await page.goto(`${product.url}/psychologist/dashboard/agenda?vista=${view}`);
  await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not drawn');
  return found;
}

/** An hour of the grid's gutter ('05:00'), as drawn. */
const hourLabel = (hour: string) => page.getByText(hour, { exact: true });

/** A block's line: its time (0), student (1), reason (2) or status (3). */
const lineOf = (block: Locator, line: number) => block.locator(':scope > span').nth(line);

/** Whether `inner`'s lines are drawn within `outer`'s height. */
async function linesWithin(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await box(inner), await box(outer)];
  return a.height > 0 && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
}

/** Whether `inner` is drawn whole within `outer`: its lines inside, its text not cut short. */
async function drawnWithin(inner: Locator, outer: Locator): Promise<boolean> {
  const cut = await inner.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  return !cut && (await linesWithin(inner, outer));
}

async function checkNextWeek() {
  await openAgenda('semana');
  await page.getByRole('button', { name: /Semana siguiente/ }).click();
  const wednesday = page.getByRole('region', { name: /^Miércoles/ });
  const early = wednesday.getByRole('button', { name: new RegExp(`^05:00–05:50, .*, ${EARLY}`) });
  await early.waitFor();
  await expectNoAxeViolations();
  await expectNoSidewaysScroll();

  // At their true rows: the hours run from 05:00 to 23:00.
  const hour = (await box(hourLabel('06:00'))).y - (await box(hourLabel('05:00'))).y;
  expect(hour).toBeGreaterThan(40);
  expect(Math.abs((await box(early)).y - (await box(hourLabel('05:00'))).y)).toBeLessThan(3);
  const late = wednesday.getByRole('button', { name: new RegExp(`^21:30–22:20, .*, ${LATE}`) });
  const lateBox = await box(late);
  expect(Math.abs(lateBox.y - ((await box(hourLabel('21:00'))).y + hour / 2))).toBeLessThan(3);
  expect(Math.abs(lateBox.height - (hour * 50) / 60)).toBeLessThan(3);
  await hourLabel('22:00').waitFor();

  // A 50-minute block alone shows its time, student and reason, one line each.
  for (const part of [0, 1, 2]) {
    expect(await linesWithin(lineOf(early, part), early)).toBe(true);
  }

  // Two that overlap stand side by side, sharing the day's column.
  const first = wednesday.getByRole('button', { name: new RegExp(`^17:30–18:20, .*, ${FIRST}`) });
  const second = wednesday.getByRole('button', { name: new RegExp(`^18:00–18:50, .*, ${SECOND}`) });
  const [a, b, column] = [await box(first), await box(second), await box(wednesday)];
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
  expect(a.x).toBeGreaterThanOrEqual(column.x);
  expect(b.x + b.width).toBeLessThanOrEqual(column.x + column.width + 1);
  expect(Math.abs(a.width - b.width)).toBeLessThan(2);
  expect(a.width).toBeLessThan(column.width / 2);

  // The narrow one's whole reason: shown while pointed at, and in its details.
  const reason = lineOf(second, 2);
  await second.hover();
  expect(await drawnWithin(reason, second)).toBe(true);
  await expectNoAxeViolations();
  await second.click();
  const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
  await details.getByText(SECOND, { exact: true }).waitFor();
  await expectNoAxeViolations();
  await details.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await details.waitFor({ state: 'detached' });
}

/** The Nueva cita dialog from a free slot of next Thursday's evening, its student looked for by name. */
async function checkStudentPicker(slot: '19:00' | '20:00', book: boolean) {
  await openAgenda('semana');
  await page.getByRole('button', { name: /Semana siguiente/ }).click();
  await page.getByRole('button', { name: new RegExp(`^Jueves .*, ${slot}, libre$`) }).click();
  const form = page.getByRole('dialog', { name: 'Nueva cita' });
  const picker = form.getByRole('combobox', { name: /Estudiante/ });
  await picker.fill('zzzz');
  await form.getByText('Ningún estudiante tuyo coincide con «zzzz».', { exact: false }).waitFor();
  await expectNoAxeViolations();
  // The server's search, without accents: 'nunez' finds Andrés Núñez Salazar.
  await picker.fill('nunez');
  const option = form.getByRole('option', { name: /Andrés Núñez Salazar/ });
  await option.waitFor();
  expect(await form.getByRole('option').count()).toBe(1);
  expect(await picker.getAttribute('aria-expanded')).toBe('true');
  await expectNoAxeViolations();
  await picker.press('ArrowDown');
  expect(await picker.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
  await picker.press('Enter');
  expect(await picker.inputValue()).toBe('Andrés Núñez Salazar');
  if (!book) {
    await form.getByRole('button', { name: 'Cancelar' }).click();
    return;
  }
  await form.getByLabel(/^Motivo/).fill('Primera entrevista');
  await form.getByRole('button', { name: 'Agendar Cita' }).click();
  const done = page.getByRole('dialog').filter({ hasText: '¡Cita Agendada!' });
  await done.waitFor();
  await expectNoAxeViolations();
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await page
    .getByRole('button', {
      name: /^19:00–19:50, Andrés Núñez Salazar, Primera entrevista, Programada$/,
    })
    .waitFor();
}

describe('the agenda shows the day as it is', () => {
  it('draws next week at a laptop width: early and late at their rows, overlaps side by side, each text within reach', async () => {
    await checkNextWeek();
  });

  it('finds the new appointment’s student by name, at a laptop width', async () => {
    await checkStudentPicker('19:00', true);
  });

  it('flags and lists the past appointments still "Programada", and the home counts them', async () => {
    await page.goto(`${product.url}/psychologist/dashboard`);
    const line = page.getByText('2 citas sin registrar asistencia');
    await line.waitFor();
    await expectNoAxeViolations();
    await page.getByRole('link', { name: 'Registrar asistencia' }).click();
    await page.waitForURL(/\/agenda\?vista=sin-registrar$/);
    await page.getByRole('heading', { level: 2, name: 'Citas sin registrar asistencia' }).waitFor();
    const rows = page.getByRole('button', { name: /, Sin registrar asistencia$/ });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await expectNoAxeViolations();

    // Its block in the week is flagged too.
    const name = (await rows.first().getAttribute('aria-label'))!.replace(/^[^,]+, /, '');
    await openAgenda('semana');
    await page.getByRole('region', { name: /^Lunes/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // Ended within the last seven days: this week, or the one before.
    const block = page.getByRole('button', { name, exact: true });
    if (!(await block.count())) await page.getByRole('button', { name: /Semana anterior/ }).click();
    await block.waitFor();
    expect(await block.textContent()).toContain('Sin registrar asistencia');
    await expectNoAxeViolations();

    // Recorded from its details, it leaves the list and the home's count.
    await block.click();
    const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await details
      .getByText(
        'Esta cita ya terminó y sigue como Programada: registra si el estudiante asistió o no.',
      )
      .waitFor();
    await expectNoAxeViolations();
    await details.getByRole('button', { name: 'Asistió', exact: true }).click();
    const saved = page.getByRole('dialog').filter({ hasText: 'Estado de la cita actualizado' });
    await saved.getByRole('button', { name: 'Aceptar' }).click();
    await page
      .getByRole('button', { name: name.replace(/Sin registrar asistencia$/, 'Asistió') })
      .waitFor();
    await page.goto(`${product.url}/psychologist/dashboard`);
    await page.getByText('1 cita sin registrar asistencia').waitFor();
    await expectNoAxeViolations();
  });

  it('keeps all of it usable on a phone, 360 px wide', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    // The list is the first view there.
    await page.goto(`${product.url}/psychologist/dashboard/agenda`);
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lista' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectNoAxeViolations();
    await expectNoSidewaysScroll();
    // The week scrolls within its frame; its rows and columns hold as on a laptop.
    await checkNextWeek();
    await expectNoSidewaysScroll();
    // The home's line, the list of them, and one's details.
    await page.goto(`${product.url}/psychologist/dashboard`);
    await page.getByText('1 cita sin registrar asistencia').waitFor();
    await expectNoAxeViolations();
    await expectNoSidewaysScroll();
    await page.getByRole('link', { name: 'Registrar asistencia' }).click();
    const row = page.getByRole('button', { name: /, Sin registrar asistencia$/ });
    await row.waitFor();
    await expectNoAxeViolations();
    await expectNoSidewaysScroll();
    await row.click();
    const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await details.getByRole('button', { name: 'No asistió', exact: true }).waitFor();
    await expectNoAxeViolations();
    await expectNoSidewaysScroll();
    await details.getByRole('button', { name: 'Cerrar', exact: true }).click();
    // The laptop's booking took 19:00.
    await checkStudentPicker('20:00', false);
    await expectNoSidewaysScroll();
  });
});
