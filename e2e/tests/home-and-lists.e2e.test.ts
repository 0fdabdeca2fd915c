import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * The psychologist's home and the lists that can grow, on the demo service a
 * first `npm start` shows (SEED_DEMO=showcase: some forty students, a
 * hundred unsigned notes and a year of appointments for each psychologist),
 * in a real browser at 1366 × 900 and at 360 px
 * (docs/screens-and-routes.md#psychologist-home): the home fits one screen
 * and shows no note's text, 'Ver todas' reaches the paged list of pending
 * notes, 'Historial' and the administrator's assignment table are paged
 * with their totals, and a reassignment asks first. axe-core finds nothing
 * on any state visited.
 */

const HOME = '/psychologist/dashboard';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };

let browser: Browser;
let product: RunningProduct;
let psychologist: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct({ env: { SEED_DEMO: 'showcase' } });
  psychologist = await newPage(browser);
  await signIn(psychologist.page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  await bookSessionNow(psychologist.page);
  admin = await newPage(browser);
  await signIn(admin.page, product.url, DEMO.admin, /\/dashboard\/home$/);
}, 180_000);
afterAll(async () => {
  await psychologist?.context.close();
  await admin?.context.close();
  await browser?.close();
  await product?.close();
});

/** A call of the API with the page's session, as the screens make it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await storedToken(page);
  const response = await fetch(`${product.url}${path}`, { headers: { 'x-token': token! } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/**
 * Books, through the API, a session starting this second. The showcase fills
 * 'Citas de hoy' only while some of today's working hours are ahead: in the
 * evening and at weekends the list is rightly empty, yet this file lays out
 * every list with its first row.
 */
