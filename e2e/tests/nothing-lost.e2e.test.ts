import type { Browser, BrowserContext, Page } from 'playwright-core';
import { studentBody } from '../../apps/api/test/helpers/patients';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

/*
 * Nothing a clinician types is lost (docs/sign-in-and-sessions.md#drafts): a note typed when the
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

describe('nothing a clinician types is lost', () => {
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

/*
 * At 360 and 1366 px, every screen with a form asks before an
 * in-app navigation leaves its text behind, as the modals do
 * (docs/screens-and-routes.md#leaving-a-form); a student just deleted is
 * asked for no more, so the audit log holds only what the person did.
 */

const WIDTHS = [360, 1366] as const;
/** The students deleted below, for the administrator's audit log at the end. */
const deletedIds: string[] = [];

/** The sweetalert2 question '¿Descartar los cambios?', once it shows. */
async function discardQuestion(target: Page = page) {
  const dialog = target.locator('.swal2-popup').filter({ hasText: '¿Descartar los cambios?' });
  await dialog.waitFor();
  return dialog;
}

/** A link of the main menu, opening it first where it folds under "Menú" (360 px). */
async function followMenu(label: string) {
  const fold = page.getByRole('button', { name: 'Menú' });
  // Still open when a question kept the page where it was.
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) === 'false') {
    await fold.click();
  }
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: label })
    .click();
}

async function expectNoViolations(state: string) {
  expect({ state, violations: await violationsOn(page) }).toEqual({ state, violations: [] });
}

describe.each(WIDTHS)('at %i px, leaving a form asks first', (width) => {
  const planPath = () => `${detailPath}/safety-plan`;
  const warningSigns = () => page.getByLabel(/Señales de alerta/);

  beforeAll(async () => {
    await page.setViewportSize({ width, height: 800 });
    // The session of the tests above ended with "Cerrar sesión".
    if (!(await storedToken(page))) {
      await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    }
  });

  it('the safety plan: the menu asks; Cancelar keeps the text; Sí, descartar leaves it, as chosen', async () => {
    const text = `Deja de dormir y se aísla (${width})`;
    await page.goto(`${product.url}${planPath()}`);
    await warningSigns().fill(text);
    await page.waitForFunction(
      (typed) => JSON.stringify({ ...sessionStorage }).includes(typed),
      text,
    );
    await expectNoViolations('safety plan with text typed');

    await followMenu('Mis Pacientes');
    const question = await discardQuestion();
    await expectNoViolations("'¿Descartar los cambios?' over the safety plan");
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(planPath());
    expect(await warningSigns().inputValue()).toBe(text);

    await followMenu('Mis Pacientes');
    await (await discardQuestion()).getByRole('button', { name: 'Sí, descartar' }).click();
    await page.waitForURL((url) => url.pathname === '/psychologist/dashboard/patients');
    await page.getByRole('heading', { name: 'Mis Pacientes', level: 1 }).waitFor();
    expect(await drafts()).not.toContain(text);
    await expectNoViolations('the list, after leaving the plan');
  });

  it("the safety plan: the browser's back button and '← Volver al estudiante' ask too", async () => {
    const text = `Llamar a su hermana (${width})`;
    await openDetail();
    await page
      .getByRole('region', { name: 'Plan de seguridad' })
      .getByRole('link', { name: /plan de seguridad/i })
      .click();
    await page.waitForURL((url) => url.pathname === planPath());
    await warningSigns().fill(text);

    await page.evaluate(() => window.history.back());
    const question = await discardQuestion();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === planPath());
    expect(await warningSigns().inputValue()).toBe(text);

    await page.getByRole('link', { name: /Volver al estudiante/ }).click();
    await (await discardQuestion()).getByRole('button', { name: 'Sí, descartar' }).click();
    await page.waitForURL((url) => url.pathname === detailPath);
    await page.getByRole('heading', { name: 'Notas clínicas' }).waitFor();
    expect(await drafts()).not.toContain(text);
    await expectNoViolations('the detail, after leaving the plan');
  });

  it("the edit-student screen: its 'Cancelar' and the menu ask before its changes go", async () => {
    await page.goto(`${product.url}${detailPath}/edit`);
    const city = page.getByLabel(/^Ciudad/);
    await city.fill(`Cuenca ${width}`);

    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
    const question = await discardQuestion();
    await expectNoViolations("'¿Descartar los cambios?' over the edit screen");
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`${detailPath}/edit`);
    expect(await city.inputValue()).toBe(`Cuenca ${width}`);

    await followMenu('Agenda');
    await (await discardQuestion()).getByRole('button', { name: 'Sí, descartar' }).click();
    await page.waitForURL((url) => url.pathname === '/psychologist/dashboard/agenda');
  });

  it('deleting a student: nothing asks for it afterwards, and no call answers 404', async () => {
    const lastName = width === 360 ? 'Salas Vera' : 'Salas Mena';
    const token = (await storedToken(page))!;
    const created = await fetch(`${product.url}/api/students`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(studentBody({ firstName: 'Renata', lastName })),
    });
    expect(created.status).toBe(201);
    const { student } = (await created.json()) as { student: { _id: string } };
    deletedIds.push(student._id);

    await page.goto(`${product.url}/psychologist/dashboard/patients/${student._id}`);
    await page.getByRole('heading', { name: `Renata ${lastName}` }).waitFor();
    await page.getByRole('heading', { name: 'Historial de cambios' }).waitFor();
    await page.waitForLoadState('networkidle');

    let deleted = false;
    const afterwards: string[] = [];
    const notFound: string[] = [];
    const onRequest = (request: { url(): string; method(): string }) => {
      if (deleted) afterwards.push(`${request.method()} ${request.url()}`);
    };
    const onResponse = (response: { url(): string; status(): number }) => {
      if (response.status() === 404) notFound.push(response.url());
      if (response.url().endsWith(`/api/students/${student._id}`) && response.status() === 200) {
        deleted = true;
      }
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    try {
      await page.getByRole('button', { name: 'Eliminar' }).click();
      await answerDialog('¿Estás seguro?', 'Sí, eliminar');
      await answerDialog('Estudiante Eliminado', 'Aceptar');
      await page.waitForURL((url) => url.pathname === '/psychologist/dashboard/patients');
      await page.getByRole('heading', { name: 'Mis Pacientes', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
    }
    expect(deleted).toBe(true);
    expect(afterwards.filter((call) => call.includes(student._id))).toEqual([]);
    expect(notFound).toEqual([]);
    await expectNoViolations('the list, after deleting a student');
  });
});

