import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readOutbox } from '../../apps/api/test/helpers/outbox';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

/**
 * 'Eliminar' on a student (docs/data-model.md#archived-students): one
 * imported by mistake is deleted; one with a clinical note is archived, out
 * of the psychologist's list, and an administrator restores them to a
 * colleague from 'Estudiantes archivados'.
 */

let browser: Browser;
let product: RunningProduct;
let psychologist: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };

const LIST = '/psychologist/dashboard/patients';
const MISTAKE = { firstName: 'Errónea', lastName: 'Importación' };
const FOLLOWED = { firstName: 'Camila', lastName: 'Archivo Prueba' };

/** Lucía's session through the API, to set the scene. */
async function apiToken(account: { email: string; password: string }): Promise<string> {
  const login = await product.server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: account,
    remoteAddress: '198.51.100.23',
  });
  return login.json().token as string;
}

async function createStudent(token: string, names: { firstName: string; lastName: string }) {
  const created = await product.server.app.inject({
    method: 'POST',
    url: '/api/students',
    headers: { 'x-token': token },
    payload: {
      ...names,
      age: 21,
      gender: 'FEMENINO',
      email: `${names.lastName.replace(/\W/g, '').toLowerCase()}@estudiantes.psicocampus.test`,
      phone: '0991234567',
      city: 'Quito',
      career: 'Psicología',
      careerLevel: 'TERCERO',
      employmentStatus: 'DESEMPLEADO',
    },
  });
  return created.json().student._id as string;
}

async function acknowledge(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens the student's detail and confirms 'Eliminar'; the question is checked on the way. */
async function deleteFromDetail(page: Page, id: string, name: string) {
  await page.goto(`${product.url}${LIST}/${id}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const question = page.getByRole('dialog').filter({ hasText: '¿Estás seguro?' });
  await question.getByText(/Esta acción no se puede deshacer/).waitFor();
  await question.getByText(/tiene registros clínicos.*se archivará/).waitFor();
  await question.getByRole('button', { name: 'Sí, eliminar' }).click();
}

let mistakeId: string;
let followedId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  const token = await apiToken(DEMO.psychologist);
  mistakeId = await createStudent(token, MISTAKE);
  followedId = await createStudent(token, FOLLOWED);
  await product.server.app.inject({
    method: 'POST',
    url: `/api/students/${followedId}/clinical-notes`,
    headers: { 'x-token': token },
    payload: { note: 'Primera entrevista: estrés académico.' },
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

describe('deleting a student from their detail', () => {
  it("deletes a student without clinical records: 'Estudiante Eliminado', back to the list", async () => {
    const { page } = psychologist;
    await deleteFromDetail(page, mistakeId, 'Errónea Importación');
    await acknowledge(page, 'Estudiante Eliminado');
    await page.waitForURL((url) => url.pathname === LIST);
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    await page.getByText('Errónea Importación', { exact: true }).waitFor({ state: 'detached' });
  });

  it("archives a student with a note: 'Estudiante Archivado', and they leave the list", async () => {
    const { page } = psychologist;
    await deleteFromDetail(page, followedId, 'Camila Archivo Prueba');
    const done = page.getByRole('dialog').filter({ hasText: 'Estudiante Archivado' });
    await done.getByText(/se conservan todos/).waitFor();
    await acknowledge(page, 'Estudiante Archivado');
    await page.waitForURL((url) => url.pathname === LIST);
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('archivo prueba');
    await page.getByText('Ningún paciente coincide con la búsqueda.').waitFor();
    // The address of the detail leads nowhere now.
    await page.goto(`${product.url}${LIST}/${followedId}`);
    await page
      .getByRole('heading', { name: 'Camila Archivo Prueba' })
      .waitFor({ state: 'detached' });
  });
});

describe("the administrator's 'Estudiantes archivados'", () => {
  it('shows the archived student without a clinical text and restores them to a colleague; the psychologist who archived them is told by mail', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Archivados' }).click();
    await page.getByRole('heading', { name: 'Estudiantes archivados', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Camila Archivo Prueba' });
    await row.getByText('1 nota, 0 evaluaciones').waitFor();
    await row.getByRole('cell', { name: 'Lucía Fernández', exact: true }).waitFor();
    expect(await page.getByText('Primera entrevista').count()).toBe(0);
    // docs/limits-and-budgets.md#speed-and-size-budgets: no axe finding on any screen.
    expect(await violationsOn(page)).toEqual([]);

    await row.getByRole('combobox').selectOption({ label: 'Martín Rojas' });
    await row.getByRole('button', { name: /Restaurar/ }).click();
    const question = page.getByRole('dialog').filter({ hasText: '¿Restaurar el expediente?' });
    await question
      .getByText(/Lucía Fernández, que lo archivó, recibirá un aviso por correo/)
      .waitFor();
    await question.getByRole('button', { name: 'Sí, restaurar' }).click();
    await acknowledge(page, /fue restaurado\/a y quedó asignado\/a a Martín Rojas/);
    await page.getByText('No hay estudiantes archivados.').waitFor();

    await product.server.app.ctx.mail.idle();
    const told = readOutbox(path.join(product.dataDir, 'outbox')).filter(
      (mail) =>
        mail.to.includes(DEMO.psychologist.email) &&
        mail.subject === 'Un estudiante de tu lista fue reasignado en PsicoCampus',
    );
    expect(told).toHaveLength(1);

    // Martín has the student back, with the note.
    const martin = await apiToken(DEMO.psychologist2);
    const detail = await product.server.app.inject({
      url: `/api/students/${followedId}`,
      headers: { 'x-token': martin },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().student.clinicalNotesTotal).toBe(1);
  });
});
