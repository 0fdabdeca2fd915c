import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { closedAppointmentsOverAYear } from '../support/appointments';
import { launchBrowser, newPage } from '../support/browser';
import { violationsOn } from '../support/axe';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

// docs/limits-and-budgets.md#speed-and-size-budgets: no axe-core violation on any screen. Every route of docs/screens-and-routes.md#routes,
// the modals a psychologist and an administrator work in, the sign-in page's
// dialogs and the page shown when a module is down are checked as a user
// sees them, on a phone (360 px wide, the menu folded and then open) and on a
// laptop (1366 px).
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
] as const;
let browser: Browser;
let product: RunningProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  // 'Citas por mes' has bars to draw on the psychologist's statistics.
  await closedAppointmentsOverAYear(product, DEMO.psychologist.email);
});
afterAll(async () => {
  await browser.close();
  await product.close();
});

async function expectAccessible(page: Page, ready: Locator) {
  await ready.waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(await violationsOn(page)).toEqual([]);
}

describe.each(WIDTHS)('at $width px wide', (viewport) => {
  /** A fresh page at this width. */
  async function pageAtWidth(): Promise<{ page: Page; context: BrowserContext }> {
    const opened = await newPage(browser);
    await opened.page.setViewportSize(viewport);
    return opened;
  }

  describe('every screen passes axe-core', () => {
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => ({ page, context } = await pageAtWidth()));
    afterAll(() => context.close());

    it('the sign-in and password screens', async () => {
      await page.goto(`${product.url}/login`);
      await expectAccessible(page, page.getByRole('button', { name: 'Iniciar sesión' }));
      await page.goto(`${product.url}/reset-password-form`);
      await expectAccessible(page, page.getByRole('heading').first());
      await page.goto(`${product.url}/reset-password/${'a'.repeat(43)}`);
      await expectAccessible(page, page.getByRole('heading').first());
    });

    it("the sign-in page's dialogs: the Terms and the forgotten password", async () => {
      await page.goto(`${product.url}/login`);
      await page.getByRole('button', { name: 'Términos y Condiciones' }).click();
      // The text arrives in a chunk of its own: checked once it is there.
      await expectAccessible(
        page,
        page
          .getByRole('dialog', { name: 'Términos y Condiciones' })
          .getByRole('heading', { name: '5. Limitación de responsabilidad' }),
      );
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      await expectAccessible(page, page.getByRole('dialog', { name: 'Recuperar contraseña' }));
    });
  });

  describe('the page shown when a module is down passes axe-core', () => {
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      ({ page, context } = await pageAtWidth());
      await page.route('**/remotes/patients/mf-manifest.json', (route) =>
        route.abort('connectionrefused'),
      );
      await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard/);
    });
    afterAll(() => context.close());

    it('with its menu, folded and open on a narrow screen', async () => {
      await expectAccessible(page, page.getByRole('heading', { name: 'Módulo no disponible' }));
      const menuButton = page.getByRole('button', { name: 'Menú' });
      if (await menuButton.isVisible()) {
        await menuButton.click();
        await expectAccessible(
          page,
          page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link').first(),
        );
      }
    });
  });

  describe("a psychologist's screens pass axe-core", () => {
    let page: Page;
    let context: BrowserContext;
    const base = () => `${product.url}/psychologist/dashboard`;
    beforeAll(async () => {
      ({ page, context } = await pageAtWidth());
      await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard/);
    });
    afterAll(() => context.close());

    it.each([
      ['home', ''],
      ['patients', '/patients'],
      ['history', '/history'],
      ['pending notes', '/pending-notes'],
      ['follow-up', '/follow-up'],
      ['agenda', '/agenda'],
      ['statistics', '/statistics'],
      ['profile', '/profile'],
      ['configuration', '/configuration'],
      ['evaluations', '/Evaluaciones'],
    ])('%s', async (_name, path) => {
      await page.goto(`${base()}${path}`);
      await expectAccessible(page, page.getByRole('heading', { level: 1 }));
    });

    it("statistics with 'Citas por mes' drawn", async () => {
      await page.goto(`${base()}/statistics`);
      const chart = page.getByRole('img', { name: /Citas por mes/ });
      await expectAccessible(page, chart.locator('svg').first());
    });

    it("a student's detail, edit screen, evaluations and safety plan", async () => {
      await page.goto(`${base()}/patients`);
      await page.getByText('María José Castillo Peña', { exact: true }).click();
      const heading = page.getByRole('heading', { name: 'María José Castillo Peña' });
      await expectAccessible(page, heading);
      const detailUrl = page.url();
      const id = detailUrl.split('/').pop()!;

      await page.goto(`${detailUrl}/edit`);
      await expectAccessible(page, page.getByRole('button', { name: 'Guardar Cambios' }));
      await page.goto(`${base()}/studenteva/${id}`);
      await expectAccessible(page, page.getByRole('heading', { level: 1 }));
      // The safety plan's screen: its seven steps' fields with their help.
      await page.goto(`${detailUrl}/safety-plan`);
      await expectAccessible(page, page.getByRole('button', { name: 'Guardar plan completo' }));
    });

    it('the student, appointment, note and assessment forms', async () => {
      await page.goto(`${base()}/patients`);
      await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
      await expectAccessible(page, page.getByRole('dialog', { name: 'Agregar Estudiante' }));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Agendar (María José Castillo Peña)' }).click();
      await expectAccessible(page, page.getByRole('dialog'));
      await page.keyboard.press('Escape');

      await page.getByText('María José Castillo Peña', { exact: true }).click();
      await page.getByRole('heading', { name: 'María José Castillo Peña' }).waitFor();
      await page.getByRole('button', { name: 'Agregar Nota' }).click();
      await expectAccessible(page, page.getByRole('dialog', { name: 'Nueva Nota Clínica' }));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
      await expectAccessible(
        page,
        page.getByRole('dialog', { name: 'Evaluación de Riesgo Suicida - Escala Columbia' }),
      );
    });
  });

  describe("an administrator's screens pass axe-core", () => {
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      ({ page, context } = await pageAtWidth());
      await signIn(page, product.url, DEMO.admin, /\/dashboard\/home$/);
    });
    afterAll(() => context.close());

    it.each([
      ['home', '/home'],
      ['statistics', '/static-admin'],
      ['users', '/users'],
      ['audit log', '/audit'],
      ['mail queue', '/mail'],
      ['profile', '/profile'],
      ['administrator profile', '/profile-admin'],
    ])('%s', async (_name, path) => {
      await page.goto(`${product.url}/dashboard${path}`);
      await expectAccessible(page, page.getByRole('heading', { level: 1 }));
    });

    it('the new user form', async () => {
      await page.goto(`${product.url}/dashboard/users`);
      await page.getByRole('button', { name: 'Nuevo usuario' }).click();
      await expectAccessible(page, page.getByRole('dialog', { name: 'Nuevo usuario' }));
    });
  });
});
