import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/**
 * A student's whole record on request (docs/api.md#record-export): their
 * psychologist downloads it from the detail's 'Historia completa', as a PDF
 * and as a FHIR Bundle; once the student is archived, an administrator
 * exports it from 'Estudiantes archivados' after confirming, and the audit
 * log names who did.
 */

let browser: Browser;
let product: RunningProduct;
let psychologist: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let studentId: string;
let psychologistToken: string;

const STUDENT = { firstName: 'Irene', lastName: 'Expediente Prueba' };
const NAME = `${STUDENT.firstName} ${STUDENT.lastName}`;
const NOTE = 'Refiere ansiedad ante los exámenes finales.';

async function apiToken(account: { email: string; password: string }): Promise<string> {
  const login = await product.server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: account,
    remoteAddress: '198.51.100.31',
  });
  return login.json().token as string;
}

async function inject(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return product.server.app.inject({ method, url, headers: { 'x-token': token }, payload });
}

/** What a click saved: the file's suggested name and its bytes. */
async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** The page is no wider than the window: nothing of the screen lies off to the side. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  psychologistToken = await apiToken(DEMO.psychologist);
  const created = await inject('POST', '/api/students', psychologistToken, {
    ...STUDENT,
    age: 20,
    gender: 'FEMENINO',
    email: 'irene.expediente@estudiantes.psicocampus.test',
    phone: '0991234568',
    city: 'Loja',
    career: 'Derecho',
    careerLevel: 'SEGUNDO',
    employmentStatus: 'DESEMPLEADO',
  });
  studentId = created.json().student._id as string;
  await inject('POST', `/api/students/${studentId}/clinical-notes`, psychologistToken, {
    note: NOTE,
  });
  psychologist = await newPage(browser);
  await signIn(psychologist.page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  admin = await newPage(browser);
  await signIn(admin.page, product.url, DEMO.admin, /\/dashboard\/home$/);
});
afterAll(async () => {
  await psychologist?.context.close();
  await admin?.context.close();
  await browser?.close();
  await product?.close();
});

describe("the psychologist's 'Historia completa', at 360 px", () => {
  it('downloads the PDF and the FHIR Bundle of the student, and nothing on the page goes', async () => {
    const { page } = psychologist;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${product.url}/psychologist/dashboard/patients/${studentId}`);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await page.getByText(NOTE).waitFor();

    const toggle = page.getByRole('button', { name: 'Historia completa', exact: true });
    await toggle.click();
    const panel = page.getByRole('region', { name: 'Historia completa' });
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await fitsWidth(page)).toBe(true);
    expect(await violationsOn(page)).toEqual([]);

    const pdf = await downloadOf(page, () =>
      panel.getByRole('button', { name: 'Descargar la historia completa en PDF' }).click(),
    );
    expect(pdf.name).toMatch(/^expediente_.+_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // From the keyboard, as the second download.
    await panel
      .getByRole('button', { name: 'Descargar la historia completa en FHIR (JSON)' })
      .focus();
    const fhir = await downloadOf(page, () => page.keyboard.press('Enter'));
    expect(fhir.name).toMatch(/^expediente_.+_\d{4}-\d{2}-\d{2}\.json$/);
    const bundle = JSON.parse(fhir.bytes.toString('utf8')) as {
      resourceType: string;
      type: string;
      entry: Array<{
        resource: { resourceType: string; id: string; name?: Array<{ family?: string }> };
      }>;
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const patients = bundle.entry.filter((entry) => entry.resource.resourceType === 'Patient');
    expect(patients).toHaveLength(1);
    expect(patients[0]!.resource.id).toBe(studentId);
    expect(patients[0]!.resource.name?.[0]?.family).toBe(STUDENT.lastName);
    expect(bundle.entry.some((entry) => entry.resource.resourceType === 'DocumentReference')).toBe(
      true,
    );

    // The progress went, no dialog is left, the rest of the page is as it was.
    await panel.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    await page.getByText(NOTE).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe("the administrator's export of an archived student", () => {
  beforeAll(async () => {
    // With a clinical note, 'Eliminar' archives the student (docs/data-model.md#archived-students).
    const removed = await inject('DELETE', `/api/students/${studentId}`, psychologistToken);
    expect(removed.statusCode).toBe(200);
  });

  it("asks first, saying the audit log keeps it; 'Cancelar' asks the server nothing, 'Sí, exportar' downloads", async () => {
    const { page } = admin;
    const exports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/export/')) exports.push(request.url());
    });
    await page.getByRole('link', { name: 'Archivados' }).click();
    await page.getByRole('heading', { name: 'Estudiantes archivados', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: NAME });
    const pdfButton = row.getByRole('button', { name: `Exportar el expediente de ${NAME} en PDF` });
    expect(await violationsOn(page)).toEqual([]);

    await pdfButton.click();
    const question = page
      .getByRole('dialog')
      .filter({ hasText: '¿Exportar el expediente completo?' });
    await question.getByText(/quedará registrada en el registro de auditoría/).waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    expect(exports).toEqual([]);

    await pdfButton.click();
    await question.waitFor();
    const pdf = await downloadOf(page, () =>
      question.getByRole('button', { name: 'Sí, exportar' }).click(),
    );
    expect(pdf.name).toMatch(/^expediente_.+\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(exports).toHaveLength(1);
    expect(new URL(exports[0]!).pathname).toBe(`/api/admin/students/${studentId}/export/pdf`);
    expect(new URL(exports[0]!).search).toBe('?confirm=true');
    // The question closes as the file comes (its fade-out may outlast the download).
    await question.waitFor({ state: 'detached' });
    expect(await page.locator('.swal2-popup').count()).toBe(0);

    // The administrator signs in with a second factor: their page's session asks.
    const adminToken = (await storedToken(page))!;
    const audit = await inject('GET', '/api/audit?action=report.record_pdf', adminToken);
    const entries = audit.json().entries as Array<{
      role: string;
      recordId: string;
      outcome: string;
    }>;
    expect(entries).toContainEqual(
      expect.objectContaining({ role: 'ADMIN', recordId: studentId, outcome: 'success' }),
    );
  });
});
