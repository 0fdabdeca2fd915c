import type { Page } from 'playwright-core';
import { STEP_MS, totpAt } from '../../apps/api/test/helpers/totp';

export const DEMO = {
  admin: { email: 'admin@psicocampus.test', password: 'Admin-Demo-2026' },
  psychologist: { email: 'psicologa@psicocampus.test', password: 'Psico-Demo-2026' },
  psychologist2: { email: 'psicologo2@psicocampus.test', password: 'Psico2-Demo-2026' },
} as const;

/** What the sign-ins of one product know of an account's second factor (docs/sign-in-and-sessions.md#second-factor). */
export interface KnownFactor {
  secret: string;
  /** The last time step whose code was sent: the server accepts each once. */
  lastStep: number;
  recoveryCodes: string[];
}

const factors = new Map<string, KnownFactor>();
const factorKey = (baseUrl: string, email: string) => `${baseUrl} ${email.toLowerCase()}`;

/** Tells the sign-ins of `baseUrl` an account's key, enrolled by a test itself. */
export function rememberSecondFactor(baseUrl: string, email: string, factor: KnownFactor): void {
  factors.set(factorKey(baseUrl, email), factor);
}

/**
 * A code of the account's key that the server has not seen: this step's, or
 * the next one's when this step's was sent (a clock one step ahead is
 * accepted); null when both were sent within this step.
 */
export function freshCode(baseUrl: string, email: string): string | null {
  const factor = factors.get(factorKey(baseUrl, email));
  if (!factor) throw new Error(`${email} has a second factor these tests did not enrol`);
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current, factor.lastStep + 1);
  if (step > current + 1) return null;
  factor.lastStep = step;
  return totpAt(factor.secret, new Date(step * STEP_MS));
}

/**
 * After the password: nothing more, or the second factor's step
 * (docs/sign-in-and-sessions.md#second-factor)
 * done as a person with an authenticator app would: the enrolment when the
 * policy requires one (its key and recovery codes remembered), else a fresh
 * code, or a recovery code when this step's codes were used.
 */
async function passSecondFactor(page: Page, baseUrl: string, email: string, landing: RegExp) {
  const enrol = page.getByRole('heading', { name: 'Configura el segundo factor' });
  const codeStep = page.getByRole('heading', { name: 'Verificación en dos pasos' });
  const next = await Promise.race(
    [
      page.waitForURL(landing).then(() => 'landed' as const),
      enrol.waitFor().then(() => 'enrol' as const),
      codeStep.waitFor().then(() => 'code' as const),
    ].map((wait) => wait.catch(() => 'gone' as const)),
  );
  if (next === 'enrol') {
    await page
      .getByRole('img', { name: 'Código QR para la aplicación de autenticación' })
      .waitFor();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    const step = Math.floor(Date.now() / STEP_MS);
    await page.getByLabel('Código de verificación').fill(totpAt(secret, new Date(step * STEP_MS)));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const list = page.getByRole('list', { name: 'Tus códigos de recuperación' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    rememberSecondFactor(baseUrl, email, { secret, lastStep: step, recoveryCodes });
    await page.getByRole('button', { name: 'Continuar' }).click();
  } else if (next === 'code') {
    const code = freshCode(baseUrl, email);
    if (code) {
      await page.getByLabel('Código de verificación').fill(code);
      await page.getByRole('button', { name: 'Verificar' }).click();
    } else {
      const recoveryCode = factors.get(factorKey(baseUrl, email))?.recoveryCodes.shift();
      if (!recoveryCode) throw new Error(`${email}: no code left in this step, nor recovery codes`);
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
      await page.getByLabel('Código de recuperación').fill(recoveryCode);
      await page.getByRole('button', { name: 'Verificar' }).click();
      // The welcome says how many remain, and waits to be read.
      await page.getByRole('button', { name: 'Aceptar' }).click();
    }
  }
}

/** Signs in through the login screen and waits for the welcome to lead on. */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  landing: RegExp,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /Acepto los/ }).check();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await passSecondFactor(page, baseUrl, account.email, landing);
  await page.waitForURL(landing);
}

/** The token the shell keeps for the signed-in user (docs/data-model.md#local-data `x-token`). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('x-token'));
}
