import path from 'node:path';
import type { Browser } from 'playwright-core';
import { readOutbox, resetLinkIn } from '../../apps/api/test/helpers/outbox';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn, storedToken } from '../support/session';

let browser: Browser;
let product: RunningProduct;
beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
});
afterAll(async () => {
  await browser.close();
  await product.close();
});

const pathOf = (url: string) => new URL(url).pathname;

describe('signing in', () => {
  it('takes the demo psychologist to /psychologist/dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    expect(await page.getByText('Lucía Fernández').count()).toBe(1);
    await context.close();
  });

  it('takes the demo administrator to /dashboard/home', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.admin, /\/dashboard\/home$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await context.close();
  });

  it('refuses a wrong password with "Error de acceso"', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Correo electrónico').fill(DEMO.psychologist.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta');
    await page.getByRole('checkbox', { name: /Acepto los/ }).check();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Error de acceso').waitFor();
    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    expect(pathOf(page.url())).toBe('/login');
    await context.close();
  });
});

describe('the guard of docs/screens-and-routes.md#navigation-guard, in the browser', () => {
  it.each([
    ['/', '/login'],
    ['/psychologist/dashboard/patients', '/login'],
    ['/dashboard/users', '/login'],
    ['/home', '/login'],
  ])('sends a visitor from %s to %s', async (from, to) => {
    const { context, page } = await newPage(browser);
    await page.goto(`${product.url}${from}`);
    await page.waitForURL((url) => url.pathname === to);
    await context.close();
  });

  it('keeps each role in its own area', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    for (const [from, to] of [
      ['/dashboard/users', '/psychologist/dashboard'],
      ['/home', '/psychologist/dashboard'],
      ['/login', '/psychologist/dashboard'],
      ['/psychologist', '/psychologist/dashboard'],
      ['/', '/psychologist/dashboard'],
    ] as const) {
      await page.goto(`${product.url}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
    await context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, product.url, DEMO.admin, /\/dashboard\/home$/);
    for (const [from, to] of [
      ['/psychologist/dashboard/patients', '/dashboard/home'],
      ['/login', '/dashboard/home'],
      ['/home', '/dashboard/home'],
      ['/dashboard', '/dashboard/home'],
    ] as const) {
      await admin.page.goto(`${product.url}${from}`);
      await admin.page.waitForURL((url) => url.pathname === to);
    }
    await admin.context.close();
  });

  it('sends a user whose stored record was tampered with to /login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    await page.evaluate(() =>
      window.localStorage.setItem('user-data', '{"ok":true,"user":{"role":"ROOT"}}'),
    );
    await page.goto(`${product.url}/psychologist/dashboard/patients`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('signs out with "Cerrar sesión" and the old token stops working', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    const token = await storedToken(page);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Has cerrado sesión.').waitFor();
    const me = await fetch(`${product.url}/api/auth/me`, { headers: { 'x-token': token! } });
    expect(me.status).toBe(401);
    await context.close();
  });
});

describe('password recovery, end to end', () => {
  it('sends the link on the first click after an empty-submit error', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${product.url}/login`);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const modal = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    const send = modal.getByRole('button', { name: 'Enviar enlace' });
    await send.click();
    await modal.getByText('Por favor, ingresa tu correo electrónico.').waitFor();
    await modal.getByLabel(/Correo electrónico/).fill(DEMO.psychologist.email);
    // A person's click: the field loses focus on the press, the release
    // comes a moment later at the same point.
    await send.click({ delay: 150 });
    await modal
      .getByText(
        'Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.',
      )
      .waitFor({ timeout: 3000 });
    await context.close();
  });

  it('mails a link that sets a new password, which then signs in; older sessions end', async () => {
    const older = await newPage(browser);
    await signIn(older.page, product.url, DEMO.psychologist2, /\/psychologist\/dashboard$/);
    const olderToken = await storedToken(older.page);

    const { context, page } = await newPage(browser);
    await page.goto(`${product.url}/login`);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const modal = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    await modal.getByLabel(/Correo electrónico/).fill(DEMO.psychologist2.email);
    await modal.getByRole('button', { name: 'Enviar enlace' }).click();
    await modal
      .getByText(
        'Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.',
      )
      .waitFor();

    await product.server.app.ctx.mail.idle();
    const mails = readOutbox(path.join(product.dataDir, 'outbox'));
    const mail = mails.find((m) => m.to.includes(DEMO.psychologist2.email));
    expect(mail).toBeDefined();
    const link = resetLinkIn(mail!);
    expect(link.startsWith(`${product.url}/reset-password/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Restablecer contraseña' }).waitFor();
    const newPassword = 'una frase nueva para el martes';
    await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
    await page.getByLabel(/^Confirmar contraseña/).fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Contraseña actualizada').waitFor();
    // Dialog buttons say "Aceptar", not "OK".
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await signIn(
      page,
      product.url,
      { email: DEMO.psychologist2.email, password: newPassword },
      /\/psychologist\/dashboard$/,
    );

    const me = await fetch(`${product.url}/api/auth/me`, { headers: { 'x-token': olderToken! } });
    expect(me.status).toBe(401);
    // The older tab finds out at its next call and goes to /login saying why.
    await older.page.reload();
    await older.page.waitForURL((url) => url.pathname === '/login');
    await older.page.getByText('Tu sesión ha expirado. Inicia sesión de nuevo.').waitFor();

    // The link was good for one use only.
    await page.goto(link);
    await page
      .getByText('El enlace para restablecer la contraseña no es válido, ya se usó o ha expirado.')
      .waitFor();
    await context.close();
    await older.context.close();
  });
});
