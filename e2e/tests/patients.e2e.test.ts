import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';
import { fillNewStudent } from '../support/patients';

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let workDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  workDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-e2e-files-'));
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** Closes the sweetalert2 dialog showing `title` (waits for it first). */
async function acknowledge(title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  // Dialog buttons say "Aceptar", not "OK".
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const LIST = '/psychologist/dashboard/patients';

describe('a psychologist working with a patient', () => {
  it('creates a student through the modal and finds it with the search', async () => {
    await page.goto(`${product.url}${LIST}`);
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar Estudiante' });
    await fillNewStudent(modal);
    await modal.getByRole('button', { name: 'Crear Estudiante' }).click();
    await acknowledge('Estudiante creado correctamente');

    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('quinonez');
    await page.getByText('Renata Quiñónez Ávila', { exact: true }).waitFor();
    expect(await page.getByText('María José Castillo Peña', { exact: true }).count()).toBe(0);
  });

  it('opens the student, and adds, edits and deletes a clinical note', async () => {
    await page.getByText('Renata Quiñónez Ávila', { exact: true }).click();
    await page.waitForURL(/\/psychologist\/dashboard\/patients\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Renata Quiñónez Ávila' }).waitFor();
    await page.getByText('No hay notas clínicas registradas').waitFor();

    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await noteModal.getByRole('textbox').fill('Primera entrevista: refiere estrés académico.');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge('Nota agregada');
    await page.getByText('Primera entrevista: refiere estrés académico.').waitFor();

    await page.getByRole('button', { name: /Editar nota/ }).click();
    const editModal = page.getByRole('dialog', { name: 'Editar Nota Clínica' });
    await editModal
      .getByRole('textbox')
      .fill('Primera entrevista: estrés académico y problemas de sueño.');
    await editModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge('Nota actualizada');
    await page.getByText('Primera entrevista: estrés académico y problemas de sueño.').waitFor();

    const detailUrl = page.url();
    await page.getByRole('button', { name: /Eliminar nota/ }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await acknowledge('Nota eliminada');
    // docs/rules-and-messages.md#messages: after deleting a note the user goes to the patients list.
    await page.waitForURL((url) => url.pathname === LIST);
    await page.goto(detailUrl);
    await page.getByText('No hay notas clínicas registradas').waitFor();
  });

  it('schedules an appointment', async () => {
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000);
    inTwoDays.setHours(10, 30, 0, 0);
    const local = `${inTwoDays.getFullYear()}-${String(inTwoDays.getMonth() + 1).padStart(2, '0')}-${String(inTwoDays.getDate()).padStart(2, '0')}T10:30`;
    await page.getByLabel(/^Fecha y hora/).fill(local);
    await page.getByLabel(/^Motivo/).fill('Seguimiento');
    await page.getByRole('button', { name: 'Agendar Cita' }).click();
    await acknowledge('¡Cita Agendada!');
    await page.getByText('Seguimiento').first().waitFor();
  });

  it('edits the student on the edit screen', async () => {
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await page.waitForURL(/\/edit$/);
    await page.getByLabel(/^Ciudad/).fill('Cuenca');
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await acknowledge('Guardado');
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}$/);
    await page.getByText('Cuenca').waitFor();
  });

  it('shows an income in the service\'s locale, es-EC: "$600,00"', async () => {
    await page.goto(`${product.url}${LIST}`);
    await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar Estudiante' });
    await fillNewStudent(modal);
    await modal.getByLabel(/^Nombres/).fill('Julián');
    await modal.getByLabel(/^Apellidos/).fill('Mora Vega');
    await modal.getByLabel(/^Correo electrónico/).fill('julian.mora@estudiantes.psicocampus.test');
    await modal.getByLabel(/^Situación laboral/).selectOption('EMPLEADO');
    await modal.getByLabel(/^Ingresos/).fill('600');
    await modal.getByRole('button', { name: 'Crear Estudiante' }).click();
    await acknowledge('Estudiante creado correctamente');
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('julian');
    await page.getByText('Julián Mora Vega', { exact: true }).click();
    await page.getByRole('heading', { name: 'Julián Mora Vega' }).waitFor();
    // Chromium's Intl writes es-EC money as Node's does: sign first, no space.
    await page.getByText('$600,00', { exact: true }).waitFor();
    expect(await page.getByText('600,00 $').count()).toBe(0);
  });

  it("takes a hyphen or an apostrophe in a name (Pérez-Luna, O'Brien) and refuses a@b as an e-mail", async () => {
    await page.goto(`${product.url}${LIST}`);
    await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar Estudiante' });
    await fillNewStudent(modal);
    await modal.getByLabel(/^Nombres/).fill("Siobhán O'Brien");
    await modal.getByLabel(/^Apellidos/).fill('Pérez-Luna');
    const email = modal.getByLabel(/^Correo electrónico/);
    await email.fill('a@b');
    await email.press('Tab');
    // Refused where it was typed, with the message, and nothing else lost.
    await modal.getByText('Email inválido', { exact: true }).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await modal.getByRole('button', { name: 'Crear Estudiante' }).isDisabled()).toBe(true);
    expect(await modal.getByText(/Solo se permiten letras/).count()).toBe(0);
    expect(await modal.getByLabel(/^Nombres/).inputValue()).toBe("Siobhán O'Brien");

    await email.fill('siobhan.obrien@estudiantes.psicocampus.test');
    await modal.getByRole('button', { name: 'Crear Estudiante' }).click();
    await acknowledge('Estudiante creado correctamente');
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('siobhan');
    await page.getByText("Siobhán O'Brien Pérez-Luna", { exact: true }).waitFor();
  });

  it('shows "Editada el …" under a note once it is edited, and nothing before', async () => {
    await page.goto(`${product.url}${LIST}`);
    await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar Estudiante' });
    await fillNewStudent(modal);
    await modal.getByLabel(/^Nombres/).fill('Camila');
    await modal.getByLabel(/^Apellidos/).fill('Ortiz Luna');
    await modal.getByLabel(/^Correo electrónico/).fill('camila.ortiz@estudiantes.psicocampus.test');
    await modal.getByRole('button', { name: 'Crear Estudiante' }).click();
    await acknowledge('Estudiante creado correctamente');
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('camila');
    await page.getByText('Camila Ortiz Luna', { exact: true }).click();
    await page.getByRole('heading', { name: 'Camila Ortiz Luna' }).waitFor();

    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await noteModal.getByRole('textbox').fill('Primera sesión: refiere insomnio.');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge('Nota agregada');
    const note = page.getByRole('listitem').filter({ hasText: 'Primera sesión' });
    await note.waitFor();
    expect(await note.getByText(/Editada/).count()).toBe(0);

    await note.getByRole('button', { name: /Editar nota/ }).click();
    const editModal = page.getByRole('dialog', { name: 'Editar Nota Clínica' });
    await editModal
      .getByRole('textbox')
      .fill('Primera sesión: refiere insomnio desde el semestre pasado.');
    await editModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge('Nota actualizada');
    // In words, with the date and time of the edit (formatDateTime), not a colour or an icon.
    // Chromium's ICU joins date and time with 'a las' where Node's writes a comma.
    await note
      .getByText(/^Editada el \d{1,2} de \p{L}+ de \d{4}(,| a las) \d{2}:\d{2}$/u)
      .waitFor();
  });

  it('signs that note after a warning, then offers only addenda under it', async () => {
    // Still on Camila Ortiz Luna's detail, with the note written above.
    const note = page.getByRole('listitem').filter({ hasText: 'Primera sesión' });
    await note.getByText('Borrador').waitFor();
    await note.getByRole('button', { name: /Firmar nota/ }).click();
    const question = page
      .getByRole('dialog')
      .filter({ hasText: 'ya no se podrá editar ni eliminar' });
    await question.getByRole('button', { name: 'Sí, firmar' }).click();
    await acknowledge('Nota firmada.');
    await note.getByText(/^Firmada por Lucía Fernández el \d{1,2} de \p{L}+ de \d{4}/u).waitFor();
    expect(
      await note.getByRole('button', { name: /Editar nota|Eliminar nota|Firmar nota/ }).count(),
    ).toBe(0);

    // The box opens on demand (docs/screens-and-routes.md#student-detail).
    expect(await note.getByLabel(/^Texto de la adenda/).count()).toBe(0);
    await note.getByRole('button', { name: /^Agregar adenda/ }).click();
    await note.getByLabel(/^Texto de la adenda/).fill('Corrección: la sesión fue presencial.');
    await note.getByRole('button', { name: 'Guardar adenda' }).click();
    await acknowledge('Adenda agregada.');
    await note.getByText('Corrección: la sesión fue presencial.').waitFor();
    await note.getByText(/^Adenda de Lucía Fernández el /).waitFor();
  });

  it('downloads the template and imports a 3-row file made from it', async () => {
    await page.goto(`${product.url}${LIST}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Descargar plantilla/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plantilla_usuarios.xlsx');
    const templatePath = path.join(workDir, 'plantilla_usuarios.xlsx');
    await download.saveAs(templatePath);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(templatePath);
    const sheet = workbook.worksheets[0]!;
    const rows = [
      [
        'Tomás',
        'Arias',
        19,
        'Masculino',
        'tomas.arias@estudiantes.psicocampus.test',
        '0991112233',
        'Loja',
        'Economía',
        'Segundo',
        'Desempleado/a',
        '',
      ],
      [
        'Inés',
        'Bravo Lara',
        22,
        'Femenino',
        'ines.bravo@estudiantes.psicocampus.test',
        '0992223344',
        'Quito',
        'Biología',
        'Sexto',
        'Empleado/a',
        300,
      ],
      [
        'Álvaro',
        'Cedeño',
        25,
        'Otro',
        'alvaro.cedeno@estudiantes.psicocampus.test',
        '0993334455',
        'Manta',
        'Turismo',
        'Noveno',
        'Desempleado/a',
        '',
      ],
    ];
    rows.forEach((values, index) => {
      sheet.getRow(index + 2).values = values;
    });
    const importPath = path.join(workDir, 'tres-estudiantes.xlsx');
    await workbook.xlsx.writeFile(importPath);

    await page.getByLabel(/Archivo de Excel/).setInputFiles(importPath);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByText(/Se importaron 3 estudiantes/).waitFor();
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('alvaro');
    await page.getByText('Álvaro Cedeño', { exact: true }).waitFor();
  });

  it('deletes the student', async () => {
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('renata');
    await page.getByText('Renata Quiñónez Ávila', { exact: true }).click();
    await page.getByRole('heading', { name: 'Renata Quiñónez Ávila' }).waitFor();
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByText('¿Estás seguro?').waitFor();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await acknowledge('Estudiante Eliminado');
    await page.waitForURL((url) => url.pathname === LIST);
    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('renata');
    await page.getByText('Ningún paciente coincide con la búsqueda.').waitFor();
  });
});
