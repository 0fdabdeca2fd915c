import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { insertAssessment } from '../../apps/api/src/plugins/assessments/assessment.queries';
import { calmAnswers, severeAnswers } from '../../apps/api/test/helpers/assessments';
import { studentBody } from '../../apps/api/test/helpers/patients';
import { pdfText } from '../../apps/api/test/helpers/pdf-text';
import { launchBrowser, newPage } from '../support/browser';
import { answer, question } from '../support/assessment';
import { violationsOn } from '../support/axe';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * docs/columbia-assessment.md#contradicting-answers and #clinicians-level, in a real browser at
 * 360 and 1366 px: what the form hides is not saved (the description of «Intento Real» set
 * back to "No" reaches neither the saved screen nor the PDF); a record stored before such
 * answers were refused is marked where it is shown; the level in force is said exactly;
 * studenteva/{id} of no student says so. axe-core finds nothing on any state visited.
 */

const FORM = 'Evaluación de Riesgo Suicida - Escala Columbia';
const TYPED = 'Ingesta de pastillas';
const BEHAVIOUR_NO = [
  'Comportamiento Autolesivo No Suicida',
  'Autolesión con intención desconocida',
  'Intento Interrumpido',
  'Intento Abortado',
  'Actos o Comportamiento Preparatorios',
];
const REASON = 'Red de apoyo sólida; plan de seguridad acordado y cita en 48 horas.';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  token = (await storedToken(page))!;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await product.server.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
}

/** A student of Lucía's caseload, of this test's own. */
async function newStudent(firstName: string): Promise<string> {
  const created = await api('POST', '/api/students', studentBody({ firstName }));
  return created.student._id as string;
}

