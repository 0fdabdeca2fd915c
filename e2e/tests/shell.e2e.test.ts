import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { REMOTE_NAMES } from '@psicocampus/shared/domain';
import type { WebRoots } from '../../apps/api/src/config';
import { serveRemoteFolder } from '../../apps/api/src/web/front-ends';
import { cspViolations, launchBrowser, newPage } from '../support/browser';
import { freePort, startProduct, type RunningProduct } from '../support/product';
import { DEMO, signIn } from '../support/session';

const APPS = path.resolve(__dirname, '../../apps');
const MODULE_UNAVAILABLE = 'Este módulo no está disponible en este momento.';
const PSYCHOLOGIST_MENU = [
  'Inicio',
  'Mis Pacientes',
  'Agenda',
  'Evaluaciones',
  'Historial',
  'Estadísticas',
  'Perfil',
  'Configuración',
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });
const menuLabels = (page: Page) => menu(page).getByRole('link').allInnerTexts();

/** How far the page, and each part of the shell's frame, reach past the window's right edge. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = (element: Element | null) =>
      element ? Math.max(0, Math.ceil(element.getBoundingClientRect().right - width)) : -1;
    return {
      page: document.documentElement.scrollWidth - width,
      header: past(document.querySelector('header')),
      logout: past(
        [...document.querySelectorAll('header button')].find(
          (button) => button.textContent === 'Cerrar sesión',
        ) ?? null,
      ),
      nav: past(document.querySelector('nav')),
    };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the shell and its remotes, as npm start serves them', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  it('opens / on /login with the auth remote loaded from its manifest', async () => {
    const { context, page } = await newPage(browser);
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(new URL(response.url()).pathname));

    await page.goto(`${product.url}/`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(loaded).toEqual(
      expect.arrayContaining([
        '/remotes.json',
        '/remotes/auth/mf-manifest.json',
        '/remotes/auth/remoteEntry.js',
      ]),
    );
    // Only the remote that /login needs is fetched.
    expect(loaded.some((p) => p.startsWith('/remotes/patients/'))).toBe(false);
    await context.close();
  });

  it('serves the shell for a reload of a deep link, and the guard sends a visitor to /login', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto(`${product.url}/psychologist/dashboard/patients`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows the Spanish fallback when the auth remote is down, and "Reintentar" loads it', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/remotes/auth/mf-manifest.json', (route) =>
      route.abort('connectionrefused'),
    );

    await page.goto(`${product.url}/login`);
    await page.getByText(MODULE_UNAVAILABLE).waitFor();
    // The shell itself rendered (it is the one showing the fallback).
    expect(await page.locator('#root main').count()).toBe(1);

    await page.unroute('**/remotes/auth/mf-manifest.json');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText(MODULE_UNAVAILABLE).count()).toBe(0);
    await context.close();
  });

  it('shows the fallback for a remote whose manifest answers 404 or whose code is broken', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/remotes/auth/mf-manifest.json', (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    await page.goto(`${product.url}/login`);
    await page.getByText(MODULE_UNAVAILABLE).waitFor();
    await page.unroute('**/remotes/auth/mf-manifest.json');

    await page.route('**/remotes/auth/remoteEntry.js', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'throw new Error("roto")',
      }),
    );
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText(MODULE_UNAVAILABLE).waitFor();
    await context.close();
  });

  it('runs under a Content-Security-Policy that refuses inline and foreign scripts', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${product.url}/login`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    const refused = await page.evaluate(async () => {
      const blocked: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        blocked.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
      const inline = document.createElement('script');
      inline.textContent = 'window.inlineRan = true';
      document.body.append(inline);
      const foreign = document.createElement('script');
      foreign.src = 'http://127.0.0.1:9/ajeno.js';
      document.body.append(foreign);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { blocked, inlineRan: 'inlineRan' in window };
    });
    expect(refused.inlineRan).toBe(false);
    expect(refused.blocked).toEqual(
      expect.arrayContaining([
        'script-src-elem inline',
        'script-src-elem http://127.0.0.1:9/ajeno.js',
      ]),
    );
    // Refused on purpose here; the guard of every file must not count these two.
    cspViolations.splice(0, cspViolations.length);
    await context.close();
  });

  it('gives up on a remote that never answers and shows the fallback', async () => {
    const { context, page } = await newPage(browser);
    // The request is held and never answered, as by a server that hangs.
    await page.route('**/remotes/auth/mf-manifest.json', () => {});
    await page.goto(`${product.url}/login`);
    await page.getByText('Cargando módulo...').waitFor();
    await page.getByText(MODULE_UNAVAILABLE).waitFor({ timeout: 25_000 });
    await context.close();
  });
});

describe("the dashboard's frame", () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  it('keeps every menu entry while a remote is down; its entries open the fallback, the others work', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/remotes/patients/mf-manifest.json', (route) =>
      route.abort('connectionrefused'),
    );
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: 'Módulo no disponible' }).waitFor();
    expect(await menuLabels(page)).toEqual(PSYCHOLOGIST_MENU);

    await menu(page).getByRole('link', { name: 'Mis Pacientes' }).click();
    await page.waitForURL(/\/psychologist\/dashboard\/patients$/);
    await page.getByText(MODULE_UNAVAILABLE).waitFor();
    expect(await page.getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);

    // The other remote of the dashboard still answers its entry.
    await menu(page).getByRole('link', { name: 'Evaluaciones' }).click();
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones' }).waitFor();
    expect(await page.getByText(MODULE_UNAVAILABLE).count()).toBe(0);

    // "Inicio" leads home, and "Reintentar" there brings the remote back.
    await menu(page).getByRole('link', { name: 'Inicio' }).click();
    await page.getByText(MODULE_UNAVAILABLE).waitFor();
    await page.unroute('**/remotes/patients/mf-manifest.json');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText(MODULE_UNAVAILABLE).waitFor({ state: 'detached' });
    expect(await menuLabels(page)).toEqual(PSYCHOLOGIST_MENU);
    await context.close();
  });

  it('folds the menu under a button at 360 px, with every entry reachable, and nothing of the frame overflows at 360, 768 and 1366 px', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    // With the patients remote down the page holds only the shell's own parts.
    await page.route('**/remotes/patients/mf-manifest.json', (route) =>
      route.abort('connectionrefused'),
    );
    await signIn(page, product.url, DEMO.psychologist, /\/psychologist\/dashboard$/);
    await page.getByText(MODULE_UNAVAILABLE).waitFor();

    const button = page.getByRole('button', { name: 'Menú' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Cerrar sesión' }).isVisible()).toBe(true);
    expect(await overflow(page)).toEqual({ page: 0, header: 0, logout: 0, nav: 0 });

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menuLabels(page)).toEqual(PSYCHOLOGIST_MENU);
    for (const label of PSYCHOLOGIST_MENU) {
      const box = await menu(page).getByRole('link', { name: label }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
    // One entry per line: the open menu is a column, not wrapped rows.
    const lefts = await menu(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    expect(await overflow(page)).toEqual({ page: 0, header: 0, logout: 0, nav: 0 });

    // Following an entry closes the menu; the keyboard reaches every entry too.
    await menu(page).getByRole('link', { name: 'Evaluaciones' }).click();
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    // Tab from the button: "Cerrar sesión", then every entry in order.
    const reached: string[] = [];
    for (let i = 0; i <= PSYCHOLOGIST_MENU.length; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(reached).toEqual(['Cerrar sesión', ...PSYCHOLOGIST_MENU]);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    for (const width of [768, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await menu(page).getByRole('link', { name: 'Inicio' }).click();
      await page.getByText(MODULE_UNAVAILABLE).waitFor();
      // The menu is always shown; its button is not.
      expect(await button.isVisible()).toBe(false);
      expect(await menuLabels(page)).toEqual(PSYCHOLOGIST_MENU);
      expect(await page.getByRole('button', { name: 'Cerrar sesión' }).isVisible()).toBe(true);
      expect(await overflow(page)).toEqual({ page: 0, header: 0, logout: 0, nav: 0 });
    }
    await context.close();
  });
});

describe('a remote deployed on its own origin', () => {
  let product: RunningProduct;
  let remoteOrigin: FastifyInstance;
  let remoteUrl: string;
  let webDir: string;

  beforeAll(async () => {
    // The unchanged shell build, with a remotes.json that points the auth
    // remote at another origin, as an operator would edit it.
    webDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-web-'));
    const web: WebRoots = {
      shell: path.join(webDir, 'shell'),
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, path.join(APPS, `${name}-mfe`, 'dist')]),
      ) as WebRoots['remotes'],
    };
    cpSync(path.join(APPS, 'shell', 'dist'), web.shell, { recursive: true });

    const productPort = await freePort();
    const remotePort = await freePort();
    remoteUrl = `http://127.0.0.1:${remotePort}`;
    writeFileSync(
      path.join(web.shell, 'remotes.json'),
      JSON.stringify({
        auth: `${remoteUrl}/mf-manifest.json`,
        patients: '/remotes/patients/mf-manifest.json',
        assessment: '/remotes/assessment/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      }),
    );

    // The auth team's published folder, served from its own origin.
    const published = path.join(webDir, 'auth-published');
    cpSync(path.join(APPS, 'auth-mfe', 'dist'), published, { recursive: true });
    remoteOrigin = Fastify();
    await remoteOrigin.register(fastifyCors, {
      origin: [`http://127.0.0.1:${productPort}`],
    });
    await serveRemoteFolder(remoteOrigin, published, '/');
    await remoteOrigin.listen({ port: remotePort, host: '127.0.0.1' });

    product = await startProduct({ web, port: productPort });
  });
  afterAll(async () => {
    await product.close();
    await remoteOrigin.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('is loaded by the unchanged shell build from the address in remotes.json', async () => {
    const { context, page } = await newPage(browser);
    const fromRemoteOrigin: Array<{
      path: string;
      cache: string | undefined;
      cors: string | undefined;
    }> = [];
    page.on('response', (response) => {
      if (response.url().startsWith(remoteUrl)) {
        const headers = response.headers();
        fromRemoteOrigin.push({
          path: new URL(response.url()).pathname,
          cache: headers['cache-control'],
          cors: headers['access-control-allow-origin'],
        });
      }
    });

    await page.goto(`${product.url}/login`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();

    const manifest = fromRemoteOrigin.find((r) => r.path === '/mf-manifest.json');
    const entry = fromRemoteOrigin.find((r) => r.path === '/remoteEntry.js');
    expect(manifest).toEqual({ path: '/mf-manifest.json', cache: 'no-cache', cors: product.url });
    expect(entry?.cache).toBe('no-cache');
    const chunk = fromRemoteOrigin.find((r) => /\.[0-9a-f]{10}\.js$/.test(r.path));
    expect(chunk?.cache).toBe('public, max-age=31536000, immutable');

    // The shell's own files are the original build's, byte for byte named.
    const shellFiles = readdirSync(path.join(APPS, 'shell', 'dist')).filter((f) =>
      f.endsWith('.js'),
    );
    const copied = readdirSync(path.join(webDir, 'shell')).filter((f) => f.endsWith('.js'));
    expect(copied.sort()).toEqual(shellFiles.sort());
    await context.close();
  });
});
