import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { answer, question } from '../support/assessment';
import { violationsOn } from '../support/axe';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

/**
 * The saved assessment (docs/columbia-assessment.md#the-saved-assessment): saving an assessment shows one dialog,
 * a warning with the service's protocol at a high level; the saved assessment has a
 * screen of its own, reached from the student detail, where its author adds final
 * remarks at any time, each kept with its author and date.
 */

const PROTOCOL =
  'Protocolo de prueba: avisar hoy a la coordinación y agendar seguimiento en 48 horas.';

let browser: Browser;
let product: RunningProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct({ env: { HIGH_RISK_PROTOCOL: PROTOCOL } });
});
afterAll(async () => {
  await browser.close();
  await product.close();
});

const IDEATION = ['1. Deseo de estar muerto/a', '2. Pensamientos suicidas activos no específicos'];
const BEHAVIOUR = [
  'Intento Real',
  'Comportamiento Autolesivo No Suicida',
  'Autolesión con intención desconocida',
  'Intento Interrumpido',
  'Intento Abortado',
];
const PREPARATORY = 'Actos o Comportamiento Preparatorios';
const PREPARED = 'Reunió pastillas y escribió una nota de despedida';

/** The sweetalert2 dialogs on the page (the form's own modal is not one of them). */
const alerts = (page: Page) => page.locator('.swal2-popup');

