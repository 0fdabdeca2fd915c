import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

// docs/api.md#the-document-and-the-reference-page: an integrator reads the API's reference at /api/docs, rendered
// by the product itself under its Content-Security-Policy (the CSP guard
// fails the file on any refused script or style), with nothing from outside.
let browser: Browser;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
const outside: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  product = await startProduct();
  ({ context, page } = await newPage(browser));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(product.url) && !url.startsWith('data:')) outside.push(url);
  });
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await product.close();
});

describe('the API reference page', () => {
  it("renders the server's own document, and asks nothing of another site", async () => {
    await page.goto(`${product.url}/api/docs`);
    await page.getByRole('heading', { name: /PsicoCampus API/ }).waitFor();
    // The document's operations, as the server describes them.
    await page.getByText('/api/auth/login', { exact: true }).waitFor();
    await page.getByText('Iniciar sesión', { exact: true }).waitFor();
    expect(outside).toEqual([]);
  });
});
