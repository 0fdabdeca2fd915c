import type { Browser, Page } from 'playwright-core';
import { STEP_MS } from '../../apps/api/test/helpers/totp';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import {
  DEMO,
  freshCode,
  rememberSecondFactor,
  signIn,
  type KnownFactor,
} from '../support/session';

/*
 * The second factor in a real browser (docs/sign-in-and-sessions.md#second-factor): with every administrator
 * required to have one, the demo administrator enrols at its first sign-in
 * (QR code, key, one code, 10 recovery codes), signs out, signs in with a
 * code, and once with a recovery code. Codes are computed by the tests'
 * own RFC 6238 implementation from the key the page shows.
 */

let browser: Browser;
let product: RunningProduct;
beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct({ env: { ADMIN_MFA_REQUIRED: 'on' } });
});
afterAll(async () => {
  await browser.close();
  await product.close();
});

/** A code the server has not seen yet (support/session.ts keeps the steps sent). */
function code(): string {
  const fresh = freshCode(product.url, DEMO.admin.email);
  if (!fresh) throw new Error('both codes of this step were sent');
  return fresh;
}

async function passwordStep(page: Page) {
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Correo electrónico').fill(DEMO.admin.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('checkbox', { name: /Acepto los/ }).check();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('the second factor of an administrator', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  const factor: KnownFactor = { secret: '', lastStep: -1, recoveryCodes: [] };

  it('is enrolled at the first sign-in: QR code, key, one code, then 10 recovery codes', async () => {
    const { context, page } = await newPage(browser);
    await passwordStep(page);
    await page.getByRole('heading', { name: 'Configura el segundo factor' }).waitFor();
    const qr = page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    secret = (await page.locator('code').first().textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // No session yet.
    expect(await page.evaluate(() => window.localStorage.getItem('x-token'))).toBeNull();

    // The enrolment's code is this step's: remembered as sent.
    rememberSecondFactor(product.url, DEMO.admin.email, factor);
    factor.secret = secret;
    factor.lastStep = Math.floor(Date.now() / STEP_MS) - 1;
    await page.getByLabel('Código de verificación').fill(code());
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const list = page.getByRole('list', { name: 'Tus códigos de recuperación' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
    expect(recoveryCodes).toHaveLength(10);
    // The first is this file's own; the others go to the shared sign-in.
    factor.recoveryCodes.push(...recoveryCodes.slice(1));
    await page.getByRole('button', { name: 'Descargar' }).waitFor();
    await page.getByRole('button', { name: 'Copiar' }).waitFor();

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/dashboard\/home$/);
    await signOut(page);
    await context.close();
  });

  it('signs in with a code of the authenticator app', async () => {
    const { context, page } = await newPage(browser);
    await passwordStep(page);
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByLabel('Código de verificación').fill(code());
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await signOut(page);
    await context.close();
  });

  it('signs in once with a recovery code, which says how many remain', async () => {
    const { context, page } = await newPage(browser);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Te quedan 9 códigos de recuperación.').waitFor();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL(/\/dashboard\/home$/);
    await signOut(page);

    // The same recovery code does not open a second session.
    await passwordStep(page);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El código de recuperación no es correcto o ya se usó.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it("passes the tests' own sign-in, which sends codes (then recovery codes) as a person would", async () => {
    for (let time = 0; time < 2; time += 1) {
      const { context, page } = await newPage(browser);
      await signIn(page, product.url, DEMO.admin, /\/dashboard\/home$/);
      await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
      await context.close();
    }
  });
});