describe('a saved assessment at high risk', () => {
  let context: BrowserContext;
  let page: Page;
  let studentUrl: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  });
  afterAll(() => context.close());

  it("is registered with exactly one dialog, a warning that says what the service's protocol asks", async () => {
    await page.goto(`${product.url}/psychologist/dashboard/patients`);
    await page.getByText('María José Castillo Peña', { exact: true }).click();
    await page.getByRole('heading', { name: 'María José Castillo Peña' }).waitFor();
    studentUrl = page.url();
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    await question(form, IDEATION[0]!).waitFor();
    for (const title of IDEATION) await answer(form, title, 'No');
    await question(form, 'Intento Real').waitFor();
    for (const title of BEHAVIOUR) await answer(form, title, 'No');
    await answer(form, PREPARATORY, 'Sí', PREPARED);
    await answer(form, 'Suicidio consumado', 'No');
    await form.getByRole('button', { name: 'Guardar Evaluación' }).click();

    const registered = alerts(page);
    await registered.waitFor();
    expect(await registered.count()).toBe(1);
    expect(await registered.getByRole('heading').textContent()).toBe('Evaluación Registrada');
    const text = (await registered.textContent()) ?? '';
    expect(text).toContain('Nivel de riesgo detectado: Alto');
    expect(text).toContain('Ayuda para la decisión clínica; no sustituye el juicio profesional.');
    expect(text).toContain(PROTOCOL);
    // The warning's "!", not the "i" of a low level.
    expect(await registered.locator('.swal2-icon.swal2-warning').isVisible()).toBe(true);
    expect(await registered.locator('.swal2-icon.swal2-info').isVisible()).toBe(false);
    await registered.getByRole('button', { name: 'Aceptar' }).click();
    await registered.waitFor({ state: 'detached' });

    // The form has moved on to its final remarks, and no second dialog came.
    await form.getByRole('textbox', { name: 'Nueva observación' }).waitFor();
    expect(await alerts(page).count()).toBe(0);
    await form
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await form.waitFor({ state: 'detached' });
  });

  it('opens on a screen of its own from the student detail, with every answer', async () => {
    await page.goto(studentUrl);
    const history = page.getByRole('region', { name: 'Historial de evaluaciones' });
    // The newest first (docs/screens-and-routes.md#evaluations-of-a-student).
    const open = history.getByRole('link', { name: /^Ver evaluación/ }).first();
    await open.click();
    await page.waitForURL(/\/psychologist\/dashboard\/evaluacion\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Evaluación de riesgo suicida' }).waitFor();
    await page.getByText('María José Castillo Peña').first().waitFor();

    const summary = page.getByRole('region', { name: 'Resumen' });
    expect(await summary.textContent()).toContain('Alto');
    expect(await summary.textContent()).toContain('Lucía Fernández');
    expect(await summary.textContent()).toContain(
      'Ayuda para la decisión clínica; no sustituye el juicio profesional.',
    );

    for (const title of [...IDEATION, ...BEHAVIOUR, PREPARATORY, 'Suicidio consumado']) {
      await page.getByRole('heading', { level: 3, name: title, exact: true }).waitFor();
    }
    const preparatory = page
      .getByRole('heading', { level: 3, name: PREPARATORY, exact: true })
      .locator('..');
    expect(await preparatory.textContent()).toContain('RespuestaSí');
    expect(await preparatory.textContent()).toContain(PREPARED);
    const actual = page
      .getByRole('heading', { level: 3, name: 'Intento Real', exact: true })
      .locator('..');
    expect(await actual.textContent()).toContain('RespuestaNo');
    // Nothing the form did not ask.
    expect(await page.getByRole('region', { name: 'Intensidad de la Ideación' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Letalidad' }).count()).toBe(0);
  });

  it('lets its author add remarks, each listed with author and date, the earlier kept', async () => {
    const remarks = page.getByRole('region', { name: 'Observaciones posteriores' });
    const entries = remarks.getByRole('listitem');
    await remarks.getByText('Todavía no se registraron observaciones posteriores.').waitFor();

    const add = async (text: string) => {
      await remarks.getByRole('button', { name: 'Agregar observación' }).click();
      await remarks.getByRole('textbox', { name: 'Nueva observación' }).fill(text);
      await remarks.getByRole('button', { name: 'Guardar observaciones' }).click();
      const saved = page.getByRole('dialog', { name: 'Observaciones Guardadas', exact: true });
      await saved.waitFor();
      await saved.getByRole('button', { name: 'Aceptar' }).click();
      await saved.waitFor({ state: 'detached' });
    };
    // The date as the browser formats it in Spanish: "24 de noviembre de 2026, 10:30" or "… a las 10:30".
    const dated = /\d{1,2} de [a-záéíóú]+ de \d{4},? (a las )?\d{2}:\d{2} · Lucía Fernández/;

    await add('Derivada a psiquiatría; plan de seguridad acordado.');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toMatch(dated);
    expect(await entries.first().textContent()).toContain(
      'Derivada a psiquiatría; plan de seguridad acordado.',
    );

    await add('Control a las 48 horas: estable, sigue el plan.');
    await entries.nth(1).waitFor();
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(
      'Derivada a psiquiatría; plan de seguridad acordado.',
    );
    expect(await entries.nth(1).textContent()).toMatch(dated);
    expect(await entries.nth(1).textContent()).toContain(
      'Control a las 48 horas: estable, sigue el plan.',
    );

    // Stored, not only shown: a fresh load lists both, oldest first.
    await page.reload();
    await entries.nth(1).waitFor();
    expect(await entries.allTextContents()).toEqual([
      expect.stringContaining('Derivada a psiquiatría'),
      expect.stringContaining('Control a las 48 horas'),
    ]);
  });

  it('passes axe-core at 360 and 1366 px, with the remark form open', async () => {
    const screen = page.url();
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(screen);
      const remarks = page.getByRole('region', { name: 'Observaciones posteriores' });
      await remarks.getByRole('listitem').nth(1).waitFor();
      await remarks.getByRole('button', { name: 'Agregar observación' }).click();
      await remarks.getByRole('textbox', { name: 'Nueva observación' }).waitFor();
      expect(await violationsOn(page)).toEqual([]);
    }
  });

  it("is also reached from the student's evaluations page and from 'Evaluaciones'", async () => {
    const screen = new URL(page.url()).pathname;
    await page.getByRole('link', { name: /Volver al historial de evaluaciones/ }).click();
    await page.waitForURL(/\/studenteva\//);
    const fromHistory = page.getByRole('link', { name: /^Ver evaluación/ }).first();
    expect(await fromHistory.getAttribute('href')).toBe(screen);

    await page.goto(`${product.url}/psychologist/dashboard/Evaluaciones`);
    const row = page.getByRole('row').filter({ hasText: 'María José Castillo Peña' }).first();
    await row.waitFor();
    await row.getByRole('link', { name: /^Ver evaluación/ }).click();
    await page.waitForURL((url) => url.pathname === screen);
    await page.getByRole('region', { name: 'Resumen' }).waitFor();
  });
});
