import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { pdfText } from '../../apps/api/test/helpers/pdf-text';
import { serveRemoteFolder } from '../../apps/api/src/web/front-ends';
import { launchBrowser, newPage } from '../support/browser';
import { answer, question } from '../support/assessment';
import { freePort, startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

const ASSESSMENT_DIST = path.resolve(__dirname, '../../apps/assessment-mfe/dist');

let browser: Browser;
let product: RunningProduct;
let integratorOrigin: FastifyInstance;
let integratorUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The integrator's site: another origin, serving the example page (and
  // the remote it loads) from the assessment remote's published folder.
  const integratorPort = await freePort();
  integratorUrl = `http://127.0.0.1:${integratorPort}`;
  product = await startProduct({ env: { ALLOWED_ORIGINS: integratorUrl } });
  integratorOrigin = Fastify();
  await integratorOrigin.register(fastifyCors, { origin: false });
  await serveRemoteFolder(integratorOrigin, ASSESSMENT_DIST, '/');
  await integratorOrigin.listen({ port: integratorPort, host: '127.0.0.1' });
});
afterAll(async () => {
  await browser.close();
  await product.close();
  await integratorOrigin.close();
});

async function acknowledge(page: Page, title: string | RegExp) {
  // By its title alone: the form's own text speaks of "observaciones guardadas" too.
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The estimated level shown live under the form. */
function liveLevel(form: Locator, label: string): Locator {
  return form
    .getByRole('status')
    .filter({ hasText: new RegExp(`Nivel de riesgo estimado:\\s*\\W?\\s*${label}`) });
}

const BEHAVIOUR_NO = [
  'Comportamiento Autolesivo No Suicida',
  'Autolesión con intención desconocida',
  'Intento Interrumpido',
  'Intento Abortado',
  'Actos o Comportamiento Preparatorios',
];

describe('a psychologist records a Columbia assessment', () => {
  let context: BrowserContext;
  let page: Page;
  let studentUrl: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  });
  afterAll(() => context.close());

  it('fills the form with ideation and an actual attempt, seeing the live level', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/patients`);
    await page.getByText('María José Castillo Peña', { exact: true }).click();
    await page.getByRole('heading', { name: 'María José Castillo Peña' }).waitFor();
    studentUrl = page.url();
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    await question(form, '1. Deseo de estar muerto/a').waitFor();

    // Not yet: the behaviour section appears once questions 1 and 2 are answered.
    expect(await question(form, 'Intento Real').count()).toBe(0);
    await answer(form, '1. Deseo de estar muerto/a', 'Sí', 'Desea dormir y no despertar');
    await answer(
      form,
      '2. Pensamientos suicidas activos no específicos',
      'Sí',
      'Desde el examen final',
    );
    await question(form, 'Intento Real').waitFor();
    await answer(
      form,
      '3. Ideación suicida activa con cualquier método',
      'Sí',
      'Pensó en pastillas',
    );
    await answer(form, '4. Ideación suicida activa con cierta intención', 'No');
    await answer(form, '5. Ideación suicida activa con plan', 'No');

    await form
      .getByLabel(/^Tipo de ideación más grave/)
      .selectOption({ label: 'Ideación activa con métodos, sin intención' });
    await form
      .getByLabel(/^Descripción de la ideación más grave/)
      .fill('Imagina tomar las pastillas de su abuela');
    await form.getByLabel(/^Frecuencia/).selectOption({ label: 'Muchas veces' });

    await answer(form, 'Intento Real', 'Sí', 'Ingirió pastillas el mes pasado');
    await question(form, 'Intento Real').getByLabel('Número total de intentos').fill('1');
    for (const title of BEHAVIOUR_NO) await answer(form, title, 'No');
    await answer(form, 'Suicidio consumado', 'No');

    // Lethality is asked with an actual attempt; the level so far is ALTO.
    await liveLevel(form, 'Alto').waitFor();
    await form.getByLabel(/^Grado de Letalidad/).selectOption({ index: 4 }); // 3 · moderadamente grave
    await form.getByLabel(/^Fecha del intento más letal/).fill('2026-10-12');
    await liveLevel(form, 'Muy alto').waitFor();
    await form
      .getByText('Ayuda para la decisión clínica; no sustituye el juicio profesional.')
      .first()
      .waitFor();
  });

  it('saves it, sees the level the server registered, and adds final remarks', async () => {
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    await form.getByRole('button', { name: 'Guardar Evaluación' }).click();
    // One dialog: 'Evaluación Registrada' with the level, no 'Evaluación Guardada' first.
    const registered = page.getByRole('dialog').filter({ hasText: 'Evaluación Registrada' });
    await registered.waitFor();
    expect(await page.getByRole('dialog', { name: 'Evaluación Guardada' }).count()).toBe(0);
    expect(await registered.textContent()).toContain('Muy alto');
    await registered.getByRole('button', { name: 'Aceptar' }).click();

    const remarks = form.getByRole('textbox', { name: 'Nueva observación' });
    await remarks.fill('Derivada a psiquiatría; plan de seguridad acordado con su hermana.');
    await form.getByRole('button', { name: 'Guardar observaciones' }).click();
    await acknowledge(page, 'Observaciones Guardadas');
    await form
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await form.waitFor({ state: 'detached' });
  });

  it('lists it in the history and downloads both PDFs', async () => {
    await page.goto(studentUrl);
    const history = page.getByRole('region', { name: 'Historial de evaluaciones' });
    await history.getByRole('heading', { name: 'Evaluación 1' }).waitFor();
    await history.getByText('Muy alto').waitFor();

    const [detail] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: /Descargar Detalles \(PDF\)/ }).click(),
    ]);
    // The student's name as written (docs/import-and-reports.md#reports): the browser saves
    // under `filename*`, not under its transliterated ASCII fallback.
    expect(detail.suggestedFilename()).toMatch(
      /^evaluacion_María-José-Castillo-Peña_\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const detailText = pdfText(readFileSync(await detail.path()));
    expect(detailText).toContain('Evaluación de Riesgo Suicida - Escala Columbia');
    expect(detailText).toContain('Muy alto');
    expect(detailText).toContain(
      'Derivada a psiquiatría; plan de seguridad acordado con su hermana.',
    );

    const [general] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Reporte general (PDF)' }).click(),
    ]);
    expect(general.suggestedFilename()).toMatch(/^reporte_María-José-Castillo-Peña_/);
    const generalText = pdfText(readFileSync(await general.path()));
    expect(generalText).toContain('Reporte general del estudiante');
    expect(generalText).toContain('Evaluación 1');
  });

  it("shows it under 'Evaluaciones', filterable by level", async () => {
    await page.goto(`${product.url}/psychologist/dashboard/Evaluaciones`);
    await page.getByText('María José Castillo Peña').first().waitFor();
    await page.getByLabel(/^Nivel de riesgo/).selectOption('BAJO');
    await page.getByText('Ninguna evaluación coincide con los filtros.').waitFor();
  });
});

describe('the ideation flow and the number of attempts', () => {
  it('brings items 3–5 back as "No" and refuses 0 or -2 attempts, keeping what was typed', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    await page.goto(`${product.url}/psychologist/dashboard/patients`);
    await page.getByText('María José Castillo Peña', { exact: true }).click();
    await page.getByRole('heading', { name: 'María José Castillo Peña' }).waitFor();
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    const item2 = '2. Pensamientos suicidas activos no específicos';
    const detail = [
      '3. Ideación suicida activa con cualquier método',
      '4. Ideación suicida activa con cierta intención',
      '5. Ideación suicida activa con plan',
    ];
    const checked = (title: string, choice: 'Sí' | 'No') =>
      question(form, title).getByRole('radio', { name: choice, exact: true }).isChecked();

    await question(form, '1. Deseo de estar muerto/a').waitFor();
    await answer(form, '1. Deseo de estar muerto/a', 'No');
    await answer(form, item2, 'Sí', 'Desde el examen final');
    await answer(form, detail[0]!, 'No');
    await answer(form, detail[1]!, 'Sí', 'Dice que lo haría');
    await answer(form, detail[2]!, 'No');
    // Set to "No" by mistake, then back to "Sí": items 3–5 come back answered "No".
    await answer(form, item2, 'No');
    await question(form, detail[0]!).waitFor({ state: 'detached' });
    await answer(form, item2, 'Sí', 'Desde el examen final');
    for (const title of detail) {
      expect(await checked(title, 'No')).toBe(true);
      expect(await checked(title, 'Sí')).toBe(false);
    }

    await form
      .getByLabel(/^Tipo de ideación más grave/)
      .selectOption({ label: 'Pensamientos suicidas activos no específicos' });
    await form.getByLabel(/^Descripción de la ideación más grave/).fill('Piensa en no estar');
    await form.getByLabel(/^Frecuencia/).selectOption({ label: 'Muchas veces' });
    await answer(form, 'Intento Real', 'Sí', 'Ingirió pastillas el mes pasado');
    for (const title of BEHAVIOUR_NO) await answer(form, title, 'No');
    await answer(form, 'Suicidio consumado', 'No');
    await form.getByLabel(/^Grado de Letalidad/).selectOption({ index: 2 });
    await form.getByLabel(/^Fecha del intento más letal/).fill('2026-10-12');

    const attempt = question(form, 'Intento Real');
    const total = attempt.getByLabel('Número total de intentos');
    const refusedWith = async (message: string) => {
      await form.getByRole('button', { name: 'Guardar Evaluación' }).click();
      const warning = page.getByRole('dialog', { name: 'Validación', exact: true });
      await warning.getByText(message, { exact: true }).waitFor();
      await warning.getByRole('button', { name: 'Aceptar' }).click();
      await warning.waitFor({ state: 'detached' });
      await attempt.getByRole('alert').filter({ hasText: message }).waitFor();
    };

    // "Sí" with the default 0 is not saved.
    expect(await total.inputValue()).toBe('0');
    await refusedWith(
      'Por favor, indique el número de intentos en «Intento Real»: al menos 1, ya que la respuesta es «Sí».',
    );
    // A typed -2 is explained at once, stays as typed, and is not saved as 0.
    await total.fill('-2');
    await attempt
      .getByRole('alert')
      .filter({ hasText: 'El número de intentos no puede ser negativo.' })
      .waitFor();
    await total.press('Tab');
    expect(await total.inputValue()).toBe('-2');
    await refusedWith('El número de intentos no puede ser negativo.');
    expect(await total.inputValue()).toBe('-2');
    await context.close();
  });
});

/** Martín signed in through the API, and the first student of his caseload. */
async function psychologistWithStudent(): Promise<{ token: string; studentId: string }> {
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.psychologist2),
  });
  const { token } = (await login.json()) as { token: string };
  const students = await fetch(`${product.url}/api/students`, { headers: { 'x-token': token } });
  const [student] = ((await students.json()) as { students: Array<{ _id: string }> }).students;
  return { token, studentId: student!._id };
}

/** Opens the integrators' example page at `url` and mounts the form with a token and a student. */
async function openExample(page: Page, url: string, session: { token: string; studentId: string }) {
  await page.goto(url);
  await page.getByLabel(/Token de sesión/).fill(session.token);
  await page.getByLabel(/Identificador del estudiante/).fill(session.studentId);
  await page.getByRole('button', { name: 'Abrir el formulario' }).click();
}

/**
 * A new page with the example page on the integrator's origin, the form
 * mounted for Martín's first student with his token.
 */
async function openOnIntegratorSite() {
  const session = await psychologistWithStudent();
  const { context, page } = await newPage(browser);
  const url = `${integratorUrl}/embed-example.html?api=${encodeURIComponent(product.url)}`;
  await openExample(page, url, session);
  return { ...session, context, page };
}

/** Answers 'No' to every question of the embedded form and saves it. */
async function saveCalmAssessment(page: Page, options: { acknowledge?: boolean } = {}) {
  const embedded = page.locator('#evaluacion');
  await question(embedded, '1. Deseo de estar muerto/a').waitFor();
  await answer(embedded, '1. Deseo de estar muerto/a', 'No');
  await answer(embedded, '2. Pensamientos suicidas activos no específicos', 'No');
  await answer(embedded, 'Intento Real', 'No');
  for (const title of BEHAVIOUR_NO) await answer(embedded, title, 'No');
  await answer(embedded, 'Suicidio consumado', 'No');
  await embedded.getByRole('button', { name: 'Guardar Evaluación' }).click();
  if (options.acknowledge !== false) await acknowledge(page, 'Evaluación Registrada');
}

describe('an integrator embeds the form on another origin', () => {
  it('mounts it from the example page and saves an assessment with a token', async () => {
    const { token, studentId, context, page } = await openOnIntegratorSite();
    await saveCalmAssessment(page);
    await page.getByText(/Evaluación guardada \([0-9a-f-]{36}\), nivel: BAJO/).waitFor();

    const saved = await fetch(`${product.url}/api/suicide-assessments?studentId=${studentId}`, {
      headers: { 'x-token': token },
    });
    const { assessments } = (await saved.json()) as { assessments: Array<{ riskLevel: string }> };
    expect(assessments.map((assessment) => assessment.riskLevel)).toContain('BAJO');
    await context.close();
  });

  it("works at the address the README gives, under the product's own Content-Security-Policy, with no token in any URL", async () => {
    const { token, studentId } = await psychologistWithStudent();
    const { context, page } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const visited: string[] = [];
    page.on('request', (request) => visited.push(request.url()));
    await openExample(page, `${product.url}/remotes/assessment/embed-example.html`, {
      token,
      studentId,
    });
    await saveCalmAssessment(page);
    await page.getByText(/Evaluación guardada \([0-9a-f-]{36}\), nivel: BAJO/).waitFor();
    expect(violations).toEqual([]);
    expect(visited.filter((url) => url.includes(token))).toEqual([]);
    await context.close();
  });

  it('keeps the answers when the session expires, and saves them with the new token the page sets', async () => {
    const { token, studentId, context, page } = await openOnIntegratorSite();
    const embedded = page.locator('#evaluacion');
    await question(embedded, '1. Deseo de estar muerto/a').waitFor();
    await embedded
      .getByRole('textbox', { name: 'Observaciones', exact: true })
      .fill('Entrevista larga.');

    // The session ends while the interview goes on (signed out elsewhere).
    await fetch(`${product.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'x-token': token },
    });
    await saveCalmAssessment(page, { acknowledge: false });
    await embedded
      .getByText(
        'La sesión terminó. Tus respuestas siguen aquí y se guardarán en cuanto se renueve la sesión.',
      )
      .waitFor();
    await page.getByText(/La sesión venció/).waitFor();
    expect(
      await embedded.getByRole('textbox', { name: 'Observaciones', exact: true }).inputValue(),
    ).toBe('Entrevista larga.');

    const renewed = await psychologistWithStudent();
    await page.getByLabel(/Token de sesión/).fill(renewed.token);
    await page.getByRole('button', { name: 'Renovar sesión' }).click();
    await acknowledge(page, 'Evaluación Registrada');
    await page.getByText(/Evaluación guardada \([0-9a-f-]{36}\), nivel: BAJO/).waitFor();

    const saved = await fetch(`${product.url}/api/suicide-assessments?studentId=${studentId}`, {
      headers: { 'x-token': renewed.token },
    });
    const { assessments } = (await saved.json()) as {
      assessments: Array<{ observations: string }>;
    };
    expect(assessments.map((assessment) => assessment.observations)).toContain('Entrevista larga.');
    await context.close();
  });

  it("opens its dialogs in the form's own type, not the host page's", async () => {
    const { context, page } = await openOnIntegratorSite();
    const embedded = page.locator('#evaluacion');
    await question(embedded, '1. Deseo de estar muerto/a').waitFor();
    // Nothing answered: 'Validación' says what is missing.
    await embedded.getByRole('button', { name: 'Guardar Evaluación' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const fontOf = (selector: string) =>
      page.evaluate(
        (query) => getComputedStyle(document.querySelector(query)!).fontFamily,
        selector,
      );
    const host = await fontOf('body');
    expect(host).toContain('Georgia');
    expect(await fontOf('.swal2-popup')).toBe(await fontOf('#evaluacion section'));
    expect(await fontOf('.swal2-popup')).not.toContain('Georgia');
    await context.close();
  });

  it('leaves no listeners, nodes or memory behind after mounting and unmounting 100 times', async () => {
    const { token, studentId, context, page } = await openOnIntegratorSite();
    await question(page.locator('#evaluacion'), '1. Deseo de estar muerto/a').waitFor();
    await page.getByRole('button', { name: 'Desmontar' }).click();

    // Each cycle mounts the form, waits until it is on the page, and unmounts it.
    const cycles = (count: number) =>
      page.evaluate(
        async ({ count, token, studentId, api }) => {
          const container = (
            window as unknown as { assessment: { get(name: string): Promise<() => unknown> } }
          ).assessment;
          const embed = (await container.get('./embed'))() as {
            mount(element: Element, options: object): { unmount(): void };
          };
          const element = document.getElementById('evaluacion')!;
          for (let index = 0; index < count; index += 1) {
            const handle = embed.mount(element, { apiBaseUrl: api, token, studentId });
            while (!element.querySelector('form')) {
              await new Promise((resolve) => requestAnimationFrame(resolve));
            }
            handle.unmount();
          }
          return element.childElementCount;
        },
        { count, token, studentId, api: product.url },
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const measure = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((metric) => metric.name === name)!.value;
      return {
        listeners: value('JSEventListeners'),
        nodes: value('Nodes'),
        heap: value('JSHeapUsedSize'),
      };
    };

    expect(await cycles(10)).toBe(0);
    const before = await measure();
    expect(await cycles(100)).toBe(0);
    const after = await measure();
    console.log('100 mounts and unmounts:', { before, after });
    expect(after.listeners).toBeLessThanOrEqual(before.listeners);
    expect(after.nodes).toBeLessThanOrEqual(before.nodes);
    // A store kept by each cycle would be several megabytes here.
    expect(after.heap - before.heap).toBeLessThan(1024 * 1024);
    await context.close();
  });

  it('is refused by the API for an origin that is not allowed', async () => {
    const response = await fetch(`${product.url}/api/auth/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://no-autorizado.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-token',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
