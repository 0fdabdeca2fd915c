import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The flags Chromium needs headless, as root, on a machine without outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * What the browser refused under the product's Content-Security-Policy, in
 * this test file. e2e/support/csp-guard.ts fails the file when it is not
 * empty: the policy is on in every browser test, and nothing the product
 * needs may be refused by it.
 */
export const cspViolations: string[] = [];

/**
 * A fresh context (no storage) with Spanish locale; page errors fail loudly in the log. The
 * browser's zone is the service's default unless `timezoneId` says another (a psychologist
 * travelling, a machine set to UTC).
 */
export async function newPage(
  browser: Browser,
  { timezoneId = 'America/Guayaquil' }: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'es-EC', timezoneId });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(`${page.url()}: ${message.text()}`);
    }
  });
  return { context, page };
}
