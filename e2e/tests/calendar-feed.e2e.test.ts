import type { Browser, BrowserContext, Page } from 'playwright-core';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

// docs/api.md#calendar-feed: the psychologist subscribes to their agenda from a calendar program, then revokes it.
let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

describe("the agenda's calendar link", () => {
  it('creates a link a calendar program reads, hides names by default, and revokes it', async () => {
    await page.goto(`${product.url}/psychologist/dashboard/agenda`);
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    await page.getByRole('button', { name: 'Suscribirse desde tu calendario' }).click();
    const panel = page.getByRole('dialog', { name: 'Suscribirse desde tu calendario' });
    await panel.getByRole('button', { name: 'Crear enlace' }).click();
    const link = panel.getByRole('textbox', { name: 'Enlace de tu calendario' });
    await link.waitFor();
    expect(await violationsOn(page)).toEqual([]);

    const url = await link.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // As a calendar program fetches it: no session, no cookie.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await feed.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).not.toMatch(/SUMMARY:Cita: /);

    await panel.getByRole('button', { name: 'Revocar enlace' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '¿Revocar el enlace?' });
    await confirm.getByRole('button', { name: 'Sí, revocar' }).click();
    const done = page.getByRole('dialog').filter({ hasText: 'revocado' });
    await done.getByRole('button', { name: 'Aceptar' }).click();
    await panel.getByText('Aún no tienes un enlace de calendario.').waitFor();
    expect((await fetch(url)).status).toBe(404);
  });
});
