import type { Browser, BrowserContext, Page } from 'playwright-core';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

// The psychologist's Agenda (docs/screens-and-routes.md#agenda), in a real browser, at a laptop's and a phone's width.
let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

/** Closes the sweetalert2 dialog showing `title` (waits for it first). */
async function acknowledge(title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const REASON = 'Control desde la agenda';

describe("the psychologist's agenda", () => {
  it('books an appointment from a free slot, cancels it with a reason, and passes axe at 1366 and 360 px', async () => {
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await page.waitForURL(/\/psychologist\/dashboard\/agenda$/);
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    // Next week: every working hour of it is still to come, whatever the hour now.
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
    const slot = page.getByRole('button', { name: /^Martes .*, 10:00, libre$/ });
    await slot.waitFor();
    expect(await violationsOn(page)).toEqual([]);

    await slot.click();
    const form = page.getByRole('dialog', { name: 'Nueva cita' });
    await form.waitFor();
    const when = await form.getByLabel(/Fecha y hora/).inputValue();
    expect(when).toMatch(/T10:00$/);
    // The student, from the matches the picker offers (the caseload's first, unfiltered).
    await form.getByRole('combobox', { name: /Estudiante/ }).click();
    await form.getByRole('option').nth(1).click();
    await form.getByLabel(/^Motivo/).fill(REASON);
    expect(await violationsOn(page)).toEqual([]);
    await form.getByRole('button', { name: 'Agendar Cita' }).click();
    await acknowledge('¡Cita Agendada!');

    const booked = page.getByRole('button', {
      name: new RegExp(`^10:00–10:50, .*, ${REASON}, Programada$`),
    });
    await booked.waitFor();
    await booked.click();
    const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await details.getByRole('button', { name: 'Cancelar cita' }).click();
    await details.getByLabel(/Quién cancela/).selectOption({ label: 'El estudiante' });
    await details.getByLabel(/Motivo de la cancelación/).fill('Tiene un examen');
    expect(await violationsOn(page)).toEqual([]);
    await details.getByRole('button', { name: 'Cancelar cita' }).click();
    await acknowledge(/cancel/i);

    const cancelled = page.getByRole('button', { name: new RegExp(`${REASON}, Cancelada$`) });
    await cancelled.waitFor();
    // Its hour is free again.
    await slot.waitFor();
    expect(await violationsOn(page)).toEqual([]);

    // A phone: the list is the first view, and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lista' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
    await cancelled.waitFor();
    expect(await violationsOn(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

const STATUS_COLUMNS = ['Asistió', 'No asistió', 'Cancelada'] as const;
type MonthCounts = Record<(typeof STATUS_COLUMNS)[number], number>;

/** This month's row of 'Citas por mes' on the psychologist's statistics screen (zeros while it is empty). */
async function thisMonthsCounts(): Promise<MonthCounts> {
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Estadísticas' })
    .click();
  await page.waitForURL(/\/psychologist\/dashboard\/statistics$/);
  const card = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { name: /^Citas por mes/ }) });
  const toggle = card.getByRole('button', { name: 'Ver como tabla' });
  const empty = card.getByText('Todavía no hay datos para mostrar.');
  await toggle.or(empty).first().waitFor();
  if (await empty.isVisible()) return { Asistió: 0, 'No asistió': 0, Cancelada: 0 };
  await toggle.click();
  const table = card.getByRole('table');
  const headers = await table.locator('thead th').allTextContents();
  // Oldest month first: this month is the last row.
  const cells = await table.locator('tbody tr').last().locator('td').allTextContents();
  const counts = {} as MonthCounts;
  for (const column of STATUS_COLUMNS) {
    counts[column] = Number(cells[headers.indexOf(column) - 1]);
  }
  return counts;
}

/** Books, through the API, an appointment that began a minute ago (the server's grace for "now"). */
async function startedAppointment(studentId: string, reason: string): Promise<void> {
  const token = await storedToken(page);
  const response = await fetch(`${product.url}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token ?? '' },
    body: JSON.stringify({
      studentId,
      date: new Date(Date.now() - 60_000).toISOString(),
      reason,
      notes: '',
      confirmOverlap: true,
    }),
  });
  expect(response.status).toBe(201);
}

describe('a week of the agenda, done in a browser', () => {
  it('sees the week, books from a free slot, moves it, cancels one, marks one attended and one a no-show, and the statistics follow', async () => {
    const token = await storedToken(page);
    const { students } = (await (
      await fetch(`${product.url}/api/students`, { headers: { 'x-token': token ?? '' } })
    ).json()) as { students: Array<{ _id: string }> };
    // Three sessions that began a minute ago, so that they can be closed now.
    await startedAppointment(students[0]!._id, 'Sesión que se cumplió');
    await startedAppointment(students[1]!._id, 'Sesión sin el estudiante');
    await startedAppointment(students[2]!._id, 'Sesión que se cancela');
    await page.setViewportSize({ width: 1366, height: 768 });
    const before = await thisMonthsCounts();

    // The week.
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    const today = page.getByRole('region').filter({ hasText: '(hoy)' });
    await today.getByRole('button', { name: /Sesión que se cumplió, Programada$/ }).waitFor();

    // Booked from a free slot of next week, then moved half an hour later.
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
    await page.getByRole('button', { name: /^Miércoles .*, 10:00, libre$/ }).click();
    const form = page.getByRole('dialog', { name: 'Nueva cita' });
    // The student, from the matches the picker offers (the caseload's first, unfiltered).
    await form.getByRole('combobox', { name: /Estudiante/ }).click();
    await form.getByRole('option').nth(1).click();
    await form.getByLabel(/^Motivo/).fill('Primera entrevista');
    await form.getByRole('button', { name: 'Agendar Cita' }).click();
    await acknowledge('¡Cita Agendada!');
    await page
      .getByRole('button', { name: /^10:00–10:50, .*, Primera entrevista, Programada$/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await details.getByRole('button', { name: 'Reprogramar' }).click();
    const when = details.getByLabel(/Fecha y hora/);
    await when.fill((await when.inputValue()).replace(/T10:00$/, 'T10:30'));
    await details.getByRole('button', { name: 'Reprogramar' }).click();
    await acknowledge('Cita actualizada');
    await page
      .getByRole('button', { name: /^10:30–11:20, .*, Primera entrevista, Programada$/ })
      .waitFor();
    await page.getByRole('button', { name: /^Miércoles .*, 10:00, libre$/ }).waitFor();

    // Today's three, closed from the list (they began at the same minute).
    await page.getByRole('button', { name: 'Hoy' }).click();
    await page.getByRole('button', { name: 'Lista' }).click();
    const close = async (reason: string, action: string) => {
      await page.getByRole('button', { name: new RegExp(`${reason}, Programada$`) }).click();
      await page
        .getByRole('dialog', { name: 'Detalles de la cita' })
        .getByRole('button', { name: action, exact: true })
        .click();
    };
    await close('Sesión que se cumplió', 'Asistió');
    await acknowledge('Estado de la cita actualizado');
    await close('Sesión sin el estudiante', 'No asistió');
    await acknowledge('Estado de la cita actualizado');
    await close('Sesión que se cancela', 'Cancelar cita');
    const cancelling = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await cancelling.getByLabel(/Quién cancela/).selectOption({ label: 'El servicio' });
    await cancelling.getByLabel(/Motivo de la cancelación/).fill('La psicóloga está enferma');
    await cancelling.getByRole('button', { name: 'Cancelar cita' }).click();
    await acknowledge('Estado de la cita actualizado');
    await page.getByRole('button', { name: /Sesión que se cumplió, Asistió$/ }).waitFor();
    await page.getByRole('button', { name: /Sesión sin el estudiante, No asistió$/ }).waitFor();
    await page.getByRole('button', { name: /Sesión que se cancela, Cancelada$/ }).waitFor();

    // The statistics have followed, without a reload.
    expect(await thisMonthsCounts()).toEqual({
      Asistió: before.Asistió + 1,
      'No asistió': before['No asistió'] + 1,
      Cancelada: before.Cancelada + 1,
    });
  });
});