async function bookSessionNow(page: Page): Promise<void> {
  const token = (await storedToken(page))!;
  const { students } = await api<{ students: Array<{ _id: string }> }>(
    page,
    '/api/students?page=1&pageSize=1',
  );
  const response = await fetch(`${product.url}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify({
      studentId: students[0]!._id,
      date: new Date(Date.now() - 1000).toISOString(),
      reason: 'Seguimiento',
      notes: '',
      confirmOverlap: true,
    }),
  });
  expect(response.status).toBe(201);
}

interface Listed {
  _id: string;
  studentId: string;
}

/** What the notes the home names say, read from their students' records (the page holding each). */
async function textsOf(page: Page, notes: Listed[]): Promise<string[]> {
  const texts: string[] = [];
  for (const note of notes) {
    const { notes: held } = await api<{ notes: Array<{ _id: string; note: string }> }>(
      page,
      `/api/students/${note.studentId}/clinical-notes?around=${note._id}`,
    );
    const found = held.find((written) => written._id === note._id);
    texts.push(found!.note);
  }
  return texts;
}

async function expectNoViolations(page: Page) {
  expect(await violationsOn(page)).toEqual([]);
}

/** How far the page reaches past the window's right edge (px). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The home's lists, each with its first row. */
function firstRows(page: Page): Array<[string, Locator]> {
  return [
    'Seguimiento prioritario',
    'Citas de hoy',
    'Próximas citas',
    'Notas pendientes de firma',
    'Notas recientes',
  ].map((name) => [name, region(page, name).getByRole('listitem').first()]);
}

async function openHome(page: Page) {
  await page.goto(`${product.url}${HOME}`);
  await page.getByRole('heading', { level: 1, name: /^Hola/ }).waitFor();
  for (const [, row] of firstRows(page)) await row.waitFor();
  await page.waitForLoadState('networkidle');
}

describe("the psychologist's home of the demo service", () => {
  it('fits 1366 × 900 with the first rows of every list in sight', async () => {
    const { page } = psychologist;
    await page.setViewportSize(WIDE);
    await openHome(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(WIDE.height + 8);
    for (const [name, row] of firstRows(page)) {
      const box = (await row.boundingBox())!;
      expect({ name, bottom: Math.ceil(box.y + box.height) <= WIDE.height }).toEqual({
        name,
        bottom: true,
      });
    }
    expect(await overflowX(page)).toBe(0);
    await expectNoViolations(page);
  });

  it("names the notes' students and dates, never what the notes say", async () => {
    const { page } = psychologist;
    const pending = await api<{ notes: Listed[]; total: number }>(
      page,
      '/api/clinical-notes/pending-signature?pageSize=3',
    );
    const recent = await api<{ notes: Listed[] }>(page, '/api/clinical-notes/recent');
    expect(pending.total).toBeGreaterThan(3);
    const texts = await textsOf(page, [...pending.notes, ...recent.notes.slice(0, 3)]);
    await openHome(page);
    const shown = await page.locator('main').innerText();
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(20);
      expect(shown).not.toContain(text.slice(0, 40));
    }
    await region(page, 'Notas pendientes de firma')
      .getByText(`${pending.total} notas sin firmar`)
      .waitFor();
  });

  it("leads from 'Ver todas (N)' to the paged list of pending notes, with its total", async () => {
    const { page } = psychologist;
    const { total } = await api<{ total: number }>(page, '/api/clinical-notes/pending-signature');
    await openHome(page);
    await region(page, 'Notas pendientes de firma')
      .getByRole('link', { name: `Ver todas (${total})` })
      .click();
    await page.waitForURL(/\/psychologist\/dashboard\/pending-notes$/);
    await page.getByRole('heading', { level: 1, name: 'Notas pendientes de firma' }).waitFor();
    const pages = page.getByRole('navigation', {
      name: 'Páginas de las notas pendientes de firma',
    });
    const count = Math.ceil(total / 20);
    await pages.getByText(`Página 1 de ${count} · ${total} notas sin firmar`).waitFor();
    const rows = page.locator('main li');
    expect(await rows.count()).toBe(20);
    const firstPage = await api<{ notes: Listed[] }>(
      page,
      '/api/clinical-notes/pending-signature?pageSize=20',
    );
    const shown = await page.locator('main').innerText();
    for (const text of await textsOf(page, firstPage.notes.slice(0, 5))) {
      expect(shown).not.toContain(text.slice(0, 40));
    }
    await expectNoViolations(page);
    await pages.getByRole('button', { name: /Siguiente/ }).click();
    await pages.getByText(`Página 2 de ${count}`).waitFor();
    await page.waitForURL(/pending-notes\?page=2$/);
    await expectNoViolations(page);
  });

  it("leads from 'Ver todos (N)' to the whole of 'Seguimiento prioritario'", async () => {
    const { page } = psychologist;
    const { total } = await api<{ total: number }>(page, '/api/follow-up');
    await openHome(page);
    const more = region(page, 'Seguimiento prioritario').getByRole('link', {
      name: `Ver todos (${total})`,
    });
    if (total <= 3) {
      expect(await more.count()).toBe(0);
      return;
    }
    await more.click();
    await page.getByRole('heading', { level: 1, name: 'Seguimiento prioritario' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Páginas del seguimiento prioritario' })
      .getByText(`${total} estudiantes`)
      .waitFor();
    await expectNoViolations(page);
  });
});

describe("'Historial'", () => {
  it('shows each list a page at a time with its total', async () => {
    const { page } = psychologist;
    await page.setViewportSize(WIDE);
    await page.goto(`${product.url}${HOME}/history`);
    await page.getByRole('heading', { level: 1, name: 'Historial de citas' }).waitFor();
    const past = region(page, 'Citas pasadas');
    const pages = past.getByRole('navigation', { name: 'Páginas de las citas pasadas' });
    await pages.waitFor();
    const status = (await pages.getByText(/^Página 1 de \d+/).innerText()).trim();
    const [, last, total] = /Página 1 de (\d+) · ([\d.]+) citas/.exec(status)!;
    expect(Number(total!.replace('.', ''))).toBeGreaterThan(10);
    expect(await past.getByRole('listitem').count()).toBe(10);
    await expectNoViolations(page);
    await pages.getByRole('button', { name: /Siguiente/ }).click();
    await pages.getByText(`Página 2 de ${last}`).waitFor();
    await expect(page.evaluate(() => window.location.search)).resolves.toBe('?past=2');
    await expectNoViolations(page);
  });
});

describe("the administrator's assignment of students", () => {
  const table = (page: Page) =>
    page.getByRole('table', { name: 'Estudiantes del servicio y su psicólogo/a asignado/a' });

  it('is paged with the total of the service, on the users page', async () => {
    const { page } = admin;
    await page.setViewportSize(WIDE);
    await page.goto(`${product.url}/dashboard/users`);
    await table(page).waitFor();
    const { total } = await api<{ total: number }>(page, '/api/admin/students?pageSize=1');
    expect(total).toBeGreaterThan(20);
    const pages = page.getByRole('navigation', { name: 'Páginas de la asignación de estudiantes' });
    await pages.getByText(`Página 1 de ${Math.ceil(total / 20)} · ${total} estudiantes`).waitFor();
    expect(await table(page).getByRole('rowheader').count()).toBe(20);
    await expectNoViolations(page);
    const first = await table(page).getByRole('rowheader').first().innerText();
    await pages.getByRole('button', { name: /Siguiente/ }).click();
    await pages.getByText(/^Página 2 de/).waitFor();
    await expect(table(page).getByRole('rowheader').first().innerText()).resolves.not.toBe(first);
  });

  it('asks before taking a student from their psychologist, naming both; Cancelar changes nothing', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/users`);
    await table(page).waitFor();
    const { students } = await api<{
      students: Array<{
        _id: string;
        firstName: string;
        lastName: string;
        assignedPsychologist: { _id: string; firstName: string; lastName: string } | null;
      }>;
    }>(page, '/api/admin/students?pageSize=20');
    const held = students.find((student) => student.assignedPsychologist)!;
    const name = `${held.firstName} ${held.lastName}`;
    const from = `${held.assignedPsychologist!.firstName} ${held.assignedPsychologist!.lastName}`;
    const row = table(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    const select = row.getByRole('combobox', { name: `Psicólogo/a para ${name}` });
    const other = (await select.locator('option:not([disabled])').allInnerTexts()).find(
      (label) => label !== from && label !== 'Sin asignar',
    )!;
    await select.selectOption({ label: other });
    await row.getByRole('button', { name: `Asignar (${name})` }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '¿Cambiar de psicólogo/a?' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(`${name} pasará de ${from} a ${other}.`);
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(select.inputValue()).resolves.toBe(held.assignedPsychologist!._id);
    const after = await api<{ students: Array<{ assignedPsychologist: { _id: string } | null }> }>(
      page,
      `/api/admin/students?q=${encodeURIComponent(held.lastName)}&pageSize=200`,
    );
    expect(after.students.map((student) => student.assignedPsychologist?._id)).toContain(
      held.assignedPsychologist!._id,
    );
  });
});