/** What a description list says for a term ('Nivel vigente'). */
function said(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

async function acknowledge(title: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.each([
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
])('at $width px', (viewport) => {
  let studentId: string;

  beforeAll(async () => {
    await page.setViewportSize(viewport);
    studentId = await newStudent(viewport.width < 600 ? 'Valeria' : 'Renata');
  });

  it('clears the description of «Intento Real» set back to "No": not in the form, the saved screen or the PDF; axe finds nothing after saving', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/patients/${studentId}`);
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', { name: FORM });
    await answer(form, '1. Deseo de estar muerto/a', 'No');
    await answer(form, '2. Pensamientos suicidas activos no específicos', 'No');
    const actual = question(form, 'Intento Real');
    await answer(form, 'Intento Real', 'Sí', TYPED);
    await actual.getByLabel('Número total de intentos').fill('1');
    await form.getByLabel(/^Grado de Letalidad/).selectOption({ index: 2 });
    await form.getByLabel(/^Fecha del intento más letal/).fill('2026-10-12');

    await answer(form, 'Intento Real', 'No');
    expect(await actual.getByLabel(/Descripción/).count()).toBe(0);
    expect(await form.getByLabel(/^Grado de Letalidad/).count()).toBe(0);
    // Back to "Sí": the description is gone, as the lethality is.
    await answer(form, 'Intento Real', 'Sí');
    expect(await actual.getByLabel(/Descripción/).inputValue()).toBe('');
    await answer(form, 'Intento Real', 'No');
    for (const title of BEHAVIOUR_NO) await answer(form, title, 'No');
    await answer(form, 'Suicidio consumado', 'No');

    await form.getByRole('button', { name: 'Guardar Evaluación' }).click();
    await acknowledge('Evaluación Registrada');
    await form.getByRole('textbox', { name: 'Nueva observación' }).waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await form
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await form.waitFor({ state: 'detached' });

    const history = page.getByRole('region', { name: 'Historial de evaluaciones' });
    // The one just saved: the newest is first (docs/screens-and-routes.md#evaluations-of-a-student).
    await history
      .getByRole('link', { name: /^Ver evaluación/ })
      .first()
      .click();
    await page.waitForURL(/\/evaluacion\/[0-9a-f-]{36}$/);
    const saved = page.getByRole('heading', { level: 3, name: 'Intento Real', exact: true });
    await saved.waitFor();
    expect(await saved.locator('..').textContent()).toContain('RespuestaNo');
    expect(await page.locator('main').textContent()).not.toContain(TYPED);
    expect(await page.getByText('Respuestas que se contradicen', { exact: true }).count()).toBe(0);
    expect(await violationsOn(page)).toEqual([]);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Detalles (PDF)' }).click(),
    ]);
    const text = pdfText(readFileSync(await pdf.path()));
    expect(text).toContain('Intento Real');
    expect(text).not.toContain(TYPED);
  });

  it('says the level in force exactly at MUY_ALTO, and names the clinician’s level as such', async () => {
    const { assessment } = await api('POST', '/api/suicide-assessments', {
      ...severeAnswers(),
      student: studentId,
    });
    await page.goto(`${product.url}/psychologist/dashboard/evaluacion/${assessment._id}`);
    const summary = page.getByRole('region', { name: 'Resumen' });
    await said(summary, 'Nivel vigente').waitFor();
    expect(await said(summary, 'Nivel estimado por la escala').textContent()).toContain('Muy alto');
    expect(await said(summary, 'Nivel clínico').textContent()).toBe('Sin nivel clínico registrado');
    expect(await said(summary, 'Nivel vigente').textContent()).toMatch(
      /Muy alto \(el estimado por la escala; no hay nivel clínico registrado\)$/,
    );
    await page
      .getByText(
        'El nivel de riesgo vigente es muy alto: elabora un plan de seguridad con el/la estudiante.',
      )
      .waitFor();
    expect(await violationsOn(page)).toEqual([]);

    await api('PUT', `/api/suicide-assessments/${assessment._id}/clinician-level`, {
      level: 'ALTO',
      reason: REASON,
    });
    await page.reload();
    await said(summary, 'Nivel vigente').waitFor();
    expect(await said(summary, 'Nivel estimado por la escala').textContent()).toContain('Muy alto');
    expect(await said(summary, 'Nivel clínico').textContent()).toMatch(/Alto$/);
    expect(await said(summary, 'Nivel vigente').textContent()).toMatch(
      /Alto \(el nivel clínico\)$/,
    );
    await page
      .getByText(
        'El nivel de riesgo vigente es alto: elabora un plan de seguridad con el/la estudiante.',
      )
      .waitFor();
    expect(await page.getByText('Nivel de riesgo estimado').count()).toBe(0);
    expect(await violationsOn(page)).toEqual([]);
  });

  it('marks a record stored with answers that contradict each other, on its screen and in the history', async () => {
    const kept = calmAnswers();
    kept.actualAttempt = { present: false, description: TYPED, totalAttempts: 0 };
    const me = await api('GET', '/api/auth/me');
    const row = await insertAssessment(product.server.database.db, product.server.app.ctx.texts, {
      studentId,
      authorId: me.user._id,
      answers: { ...kept, lethalityDegree: 1, mostLethalAttemptDate: '2026-10-12' },
      riskLevel: 'BAJO',
      createdAt: new Date(),
    });

    await page.goto(`${product.url}/psychologist/dashboard/evaluacion/${row.id}`);
    const mark = page.getByRole('listitem').filter({
      hasText: 'Intento Real: hay una descripción aunque la respuesta no es «Sí».',
    });
    await mark.waitFor();
    await page.getByText('Respuestas que se contradicen', { exact: true }).waitFor();
    // Stored as it was, in sight and marked: the description and the lethality.
    const actual = page.getByRole('heading', { level: 3, name: 'Intento Real', exact: true });
    expect(await actual.locator('..').textContent()).toContain(TYPED);
    const lethality = page.getByRole('region', { name: 'Letalidad' });
    expect(await lethality.getByText('Contradice otra respuesta').count()).toBe(2);
    expect(await violationsOn(page)).toEqual([]);

    await page.goto(`${product.url}/psychologist/dashboard/studenteva/${studentId}`);
    const entry = page.getByRole('listitem').filter({ hasText: '3 respuestas se contradicen' });
    await entry.waitFor();
    expect(await page.getByText(/respuestas? se contradicen?$/).count()).toBe(1);
    expect(await violationsOn(page)).toEqual([]);
  });

  it('says a student that does not exist does not, with the way back and nothing to retry', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/studenteva/${randomUUID()}`);
    await page.getByText('El estudiante no existe o no está asignado a ti.').waitFor();
    expect(await page.getByText('No se pudieron cargar las evaluaciones').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Nueva Evaluación' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).waitFor();
    expect(await violationsOn(page)).toEqual([]);
  });
});
