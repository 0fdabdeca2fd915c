import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { severeAnswers } from '../../apps/api/test/helpers/assessments';
import { pdfText } from '../../apps/api/test/helpers/pdf-text';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * The safety plan (docs/screens-and-routes.md#safety-plan) in a real browser: an assessment at MUY_ALTO asks for a safety
 * plan on its screen; the link opens the patients remote's plan, which is
 * saved as a draft, then completed, and its PDF downloads with the seven
 * steps, the service's phone and the crisis line.
 */

const SERVICE_PHONE = '(02) 299-1700';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let token: string;
let assessmentId: string;
let studentId: string;
let studentName: string;

const STEPS: Array<[RegExp, string]> = [
  [/^1\. Señales de alerta/, 'Dejo de dormir y me aíslo.'],
  [/^2\. Estrategias internas de afrontamiento/, 'Respirar despacio; salir a caminar.'],
  [/^3\. Personas y lugares sociales/, 'La biblioteca con Camila.'],
  [/^4\. Personas a las que puedo pedir ayuda/, 'Mi hermana Sofía, 099 123 4567.'],
  [/^5\. Profesionales y servicios/, 'Mi psicóloga del servicio.'],
  [/^6\. Cómo hacer seguro mi entorno/, 'Mi madre guarda los medicamentos.'],
  [/^7\. Lo más importante para mí/, 'Mi sobrina y terminar la carrera.'],
];

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct({ env: { SERVICE_PHONE } });
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  token = (await storedToken(page))!;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    product.server.app.inject({
      method,
      url,
      headers: { 'x-token': token },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const [first] = (await inject('GET', '/api/students')).json().students as Array<{
    _id: string;
    firstName: string;
    lastName: string;
  }>;
  studentId = first!._id;
  studentName = `${first!.firstName} ${first!.lastName}`;
  const saved = await inject('POST', '/api/suicide-assessments', {
    ...severeAnswers(),
    student: studentId,
  });
  expect(saved.json().assessment.riskLevel).toBe('MUY_ALTO');
  assessmentId = saved.json().assessment._id;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

async function acknowledge(title: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const step = (label: RegExp) => page.getByRole('textbox', { name: label });

describe('a safety plan when the risk is high', () => {
  it('is asked for on the screen of an assessment at MUY_ALTO, whose link opens the plan', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/evaluacion/${assessmentId}`);
    await page.getByText('Plan de seguridad recomendado').waitFor();
    await page
      .getByText(
        'El nivel de riesgo vigente es muy alto: elabora un plan de seguridad con el/la estudiante.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Elaborar plan de seguridad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan de seguridad' }).waitFor();
    expect(page.url()).toBe(
      `${product.url}/psychologist/dashboard/patients/${studentId}/safety-plan?assessment=${assessmentId}`,
    );
    await page.getByText(studentName).first().waitFor();
  });

  it('is saved as a draft with one step written, then shown as version 1 on the student detail', async () => {
    await step(STEPS[0]![0]).fill(STEPS[0]![1]);
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await acknowledge('Borrador del plan de seguridad guardado.');
    await page.getByText(/^Versión 1 · Borrador · guardada por Lucía Fernández/).waitFor();

    await page.getByRole('link', { name: 'Volver al estudiante' }).click();
    const section = page.getByRole('region', { name: 'Plan de seguridad' });
    await section.getByText('Borrador', { exact: true }).waitFor();
    expect(await section.textContent()).toContain(
      'El nivel de riesgo vigente es muy alto y el plan de seguridad es un borrador',
    );
    await section.getByRole('link', { name: 'Editar plan de seguridad' }).click();
  });

  it('is completed with every step, and the earlier draft stays readable', async () => {
    await expect(step(STEPS[0]![0]).inputValue()).resolves.toBe(STEPS[0]![1]);
    // 'Guardar plan completo' asks for every step first.
    await page.getByRole('button', { name: 'Guardar plan completo' }).click();
    const refused = page.locator('.swal2-popup');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'Escribe lo más importante para el/la estudiante.',
    );
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    await refused.waitFor({ state: 'detached' });

    for (const [label, text] of STEPS.slice(1)) await step(label).fill(text);
    await page.getByRole('button', { name: 'Guardar plan completo' }).click();
    await acknowledge('Plan de seguridad completo guardado.');
    await page.getByText(/^Versión 2 · Completo · guardada por Lucía Fernández/).waitFor();

    const revisions = page.getByRole('region', { name: 'Versiones anteriores' });
    await revisions.getByRole('link', { name: /^Versión 1 \(Borrador\)/ }).click();
    await page.getByText(/Estás viendo la versión 1/).waitFor();
    await page.getByText(STEPS[0]![1]).waitFor();
    expect(await page.getByText(STEPS[6]![1]).count()).toBe(0);
    await page.getByRole('link', { name: 'Volver a la versión vigente' }).click();
    await step(STEPS[6]![0]).waitFor();
  });

  it('downloads as a PDF with the seven steps, the service’s phone and the crisis line', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plan-de-seguridad_.+_\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, ' ');
    expect(text).toContain('Plan de seguridad');
    for (const [, written] of STEPS) expect(text).toContain(written);
    expect(text).toContain('1. Señales de alerta');
    expect(text).toContain('7. Lo más importante para mí y por lo que vale la pena vivir');
    expect(text).toContain(`Teléfono del servicio de orientación psicológica: ${SERVICE_PHONE}`);
    expect(text).toContain('Línea de crisis y emergencias: 911');
    expect(text).toContain('Nivel estimado por la escala: Muy alto');
  });
});