describe('on a phone, 360 px wide', () => {
  it('lays the home out without sideways scrolling, every list in reach', async () => {
    const { page } = psychologist;
    await page.setViewportSize(PHONE);
    await openHome(page);
    expect(await overflowX(page)).toBe(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Stacked, each list its first rows: a few screens, not the 26,000 px of every note.
    expect(height).toBeLessThan(4 * 740);
    await expectNoViolations(page);
  });

  it("shows the pending notes, the follow-up, 'Historial' and the assignment table paged, without sideways scrolling", async () => {
    const { page } = psychologist;
    await page.goto(`${product.url}${HOME}/pending-notes`);
    await page
      .getByRole('navigation', { name: 'Páginas de las notas pendientes de firma' })
      .waitFor();
    expect(await overflowX(page)).toBe(0);
    await expectNoViolations(page);
    await page.goto(`${product.url}${HOME}/follow-up`);
    await page.getByRole('navigation', { name: 'Páginas del seguimiento prioritario' }).waitFor();
    expect(await overflowX(page)).toBe(0);
    await expectNoViolations(page);
    await page.goto(`${product.url}${HOME}/history`);
    await page.getByRole('navigation', { name: 'Páginas de las citas pasadas' }).waitFor();
    expect(await overflowX(page)).toBe(0);
    await expectNoViolations(page);

    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(`${product.url}/dashboard/users`);
    await admin.page
      .getByRole('navigation', { name: 'Páginas de la asignación de estudiantes' })
      .waitFor();
    expect(await overflowX(admin.page)).toBe(0);
    await expectNoViolations(admin.page);
  });
});
