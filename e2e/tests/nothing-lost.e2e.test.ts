import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/*
 * Issue 16, "Nothing a clinician types is lost": a note typed when the
 * session ends on the server is saved after signing in again with no
 * retyping; typing counts as activity; closing a modal with text asks
 * first; signing out leaves no draft behind.
 */

let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let detailPath: string;

const NOTE = 'Entrevista larga: refiere insomnio y dificultad para concentrarse en clase.';

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
  const answer = await fetch(`${product.url}/api/students`, {
    headers: { 'x-token': (await storedToken(page))! },
  });
  const { students } = (await answer.json()) as { students: Array<{ _id: string }> };
  detailPath = `/psychologist/dashboard/patients/${students[0]!._id}`;
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

/** Every draft this tab keeps, as text (docs/sign-in-and-sessions.md#drafts). */
function drafts(target: Page = page): Promise<string> {
  return target.evaluate(() =>
    JSON.stringify(
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith('psicocampus.draft:'))
        .map((key) => sessionStorage.getItem(key)),
    ),
  );
}

/** Closes the sweetalert2 dialog showing `text` with `button`. */
async function answerDialog(text: string | RegExp, button: string, target: Page = page) {
  const dialog = target.locator('.swal2-popup').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function openDetail(target: Page = page) {
  await target.goto(`${product.url}${detailPath}`);
  await target.getByRole('heading', { name: 'Notas clínicas' }).waitFor();
}

describe('nothing a clinician types is lost (issue 16)', () => {
  it('a note typed when the session ends on the server is saved after signing in again, with no retyping', async () => {
    await openDetail();
    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const modal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await modal.getByRole('textbox').fill(NOTE);

    // The session ends on the server (as after 30 idle minutes): this browser does not know yet.
    const ended = await fetch(`${product.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'x-token': (await storedToken(page))! },
    });
    expect(ended.status).toBe(200);

    await modal.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Tu sesión ha expirado. Inicia sesión de nuevo.').waitFor();
    // No "Error al guardar la nota" over the login page, and the text is nowhere but the draft.
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    expect(await page.getByText('Error al guardar la nota').count()).toBe(0);
    expect(page.url()).not.toContain('insomnio');
    expect(await drafts()).toContain(NOTE);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
      'insomnio',
    );

    // Signing in again, from this login page: back on the same student, the note restored.
    await page.getByLabel('Correo electrónico').fill(DEMO.psychologist.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.psychologist.password);
    await page.getByRole('checkbox', { name: /Acepto los/ }).check();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === detailPath);
    const restored = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await restored.getByText('Borrador recuperado').waitFor();
    expect(await restored.getByRole('textbox').inputValue()).toBe(NOTE);

    await restored.getByRole('button', { name: 'Guardar' }).click();
    await answerDialog('Nota agregada', 'Aceptar');
    await page.getByText(NOTE).waitFor();
    expect(await drafts()).toBe('[]');
  });

  it('Cancelar and Escape on the note modal ask "¿Descartar los cambios?"; keeping on keeps the text', async () => {
    await openDetail();
    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const modal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    // Nothing typed: Cancelar closes at once.
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.locator('.swal2-popup').count()).toBe(0);

    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    await modal.getByRole('textbox').fill('Texto a medio escribir');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await answerDialog('¿Descartar los cambios?', 'Cancelar');
    expect(await modal.getByRole('textbox').inputValue()).toBe('Texto a medio escribir');

    await page.keyboard.press('Escape');
    await answerDialog('¿Descartar los cambios?', 'Cancelar');
    expect(await modal.getByRole('textbox').inputValue()).toBe('Texto a medio escribir');

    await modal.getByRole('button', { name: 'Cerrar ventana' }).click();
    await answerDialog('¿Descartar los cambios?', 'Sí, descartar');
    await modal.waitFor({ state: 'detached' });
    expect(await drafts()).not.toContain('Texto a medio escribir');
  });

  it('"Cerrar sesión" leaves no draft in the tab', async () => {
    await openDetail();
    await page.getByLabel(/^Motivo/).fill('Motivo confidencial de la cita');
    await page.waitForFunction(() =>
      Object.keys(sessionStorage).some((key) =>
        sessionStorage.getItem(key)?.includes('Motivo confidencial'),
      ),
    );
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(
      'Motivo confidencial',
    );
  });

  it('typing counts as activity: after 10 quiet minutes a key tells the server, and "¿Sigues ahí?" does not come at 25', async () => {
    const other = await newPage(browser);
    try {
      // The page's clock is driven by the test; the server's is not.
      await other.page.clock.install();
      await signIn(other.page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
      await openDetail(other.page);
      await other.page.getByRole('button', { name: 'Agregar Nota' }).click();
      const text = other.page
        .getByRole('dialog', { name: 'Nueva Nota Clínica' })
        .getByRole('textbox');
      await text.click();

      await other.page.clock.fastForward('11:00');
      const told = other.page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/auth/me',
      );
      await other.page.keyboard.type('Sigue escribiendo');
      // The page must have the answer before its clock jumps again: until then
      // the warning it had set before typing still stands.
      await (await told).finished();

      // 26 minutes after the last call before typing: no warning, the session is alive.
      await other.page.clock.fastForward('15:00');
      expect(await other.page.getByText('¿Sigues ahí?').count()).toBe(0);
      expect(await text.inputValue()).toBe('Sigue escribiendo');
      // It comes 25 minutes after the call that typing made, not before.
      await other.page.clock.fastForward('11:00');
      await other.page.getByText('¿Sigues ahí?').waitFor();
    } finally {
      await other.context.close();
    }
  });
});
