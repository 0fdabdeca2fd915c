import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readOutbox, resetLinkIn } from '../../apps/api/test/helpers/outbox';
import { totpAt } from '../../apps/api/test/helpers/totp';
import { violationsOn } from '../support/axe';
import { closedAppointmentsOverAYear } from '../support/appointments';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, freshCode, signIn, storedToken } from '../support/session';

let browser: Browser;
let product: RunningProduct;
let admin: { context: BrowserContext; page: Page };

const NEW_PSYCHOLOGIST = {
  firstName: 'Daniela',
  lastName: 'Villacís',
  email: 'daniela.villacis@psicocampus.test',
  password: 'una frase para mi primer día',
};
const FULL_NAME = `${NEW_PSYCHOLOGIST.firstName} ${NEW_PSYCHOLOGIST.lastName}`;
const STUDENT = 'Sofía Ortiz'; // a demo student of Lucía Fernández

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  admin = await newPage(browser);
  await signIn(admin.page, product.url, DEMO.admin, /\/dashboard\/home$/);
});
afterAll(async () => {
  await admin.context.close();
  await browser.close();
  await product.close();
});

async function acknowledge(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('an administrator manages a new colleague', () => {
  let newcomer: { context: BrowserContext; page: Page };
  let newcomerToken: string | null;

  afterAll(() => newcomer?.context.close());

  it('shows the service at a glance on the home screen', async () => {
    const { page } = admin;
    await page.getByText('Psicólogos/as activos/as').waitFor();
    await page.getByText('Estudiantes con riesgo alto o muy alto').waitFor();
  });

  it('creates a psychologist, who is invited by mail', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/users`);
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo usuario' });
    await modal.getByLabel(/^Nombres/).fill(NEW_PSYCHOLOGIST.firstName);
    await modal.getByLabel(/^Apellidos/).fill(NEW_PSYCHOLOGIST.lastName);
    await modal.getByLabel(/^Correo electrónico/).fill(NEW_PSYCHOLOGIST.email);
    await modal.getByLabel(/^Rol/).selectOption('PSYCHOLOGIST');
    await modal.getByRole('button', { name: 'Crear usuario' }).click();
    await acknowledge(page, /Usuario creado/);
    await page.getByRole('rowheader', { name: FULL_NAME }).waitFor();
    await page.getByText('Invitación pendiente').first().waitFor();
  });

  it('lets the newcomer set a password from the invitation and sign in', async () => {
    await product.server.app.ctx.mail.idle();
    const mail = readOutbox(path.join(product.dataDir, 'outbox')).find((m) =>
      m.to.includes(NEW_PSYCHOLOGIST.email),
    );
    expect(mail).toBeDefined();
    newcomer = await newPage(browser);
    const { page } = newcomer;
    await page.goto(resetLinkIn(mail!));
    await page.getByRole('heading', { name: 'Crea tu contraseña' }).waitFor();
    await page.getByLabel(/^Nueva contraseña/).fill(NEW_PSYCHOLOGIST.password);
    await page.getByLabel(/^Confirmar contraseña/).fill(NEW_PSYCHOLOGIST.password);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await acknowledge(page, 'Contraseña actualizada');
    await signIn(page, product.url, NEW_PSYCHOLOGIST, /\/psychologist\/dashboard$/);
    newcomerToken = await storedToken(page);
    await page.goto(`${product.url}/psychologist/dashboard/patients`);
    await page.getByText('Todavía no tienes pacientes', { exact: false }).waitFor();
  });

  it('reassigns a student to the newcomer, who then sees it in their list', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/users`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: STUDENT }) });
    await row
      .getByRole('combobox', { name: `Psicólogo/a para ${STUDENT}` })
      .selectOption({ label: FULL_NAME });
    await row.getByRole('button', { name: `Asignar (${STUDENT})` }).click();
    // Taking the student from their psychologist asks first.
    await page.getByRole('button', { name: 'Sí, reasignar' }).click();
    await page.getByText(`${STUDENT} quedó asignado/a a ${FULL_NAME}.`).first().waitFor();

    const { page: theirs } = newcomer;
    await theirs.goto(`${product.url}/psychologist/dashboard/patients`);
    await theirs.getByText(STUDENT, { exact: true }).waitFor();
  });

  it('deactivates the newcomer, whose session ends at once', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/users`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: FULL_NAME }) });
    await row.getByRole('button', { name: `Desactivar (${FULL_NAME})` }).click();
    await page.getByRole('button', { name: 'Sí, desactivar' }).click();
    await acknowledge(page, 'Cuenta desactivada.');

    const me = await fetch(`${product.url}/api/auth/me`, {
      headers: { 'x-token': newcomerToken! },
    });
    expect(me.status).toBe(401);
    const { page: theirs } = newcomer;
    await theirs.reload();
    await theirs.waitForURL((url) => url.pathname === '/login');
    await theirs.getByText('Tu sesión ha expirado. Inicia sesión de nuevo.').waitFor();
  });

  it('shows the statistics with charts and their tables', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/static-admin`);
    await page.getByRole('heading', { name: 'Estadísticas del servicio' }).waitFor();
    await page
      .getByRole('table', { name: /Estudiantes por género/ })
      .waitFor({ state: 'attached' });
    // nivo draws SVG charts on this screen.
    await page.locator('svg[role="img"], [role="img"] svg').first().waitFor();
  });

  it('shows the journey in the audit log', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/dashboard/audit`);
    await page.getByRole('heading', { name: 'Registro de auditoría' }).waitFor();
    for (const action of [
      'Alta de un usuario',
      // Sofía was Lucía's: taking her from a psychologist is an action of its own.
      'Reasignación de un estudiante a otro/a psicólogo/a',
      'Desactivación de un usuario',
      'Inicio de sesión',
    ]) {
      await page.getByRole('cell', { name: action }).first().waitFor();
    }
    await page.getByLabel(/^Acción/).selectOption({ label: 'Desactivación de un usuario' });
    await page.getByRole('cell', { name: 'Desactivación de un usuario' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Alta de un usuario' }).count()).toBe(0);
  });

  it("lists the newcomer's invitation as sent under 'Correos'", async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Correos' }).click();
    await page.getByRole('heading', { name: 'Correos', level: 1 }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: NEW_PSYCHOLOGIST.email }) })
      .filter({ hasText: 'Invitación' })
      .first();
    await row.getByText('Enviado').first().waitFor();
  });
});

describe('the statistics screens, laid out alike', () => {
  const DECISION_AID = 'Ayuda para la decisión clínica; no sustituye el juicio profesional.';
  const BY_LEVEL = 'Nivel de riesgo de la última evaluación';
  const BY_GENDER = 'Estudiantes por género';
  let psychologist: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    // 'Citas por mes' drawn and measured with the other charts.
    await closedAppointmentsOverAYear(product, DEMO.psychologist.email);
    psychologist = await newPage(browser);
    await signIn(psychologist.page, product.url, DEMO.psychologist, /\/psychologist\/dashboard/);
  });
  afterAll(() => psychologist?.context.close());

  type Box = { x: number; y: number; width: number; height: number };
  const inside = (inner: Box, outer: Box) =>
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5;

  async function checkScreen(page: Page, url: string, heading: string) {
    await page.goto(url);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    const cards = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
    await page.getByRole('region', { name: BY_GENDER }).locator('svg').first().waitFor();
    // Every chart drawn before measuring.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="img"]')].every((box) => box.querySelector('svg text')),
    );

    // The line under the chart by level, inside its card, below the chart.
    const byLevel = page.getByRole('region', { name: BY_LEVEL });
    const line = byLevel.getByText(DECISION_AID, { exact: true });
    await line.waitFor();
    const lineBox = (await line.boundingBox())!;
    const chartBox = (await byLevel.getByRole('img').boundingBox())!;
    expect(lineBox.y).toBeGreaterThanOrEqual(chartBox.y + chartBox.height - 0.5);
    expect(inside(lineBox, (await byLevel.boundingBox())!)).toBe(true);

    // 'Ver como tabla' at the same place on every card: the card's top right corner.
    const offsets: { title: string; top: number; right: number }[] = [];
    for (const card of await cards.all()) {
      const button = card.getByRole('button', { name: 'Ver como tabla' });
      if ((await button.count()) === 0) continue;
      const cardBox = (await card.boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      offsets.push({
        title: (await card.getByRole('heading', { level: 2 }).textContent()) ?? '',
        top: Math.round(buttonBox.y - cardBox.y),
        right: Math.round(cardBox.x + cardBox.width - (buttonBox.x + buttonBox.width)),
      });
    }
    expect(offsets.length).toBeGreaterThanOrEqual(4);
    // The appointments per month among them, drawn.
    expect(offsets.map((offset) => offset.title)).toContain('Citas por mes (últimos 12 meses)');
    for (const offset of offsets) {
      expect({ ...offset, title: '' }).toEqual({ ...offsets[0], title: '' });
    }

    // Every label of every chart whole inside its chart's SVG ('Masculino' was clipped).
    const clipped: string[] = [];
    for (const chart of await page.getByRole('img').all()) {
      const svgBox = (await chart.locator('svg').first().boundingBox())!;
      for (const label of await chart.locator('svg text').all()) {
        const text = (await label.textContent()) ?? '';
        if (text.trim() && !inside((await label.boundingBox())!, svgBox)) clipped.push(text);
      }
    }
    expect(clipped).toEqual([]);
    const gender = page.getByRole('region', { name: BY_GENDER }).getByRole('img');
    expect(await gender.locator('svg text', { hasText: 'Masculino' }).count()).toBe(1);
  }

  it('shows the decision-aid line under the chart by level, the table button in one place and every chart label whole, at 1366 and 360 px', async () => {
    for (const width of [1366, 360]) {
      await psychologist.page.setViewportSize({ width, height: 900 });
      await checkScreen(
        psychologist.page,
        `${product.url}/psychologist/dashboard/statistics`,
        'Estadísticas',
      );
      await admin.page.setViewportSize({ width, height: 900 });
      await checkScreen(
        admin.page,
        `${product.url}/dashboard/static-admin`,
        'Estadísticas del servicio',
      );
    }
  });
});

describe('the admin screens at any screen size', () => {
  const WIDTHS = [360, 768, 1366];
  const SCREENS = [
    { path: 'home', heading: 'Inicio' },
    { path: 'users', heading: 'Usuarios' },
    { path: 'static-admin', heading: 'Estadísticas del servicio' },
    { path: 'audit', heading: 'Registro de auditoría' },
    { path: 'mail', heading: 'Correos' },
    { path: 'profile', heading: 'Mi perfil' },
    { path: 'profile-admin', heading: 'Configuración' },
  ];
  let studentName: string;

  beforeAll(async () => {
    // A psychologist opens one of their students: a 'student.read' row names that student.
    const app = product.server.app;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: DEMO.psychologist,
      remoteAddress: '198.51.100.7',
    });
    const token = login.json().token as string;
    const list = await app.inject({ url: '/api/students', headers: { 'x-token': token } });
    const [student] = list.json().students as {
      _id: string;
      firstName: string;
      lastName: string;
    }[];
    studentName = `${student!.firstName} ${student!.lastName}`;
    const read = await app.inject({
      url: `/api/students/${student!._id}`,
      headers: { 'x-token': token },
    });
    expect(read.statusCode).toBe(200);
  });
  afterAll(() => admin.page.setViewportSize({ width: 1280, height: 720 }));

  /** How far the page, and the content area, reach past the window's right edge (px). */
  async function overflow(page: Page) {
    return page.evaluate(() => {
      const main = document.querySelector('main')!;
      const box = main.getBoundingClientRect();
      return {
        page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        main: Math.max(
          0,
          main.scrollWidth - main.clientWidth,
          Math.ceil(box.right) - window.innerWidth,
        ),
      };
    });
  }

  it('shows the audit log whole at 1366 px, with the student named on a student.read row', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${product.url}/dashboard/audit`);
    await page.getByRole('heading', { name: 'Registro de auditoría' }).waitFor();
    await page.getByLabel(/^Acción/).selectOption({ label: 'Consulta de un estudiante' });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Consulta de un estudiante' }) })
      .first();
    await row.getByText(studentName, { exact: true }).waitFor();
    expect(await overflow(page)).toEqual({ page: 0, main: 0 });
    const address = page.getByRole('columnheader', { name: 'Dirección' });
    const box = (await address.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(await address.isVisible()).toBe(true);
    // The table itself fits: nothing to scroll sideways inside its box either.
    const table = page.getByRole('table', { name: /Entradas del registro de auditoría/ });
    expect(
      await table.evaluate((element) => {
        const box = element.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    ).toBe(0);
  });

  it('fits the audit log at 1366 px with the longest texts an entry can have, beside a scroll bar', async () => {
    const { page } = admin;
    // 1366 px less a classic 17 px scroll bar; every column at its widest.
    await page.setViewportSize({ width: 1349, height: 900 });
    const widest = {
      _id: '1',
      at: '2026-09-30T23:59:00.000Z',
      userId: randomUUID(),
      userName: 'María Fernanda Villavicencio Altamirano',
      role: 'ADMIN',
      action: 'student.reassign',
      recordType: 'import_batch',
      recordId: randomUUID(),
      recordName: null,
      clientAddress: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      outcome: 'error',
      requestId: 'req-1',
      detail: { created: 5000, batchId: randomUUID() },
    };
    const entries = [
      widest,
      { ...widest, _id: '2', outcome: 'invalid', recordType: 'student', recordName: 'Ana' },
    ];
    await page.route('**/api/audit?*', (route) =>
      route.fulfill({ json: { ok: true, entries, total: 2, page: 1, pageSize: 50 } }),
    );
    try {
      await page.goto(`${product.url}/dashboard/audit`);
      await page.getByRole('cell', { name: /Error del servidor/ }).waitFor();
      const table = page.getByRole('table', { name: /Entradas del registro de auditoría/ });
      expect(await overflow(page)).toEqual({ page: 0, main: 0 });
      expect(
        await table.evaluate((element) => {
          const box = element.parentElement!;
          return box.scrollWidth - box.clientWidth;
        }),
      ).toBe(0);
    } finally {
      await page.unroute('**/api/audit?*');
    }
  });

  it("fits 'Correos' at 1366 px with the longest texts a mail can have, beside a scroll bar", async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1349, height: 900 });
    const widest = {
      _id: randomUUID(),
      kind: 'email-change',
      to: 'maria.fernanda.villavicencio.altamirano@bienestar.universidad.edu.ec',
      subject: 'Confirma tu nuevo correo electrónico de PsicoCampus',
      status: 'failed',
      attempts: 8,
      lastError: 'ECONNREFUSED: connect ECONNREFUSED 2001:0db8:85a3:0000:0000:8a2e:0370:7334:587',
      createdAt: '2026-09-30T23:59:00.000Z',
      nextAttemptAt: null,
      sentAt: null,
    };
    const mails = [
      widest,
      {
        ...widest,
        _id: randomUUID(),
        status: 'queued',
        attempts: 3,
        nextAttemptAt: '2026-09-30T23:59:00.000Z',
      },
    ];
    await page.route('**/api/mail?*', (route) =>
      route.fulfill({ json: { ok: true, mails, total: 2, page: 1, pageSize: 50 } }),
    );
    try {
      await page.goto(`${product.url}/dashboard/mail`);
      await page.getByRole('button', { name: /Reintentar el correo/ }).waitFor();
      const table = page.getByRole('table', { name: 'Correos' });
      expect(await overflow(page)).toEqual({ page: 0, main: 0 });
      expect(
        await table.evaluate((element) => {
          const box = element.parentElement!;
          return box.scrollWidth - box.clientWidth;
        }),
      ).toBe(0);
    } finally {
      await page.unroute('**/api/mail?*');
    }
  });

  it('fits every admin screen, and the new-user modal, at 360, 768 and 1366 px', async () => {
    const { page } = admin;
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of SCREENS) {
        await page.goto(`${product.url}/dashboard/${screen.path}`);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await page
          .getByText(/^Cargando/)
          .first()
          .waitFor({ state: 'detached' });
        const { page: pageOverflow, main } = await overflow(page);
        if (main > 0) problems.push(`${screen.path} at ${width}: content ${main} px too wide`);
        if (pageOverflow > 0)
          problems.push(`${screen.path} at ${width}: page ${pageOverflow} px too wide`);
        if (screen.path === 'audit') {
          // The audit log's entries are cards where the table would not fit: nothing to scroll.
          const inner = await page
            .getByRole('table', { name: /Entradas del registro de auditoría/ })
            .evaluate(
              (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
            );
          if (inner > 0) problems.push(`audit table at ${width}: ${inner} px to scroll`);
        }
        if (screen.path === 'mail') {
          // 'Correos': its mails are cards where the table would not fit.
          const table = page.getByRole('table', { name: 'Correos' });
          const inner = (await table.count())
            ? await table.evaluate(
                (element) =>
                  element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
              )
            : 0;
          if (inner > 0) problems.push(`mail table at ${width}: ${inner} px to scroll`);
        }
      }
      await page.goto(`${product.url}/dashboard/users`);
      await page.getByRole('button', { name: 'Nuevo usuario' }).click();
      const modal = page.getByRole('dialog', { name: 'Nuevo usuario' });
      await modal.waitFor();
      const box = (await modal.boundingBox())!;
      if (box.x < 0 || box.x + box.width > width) problems.push(`new-user modal at ${width}`);
      // Its last button within reach: in the window, or by scrolling the dialog itself.
      const create = modal.getByRole('button', { name: 'Crear usuario' });
      await create.scrollIntoViewIfNeeded();
      const button = (await create.boundingBox())!;
      if (button.x < 0 || button.x + button.width > width || button.y + button.height > 800) {
        problems.push(`new-user modal's button at ${width}`);
      }
      await modal.getByRole('button', { name: 'Cancelar' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    expect(problems).toEqual([]);
  });
});

