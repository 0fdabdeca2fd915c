import type { Page } from 'playwright-core';

export const DEMO = {
  admin: { email: 'admin@psicocampus.test', password: 'Admin-Demo-2026' },
  psychologist: { email: 'psicologa@psicocampus.test', password: 'Psico-Demo-2026' },
  psychologist2: { email: 'psicologo2@psicocampus.test', password: 'Psico2-Demo-2026' },
} as const;

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
  await page.waitForURL(landing);
}

/** The token the shell keeps for the signed-in user (docs/data-model.md#local-data `x-token`). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('x-token'));
}
