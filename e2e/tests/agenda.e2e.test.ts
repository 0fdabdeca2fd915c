import type { Browser, BrowserContext, Page } from 'playwright-core';
import { violationsOn } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

// Issue 18: the psychologist's Agenda, in a real browser, at a laptop's and a phone's width.
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

/** Closes the sweetalert2 dialog showing `title` (waits for it first). */
async function acknowledge(title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const REASON = 'Control desde la agenda';

describe("the psychologist's agenda", () => {
  it('books an appointment from a free slot, cancels it with a reason, and passes axe at 1366 and 360 px', async () => {
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await page.waitForURL(/\/psychologist\/dashboard\/agenda$/);
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    // Next week: every working hour of it is still to come, whatever the hour now.
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
    const slot = page.getByRole('button', { name: /^Martes .*, 10:00, libre$/ });
    await slot.waitFor();
    expect(await violationsOn(page)).toEqual([]);

    await slot.click();
    const form = page.getByRole('dialog', { name: 'Nueva cita' });
    await form.waitFor();
    const when = await form.getByLabel(/Fecha y hora/).inputValue();
    expect(when).toMatch(/T10:00$/);
    await form.getByRole('option').nth(1).waitFor({ state: 'attached' });
    await form.getByLabel(/Estudiante/).selectOption({ index: 1 });
    await form.getByLabel(/^Motivo/).fill(REASON);
    expect(await violationsOn(page)).toEqual([]);
    await form.getByRole('button', { name: 'Agendar Cita' }).click();
    await acknowledge('¡Cita Agendada!');

    const booked = page.getByRole('button', {
      name: new RegExp(`^10:00–10:50, .*, ${REASON}, Programada$`),
    });
    await booked.waitFor();
    await booked.click();
    const details = page.getByRole('dialog', { name: 'Detalles de la cita' });
    await details.getByRole('button', { name: 'Cancelar cita' }).click();
    await details.getByLabel(/Quién cancela/).selectOption({ label: 'El estudiante' });
    await details.getByLabel(/Motivo de la cancelación/).fill('Tiene un examen');
    expect(await violationsOn(page)).toEqual([]);
    await details.getByRole('button', { name: 'Cancelar cita' }).click();
    await acknowledge(/cancel/i);

    const cancelled = page.getByRole('button', { name: new RegExp(`${REASON}, Cancelada$`) });
    await cancelled.waitFor();
    // Its hour is free again.
    await slot.waitFor();
    expect(await violationsOn(page)).toEqual([]);

    // A phone: the list is the first view, and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lista' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: /Semana siguiente/ }).click();
    await cancelled.waitFor();
    expect(await violationsOn(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
