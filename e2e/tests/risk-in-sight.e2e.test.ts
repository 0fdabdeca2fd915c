/**
 * The student at risk in sight, at any screen size, for the patients remote
 * (docs/screens-and-routes.md#patients-list, docs/screens-and-routes.md#student-detail): the current level (the latest assessment's, with its
 * date) in the patients list, sortable and filterable, and in the student
 * detail's header; and the psychologist's screens usable from 360 px wide.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { calmAnswers, severeAnswers } from '../../apps/api/test/helpers/assessments';
import { launchBrowser, newPage } from '../support/browser';
import { violationsOn } from '../support/axe';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let token: string;

interface Listed {
  _id: string;
  firstName: string;
  lastName: string;
  latestRisk: { assessmentId: string; level: string; assessedAt: string } | null;
}

const DASHBOARD = '/psychologist/dashboard';
const LIST = `${DASHBOARD}/patients`;
/** The browser's time zone (support/browser.ts): the date the screens show. */
const SHOWN_DATE = new Intl.DateTimeFormat('es', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'America/Guayaquil',
});

async function api(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const response = await product.server.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

async function caseload(): Promise<Listed[]> {
  return (await api('GET', '/api/students')).students as Listed[];
}

const nameOf = (student: Listed) => `${student.firstName} ${student.lastName}`;

/** The data rows the patients table has in the DOM (not its header row). */
const bodyRows = () =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

let atRisk: Listed;
let calm: Listed;
let unassessed: Listed;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  token = (await storedToken(page))!;

  const [first, second, third] = await caseload();
  // A psychologist saves two assessments, as the assessment form does.
  await api('POST', '/api/suicide-assessments', { ...severeAnswers(), student: first!._id });
  await api('POST', '/api/suicide-assessments', { ...calmAnswers(), student: second!._id });
  // An appointment, so the home and the history have something to lay out.
  await api('POST', '/api/appointments', {
    studentId: first!._id,
    date: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    reason: 'Seguimiento tras la evaluación de riesgo',
    notes: '',
  });
  const byId = new Map((await caseload()).map((student) => [student._id, student]));
  atRisk = byId.get(first!._id)!;
  calm = byId.get(second!._id)!;
  unassessed = byId.get(third!._id)!;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

describe("the student's current risk level", () => {
  it('is in the API answer: the latest assessment, or null', () => {
    expect(atRisk.latestRisk).toMatchObject({ level: 'MUY_ALTO' });
    expect(calm.latestRisk).toMatchObject({ level: 'BAJO' });
    expect(unassessed.latestRisk).toBeNull();
  });

  it("shows each student's level and date in the list, 'Sin evaluación' where there is none", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${product.url}${LIST}`);
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    await page.getByRole('columnheader', { name: 'Nivel de riesgo' }).waitFor();

    const rowOf = (student: Listed) => bodyRows().filter({ hasText: nameOf(student) });
    const date = SHOWN_DATE.format(new Date(atRisk.latestRisk!.assessedAt));
    await expect(rowOf(atRisk).textContent()).resolves.toContain('Muy alto');
    await expect(rowOf(atRisk).textContent()).resolves.toContain(date);
    await expect(rowOf(calm).textContent()).resolves.toContain('Bajo');
    await expect(rowOf(unassessed).textContent()).resolves.toContain('Sin evaluación');
  });

  it('sorts the list by level, most severe first, then the other way; unassessed last', async () => {
    const sort = page.getByRole('button', { name: /Nivel de riesgo/ });
    const header = page.getByRole('columnheader', { name: /Nivel de riesgo/ });
    await sort.click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await expect(bodyRows().first().textContent()).resolves.toContain(nameOf(atRisk));

    await sort.click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const first = (await bodyRows().first().textContent()) ?? '';
    expect(first).toContain(nameOf(calm));
    expect(first).not.toContain('Sin evaluación');
    await sort.click();
    expect(await header.getAttribute('aria-sort')).toBe('none');
  });

  it("filters the list by level, 'Sin evaluación' included", async () => {
    const filter = page.getByLabel('Filtrar por nivel de riesgo');
    await filter.selectOption({ label: 'Muy alto' });
    await page.getByText('1 paciente coincide con la búsqueda.').waitFor();
    expect(await bodyRows().count()).toBe(1);
    await expect(bodyRows().first().textContent()).resolves.toContain(nameOf(atRisk));

    await filter.selectOption({ label: 'Sin evaluación' });
    await bodyRows()
      .filter({ hasText: nameOf(unassessed) })
      .waitFor();
    expect(
      await bodyRows()
        .filter({ hasText: nameOf(atRisk) })
        .count(),
    ).toBe(0);
    expect(
      await bodyRows()
        .filter({ hasText: nameOf(calm) })
        .count(),
    ).toBe(0);
    expect(await bodyRows().filter({ hasNotText: 'Sin evaluación' }).count()).toBe(0);

    await filter.selectOption({ label: 'Todos los niveles' });
    await bodyRows()
      .filter({ hasText: nameOf(atRisk) })
      .waitFor();
  });

  it("shows the level and its date in the student detail's header", async () => {
    await page.goto(`${product.url}${LIST}/${atRisk._id}`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await page.getByRole('heading', { level: 1, name: nameOf(atRisk) }).waitFor();
    const text = (await header.textContent()) ?? '';
    expect(text).toContain('Muy alto');
    expect(text).toContain(SHOWN_DATE.format(new Date(atRisk.latestRisk!.assessedAt)));
    // The level opens the assessment it comes from.
    await header.getByRole('link', { name: /Muy alto/ }).click();
    await page.waitForURL(`**${DASHBOARD}/evaluacion/${atRisk.latestRisk!.assessmentId}`);

    await page.goto(`${product.url}${LIST}/${unassessed._id}`);
    await page.getByRole('heading', { level: 1, name: nameOf(unassessed) }).waitFor();
    expect(await header.textContent()).toContain('Sin evaluación');
  });
});

describe('the level, its sort button and its filter pass axe-core', () => {
  it('in the list (sorted and filtered) and in the detail, at 360 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${product.url}${LIST}`);
      await bodyRows()
        .filter({ hasText: nameOf(atRisk) })
        .waitFor();
      await page.getByRole('button', { name: /Nivel de riesgo/ }).click();
      await page.getByLabel('Filtrar por nivel de riesgo').selectOption({ label: 'Muy alto' });
      await page.getByText('1 paciente coincide con la búsqueda.').waitFor();
      found.push(...(await violationsOn(page)).map((line) => `list at ${width}: ${line}`));
      await page.goto(`${product.url}${LIST}/${atRisk._id}`);
      await page.getByRole('link', { name: /Muy alto/ }).waitFor();
      found.push(...(await violationsOn(page)).map((line) => `detail at ${width}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});

describe("the psychologist's screens at any screen size", () => {
  const WIDTHS = [360, 768, 1366];

  /** How far the page, and the content area, reach past the window's right edge (px). */
  function overflow() {
    return page.evaluate(() => {
      const main = document.querySelector('main')!;
      const box = main.getBoundingClientRect();
      return {
        page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        main: Math.max(
          0,
          main.scrollWidth - main.clientWidth,
          Math.ceil(box.right) - window.innerWidth,
        ),
      };
    });
  }

  /** Whether the element is shown whole inside the window's width. */
  async function withinWidth(locator: ReturnType<Page['locator']>, width: number) {
    const box = await locator.boundingBox();
    return Boolean(box && box.x >= 0 && box.x + box.width <= width && (await locator.isVisible()));
  }

  it('fits the list, the detail, the edit screen, the home and the history at 360, 768 and 1366 px', async () => {
    const screens = [
      { path: LIST, heading: 'Mis Pacientes', ready: () => page.getByRole('table').waitFor() },
      {
        path: `${LIST}/${atRisk._id}`,
        heading: nameOf(atRisk),
        ready: () => page.getByText('Muy alto').first().waitFor(),
      },
      {
        path: `${LIST}/${atRisk._id}/edit`,
        heading: 'Editar Estudiante',
        ready: () => page.locator('main form').first().waitFor(),
      },
      {
        path: DASHBOARD,
        heading: /^Hola/,
        // The home names the student of each appointment; its reason is read in the detail.
        ready: () =>
          page
            .getByRole('region', { name: 'Próximas citas' })
            .getByRole('link', { name: nameOf(atRisk) })
            .waitFor(),
      },
      {
        path: `${DASHBOARD}/history`,
        heading: 'Historial de citas',
        ready: () => page.getByText('Seguimiento tras la evaluación de riesgo').first().waitFor(),
      },
    ];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of screens) {
        await page.goto(`${product.url}${screen.path}`);
        await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
        await screen.ready();
        const measured = await overflow();
        if (measured.page > 0)
          problems.push(`${screen.path} at ${width}: page ${measured.page} px too wide`);
        if (measured.main > 0)
          problems.push(`${screen.path} at ${width}: content ${measured.main} px too wide`);
        if (screen.path === LIST) {
          const add = page.getByRole('button', { name: 'Agregar Estudiante' });
          const schedule = bodyRows()
            .first()
            .getByRole('button', { name: /^Agendar/ });
          if (!(await withinWidth(add, width)))
            problems.push(`'Agregar Estudiante' cut off at ${width}`);
          if (!(await withinWidth(schedule, width))) problems.push(`'Agendar' cut off at ${width}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
  it("fits the assessment remote's screens, the new assessment's form and the sign-in screens at 360, 768 and 1366 px", async () => {
    const assessmentId = atRisk.latestRisk!.assessmentId;
    const screens = [
      {
        path: `${DASHBOARD}/studenteva/${atRisk._id}`,
        ready: () => page.getByRole('button', { name: 'Nueva Evaluación' }).waitFor(),
      },
      {
        path: `${DASHBOARD}/Evaluaciones`,
        ready: () => page.getByRole('table').waitFor(),
      },
      {
        path: `${DASHBOARD}/evaluacion/${assessmentId}`,
        ready: () => page.getByText('Muy alto').first().waitFor(),
      },
    ];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of screens) {
        await page.goto(`${product.url}${screen.path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await screen.ready();
        const measured = await overflow();
        if (measured.page > 0)
          problems.push(`${screen.path} at ${width}: page ${measured.page} px too wide`);
        if (measured.main > 0)
          problems.push(`${screen.path} at ${width}: content ${measured.main} px too wide`);
      }
      // The form itself, in its dialog, from the student's evaluations.
      await page.goto(`${product.url}${DASHBOARD}/studenteva/${atRisk._id}`);
      await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
      const dialog = page.getByRole('dialog', { name: /Escala Columbia/ });
      await dialog.getByRole('button', { name: 'Guardar Evaluación' }).waitFor();
      const widest = await dialog.evaluate((element) =>
        Math.max(
          Math.ceil(element.getBoundingClientRect().right),
          ...[...element.querySelectorAll('*')].map((child) =>
            Math.ceil(child.getBoundingClientRect().right),
          ),
        ),
      );
      if (widest > width)
        problems.push(`the assessment form at ${width}: ${widest - width} px too wide`);
      const pageOver = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (pageOver > 0)
        problems.push(`the assessment form at ${width}: page ${pageOver} px too wide`);
      await page.keyboard.press('Escape');
    }
    // The screens before signing in, in a window of their own.
    const visitor = await newPage(browser);
    try {
      for (const width of WIDTHS) {
        await visitor.page.setViewportSize({ width, height: 800 });
        for (const path of ['/login', `/reset-password/${'a'.repeat(43)}`]) {
          await visitor.page.goto(`${product.url}${path}`);
          await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
          const over = await visitor.page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (over > 0) problems.push(`${path} at ${width}: page ${over} px too wide`);
        }
      }
    } finally {
      await visitor.context.close();
    }
    expect(problems).toEqual([]);
  });
});
