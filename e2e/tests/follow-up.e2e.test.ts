import type { Browser, BrowserContext, Page } from 'playwright-core';
import { studentBody } from '../../apps/api/test/helpers/patients';
import { answer, question } from '../support/assessment';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * "Seguimiento prioritario" (docs/screens-and-routes.md#psychologist-home) in a real browser: a psychologist
 * assesses a student at MUY_ALTO, and the student is then first on their
 * home with what is missing; "Agendar cita" leads to the student's
 * appointment form, and an appointment within 7 days takes that reason
 * away; "Elaborar plan de seguridad" opens the student's plan, and once it
 * is complete the student leaves the list. Every step moves within the
 * page, so the list shown is the one the assessment, the appointment and
 * the plan made stale.
 */

const HOME = '/psychologist/dashboard';
const NAME = 'Renata Salazar Quispe';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let studentId: string;

async function acknowledge(title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const nav = (label: string) =>
  page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: label })
    .click();

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  const token = (await storedToken(page))!;
  const created = await product.server.app.inject({
    method: 'POST',
    url: '/api/students',
    headers: { 'x-token': token },
    payload: { ...studentBody({ firstName: 'Renata', lastName: 'Salazar Quispe' }) },
  });
  studentId = created.json().student._id;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

const followUp = () => page.getByRole('region', { name: 'Seguimiento prioritario' });
const row = () =>
  followUp()
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: NAME }) })
    .first();

describe('"Seguimiento prioritario"', () => {
  it('is first on the home, and says so when nobody needs it', async () => {
    await page.goto(`${product.url}${HOME}`);
    await followUp().getByText('Ningún estudiante requiere seguimiento prioritario.').waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings[0]).toBe('Seguimiento prioritario');
  });

  it('shows a student just assessed at MUY_ALTO, with what is missing', async () => {
    await nav('Mis Pacientes');
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('salazar');
    await page.getByText(NAME, { exact: true }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    await answer(form, '1. Deseo de estar muerto/a', 'Sí', 'Desea no despertar');
    await answer(form, '2. Pensamientos suicidas activos no específicos', 'Sí', 'Tras el examen');
    await question(form, 'Intento Real').waitFor();
    await answer(form, '3. Ideación suicida activa con cualquier método', 'Sí', 'Pastillas');
    await answer(form, '4. Ideación suicida activa con cierta intención', 'No');
    await answer(form, '5. Ideación suicida activa con plan', 'No');
    await form
      .getByLabel(/^Tipo de ideación más grave/)
      .selectOption({ label: 'Ideación activa con métodos, sin intención' });
    await form.getByLabel(/^Descripción de la ideación más grave/).fill('Las pastillas de casa');
    await form.getByLabel(/^Frecuencia/).selectOption({ label: 'Muchas veces' });
    await answer(form, 'Intento Real', 'Sí', 'Ingirió pastillas el mes pasado');
    await question(form, 'Intento Real').getByLabel('Número total de intentos').fill('1');
    for (const title of [
      'Comportamiento Autolesivo No Suicida',
      'Autolesión con intención desconocida',
      'Intento Interrumpido',
      'Intento Abortado',
      'Actos o Comportamiento Preparatorios',
      'Suicidio consumado',
    ]) {
      await answer(form, title, 'No');
    }
    await form.getByLabel(/^Grado de Letalidad/).selectOption({ index: 4 });
    await form.getByLabel(/^Fecha del intento más letal/).fill('2026-10-12');
    await form.getByRole('button', { name: 'Guardar Evaluación' }).click();
    const registered = page.getByRole('dialog').filter({ hasText: 'Evaluación Registrada' });
    await registered.waitFor();
    expect(await registered.textContent()).toContain('Muy alto');
    await registered.getByRole('button', { name: 'Aceptar' }).click();
    await form
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await form.waitFor({ state: 'detached' });

    await nav('Inicio');
    await row().waitFor();
    const text = (await row().textContent()) ?? '';
    expect(text).toContain('Muy alto');
    expect(text).toContain('Sin cita en los próximos 7 días');
    expect(text).toContain('Sin plan de seguridad completo');
    expect(
      await row().getByRole('link', { name: 'Elaborar plan de seguridad' }).getAttribute('href'),
    ).toBe(`${HOME}/patients/${studentId}/safety-plan`);
  });

  it("'Agendar cita' leads to the student's appointments; one within 7 days takes that reason away", async () => {
    await row().getByRole('link', { name: 'Agendar cita' }).click();
    await page.waitForURL(
      (url) => url.pathname === `${HOME}/patients/${studentId}` && url.hash === '#citas',
    );
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000);
    const local = `${inTwoDays.getFullYear()}-${String(inTwoDays.getMonth() + 1).padStart(2, '0')}-${String(inTwoDays.getDate()).padStart(2, '0')}T10:30`;
    await page.getByLabel(/^Fecha y hora/).fill(local);
    await page.getByLabel(/^Motivo/).fill('Seguimiento de riesgo alto');
    await page.getByRole('button', { name: 'Agendar Cita' }).click();
    await acknowledge('¡Cita Agendada!');

    await nav('Inicio');
    await page.waitForURL((url) => url.pathname === HOME);
    await row().getByText('Sin plan de seguridad completo').waitFor();
    expect(await row().textContent()).not.toContain('Sin cita en los próximos 7 días');
  });

  it("'Elaborar plan de seguridad' opens the plan; once complete, the student leaves the list", async () => {
    await row().getByRole('link', { name: 'Elaborar plan de seguridad' }).click();
    await page.waitForURL((url) => url.pathname === `${HOME}/patients/${studentId}/safety-plan`);
    const steps: Array<[RegExp, string]> = [
      [/^1\. Señales de alerta/, 'Deja de comer y no contesta mensajes.'],
      [/^2\. Estrategias internas de afrontamiento/, 'Escuchar música; ducharse.'],
      [/^3\. Personas y lugares sociales/, 'El gimnasio de la universidad.'],
      [/^4\. Personas a las que puedo pedir ayuda/, 'Su primo Andrés.'],
      [/^5\. Profesionales y servicios/, 'El servicio de orientación.'],
      [/^6\. Cómo hacer seguro mi entorno/, 'Su compañera guarda las pastillas.'],
      [/^7\. Lo más importante para mí/, 'Su perro y su banda.'],
    ];
    for (const [label, text] of steps) await page.getByRole('textbox', { name: label }).fill(text);
    await page.getByRole('button', { name: 'Guardar plan completo' }).click();
    await acknowledge('Plan de seguridad completo guardado.');

    await nav('Inicio');
    await page.waitForURL((url) => url.pathname === HOME);
    await followUp().getByText('Ningún estudiante requiere seguimiento prioritario.').waitFor();
    expect(await followUp().getByRole('link', { name: NAME }).count()).toBe(0);
  });
});