describe("the administrator's menu and the users' actions", () => {
  afterAll(() => admin.page.setViewportSize({ width: 1280, height: 720 }));

  it.each([360, 1366])(
    "at %i px names each page once: 'Perfil' shows the data, 'Configuración' changes them",
    async (width) => {
      const { page } = admin;
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${product.url}/dashboard/home`);
      await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
      const fold = page.getByRole('button', { name: 'Menú' });
      if (await fold.isVisible()) await fold.click();
      const menu = page.getByRole('navigation', { name: 'Navegación principal' });
      await menu.getByRole('link', { name: 'Inicio' }).waitFor();
      const labels = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
      expect(labels.filter((label) => label.startsWith('Perfil'))).toEqual(['Perfil']);
      expect(new Set(labels).size).toBe(labels.length);
      expect(await violationsOn(page)).toEqual([]);

      await menu.getByRole('link', { name: 'Configuración' }).click();
      await page.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/profile-admin');
      if (await fold.isVisible()) await fold.click();
      await menu.getByRole('link', { name: 'Perfil', exact: true }).click();
      await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/profile');
    },
  );

  it("offers 'Restablecer segundo factor' only on an account that has one, and resets it with the administrator's own password and code", async () => {
    // Martín turns a second factor on from his profile (the API his screen calls).
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.psychologist2),
    });
    const { token } = (await login.json()) as { token: string };
    const call = (url: string, body: object) =>
      fetch(`${product.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: JSON.stringify(body),
      });
    const enrolment = { password: DEMO.psychologist2.password };
    const { secret } = (await (await call('/api/auth/mfa/enroll', enrolment)).json()) as {
      secret: string;
    };
    expect((await call('/api/auth/mfa/confirm', { code: totpAt(secret, new Date()) })).status).toBe(
      200,
    );

    const { page } = admin;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${product.url}/dashboard/users`);
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row(DEMO.psychologist2.email).waitFor();
    const reset = (email: string) =>
      row(email).getByRole('button', { name: /^Restablecer segundo factor/ });
    expect(await reset(DEMO.psychologist2.email).count()).toBe(1);
    expect(await reset(DEMO.psychologist.email).count()).toBe(0);
    expect(await reset(DEMO.admin.email).count()).toBe(0);
    expect(await violationsOn(page)).toEqual([]);

    // The session alone does not reset it: the administrator's own password and code.
    await reset(DEMO.psychologist2.email).click();
    const modal = page.getByRole('dialog', { name: 'Restablecer segundo factor' });
    await modal.getByText(/Se cerrarán sus sesiones/).waitFor();
    const password = modal.getByLabel('Contraseña actual', { exact: true });
    const code = modal.getByLabel('Código de tu aplicación de autenticación', { exact: true });
    const adminCode = freshCode(product.url, DEMO.admin.email);
    expect(adminCode).not.toBeNull();
    await password.fill('no es la mía');
    await code.fill(adminCode!);
    await modal.getByRole('button', { name: 'Restablecer segundo factor' }).click();
    await modal.getByText('La contraseña actual no es correcta.').waitFor();
    // Nothing was reset, and nothing typed was lost.
    expect(await code.inputValue()).toBe(adminCode);
    expect(await reset(DEMO.psychologist2.email).count()).toBe(1);
    expect(await violationsOn(page)).toEqual([]);

    await password.fill(DEMO.admin.password);
    await modal.getByRole('button', { name: 'Restablecer segundo factor' }).click();
    await acknowledge(page, /Segundo factor restablecido/);
    await modal.waitFor({ state: 'detached' });
    await reset(DEMO.psychologist2.email).waitFor({ state: 'detached' });
  });
});