describe("the administrator's audit log after those deletions", () => {
  let auditor: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    auditor = await newPage(browser);
    await signIn(auditor.page, product.url, DEMO.admin, /\/dashboard\/home$/);
  });
  afterAll(() => auditor.context.close());

  it('holds no refused access for the deleted students, only what the psychologist did', async () => {
    expect(deletedIds).toHaveLength(WIDTHS.length);
    const token = (await storedToken(auditor.page))!;
    const answer = await fetch(`${product.url}/api/audit?pageSize=200`, {
      headers: { 'x-token': token },
    });
    const { entries } = (await answer.json()) as {
      entries: Array<{ recordId: string | null; action: string; outcome: string }>;
    };
    const aboutThem = entries.filter((entry) => deletedIds.includes(entry.recordId ?? ''));
    // Created, read, deleted: all of it done, none of it refused.
    expect(aboutThem.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['student.create', 'student.read', 'student.delete']),
    );
    expect(aboutThem.filter((entry) => entry.outcome !== 'success')).toEqual([]);

    for (const width of WIDTHS) {
      await auditor.page.setViewportSize({ width, height: 800 });
      await auditor.page.goto(`${product.url}/dashboard/audit`);
      await auditor.page.getByRole('heading', { name: 'Registro de auditoría' }).waitFor();
      const rows = auditor.page
        .getByRole('row')
        .filter({ hasText: 'Eliminación de un estudiante' });
      await rows.first().waitFor();
      const refused = auditor.page
        .getByRole('row')
        .filter({ hasText: 'Denegado' })
        .filter({ hasText: new RegExp(deletedIds.map((id) => id.slice(0, 8)).join('|')) });
      expect(await refused.count()).toBe(0);
      expect(await violationsOn(auditor.page)).toEqual([]);
    }
  });
});

describe.each(WIDTHS)('at %i px, the student detail', (width) => {
  beforeAll(() => page.setViewportSize({ width, height: 800 }));

  it("wraps the assigned psychologist's e-mail only after '@' or before a dot", async () => {
    await openDetail();
    const card = page.getByRole('region', { name: 'Psicólogo/a asignado/a' });
    const email = card.getByText('psicologa@psicocampus.test', { exact: true });
    await email.waitFor();
    // Where the rendered lines break: the index of each line's first character.
    const breaks = await email.evaluate((element) => {
      const range = document.createRange();
      const tops: Array<{ index: number; top: number }> = [];
      let index = 0;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let offset = 0; offset < node.textContent!.length; offset += 1, index += 1) {
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          tops.push({ index, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      return tops.filter((at, i) => i > 0 && at.top > tops[i - 1]!.top).map((at) => at.index);
    });
    const text = 'psicologa@psicocampus.test';
    for (const at of breaks) expect(text[at - 1] === '@' || text[at] === '.').toBe(true);
    expect(await violationsOn(page)).toEqual([]);
  });
});
