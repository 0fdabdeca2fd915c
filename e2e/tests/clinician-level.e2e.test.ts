import type { Browser, BrowserContext, Page } from 'playwright-core';
import { severeAnswers } from '../../apps/api/test/helpers/assessments';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * The clinician's level (docs/columbia-assessment.md#clinicians-level) in a real browser: on a saved assessment's screen its
 * author records a level below the scale's, is asked first, and then reads both side by
 * side, there and in the student's history; a second recording is refused.
 */

const REASON = 'Red de apoyo sólida; acordamos un plan de seguridad y cita en 48 horas.';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let token: string;
let assessmentId: string;
let studentId: string;

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return product.server.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  token = (await storedToken(page))!;
  const [first] = (await api('GET', '/api/students')).json().students as Array<{ _id: string }>;
  studentId = first!._id;
  const saved = await api('POST', '/api/suicide-assessments', {
    ...severeAnswers(),
    student: studentId,
  });
  assessmentId = saved.json().assessment._id;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

/** The sweetalert2 dialogs on the page. */
const alerts = () => page.locator('.swal2-popup');

describe("the clinician's level", () => {
  it('is recorded by the author after a confirmation when below the scale’s, then shown beside it', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/evaluacion/${assessmentId}`);
    const section = page.getByRole('region', { name: 'Nivel clínico' });
    await section.getByRole('combobox').waitFor();
    await section.getByRole('combobox').selectOption({ label: 'Alto' });
    await section.getByRole('textbox').fill(REASON);
    await section.getByRole('button', { name: 'Registrar nivel clínico' }).click();

    const asked = alerts();
    await asked.waitFor();
    expect(await asked.textContent()).toContain(
      'El nivel clínico es menor que el estimado por la escala',
    );
    await asked.getByRole('button', { name: 'Sí, registrarlo' }).click();
    await page.getByRole('dialog', { name: 'Nivel clínico registrado.' }).waitFor();
    await page.getByRole('button', { name: 'Aceptar' }).click();

    await section.getByText(REASON).waitFor();
    const shown = (await section.textContent()) ?? '';
    expect(shown).toMatch(/Nivel estimado por la escala\W*Muy alto/);
    expect(shown).toMatch(/Nivel clínico\W*Alto/);
    expect(await section.getByRole('button', { name: 'Registrar nivel clínico' }).count()).toBe(0);
  });

  it("is shown beside the scale's in the student's history, and cannot be recorded again", async () => {
    await page.goto(`${product.url}/psychologist/dashboard/studenteva/${studentId}`);
    await page.getByText('Clínico:').first().waitFor();
    const history = (await page.locator('main').textContent()) ?? '';
    expect(history).toMatch(/Escala:\W*Muy alto/);
    expect(history).toMatch(/Clínico:\W*Alto/);

    const again = await api('PUT', `/api/suicide-assessments/${assessmentId}/clinician-level`, {
      level: 'BAJO',
      reason: REASON,
    });
    expect(again.statusCode).toBe(409);
  });
});
