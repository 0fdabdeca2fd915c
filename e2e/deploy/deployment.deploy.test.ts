import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { REMOTE_NAMES, type RemoteName } from '@psicocampus/shared/domain';
import { pdfText } from '../../apps/api/test/helpers/pdf-text';
import { totpAt } from '../../apps/api/test/helpers/totp';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../apps/api/test/helpers/workbooks';
import {
  API_CONTENT_SECURITY_POLICY,
  pageContentSecurityPolicy,
} from '../../apps/api/src/web/security-headers';
import { launchBrowser, newPage } from '../support/browser';
import { freePort } from '../support/product';
import { DEMO, signIn } from '../support/session';
import {
  builtFolder,
  createDatabaseWithRoles,
  publishWebRoot,
  queryAs,
  ROOT,
  startNginx,
  startServerProcess,
  waitFor,
  webRelease,
  whenReady,
  type Nginx,
  type Origins,
  type RolesDatabase,
  type ServerProcess,
} from './deployment';
import { fillNewStudent } from '../support/patients';

/**
 * deploy/README.md, on loopback: PostgreSQL, two server processes, and nginx
 * (configured from deploy/nginx by render.sh) balancing /api over them and
 * serving the shell and each remote from an origin of its own.
 */

const run = promisify(execFile);
const POSTGRES = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let workDir: string;
let webRoot: string;
let database: RolesDatabase;
/** A server process started as the server's role before `npm run migrate`: its exit and output. */
let beforeMigrate: { code: number | null; output: string };
/** What `npm run migrate` printed. */
let migrated: string;
let origins: Origins;
let shell: string;
let nginx: Nginx;
let browser: Browser;
/** The server processes by name; `api1` is replaced when it is started again. */
const servers = new Map<string, ServerProcess>();
const ports = { api1: 0, api2: 0 };
let serverEnv: Record<string, string>;
/** The patients remote's next release, built while the rest runs. */
let nextRelease: Promise<unknown>;

function processOn(port: number): string {
  return port === ports.api1 ? 'api1' : port === ports.api2 ? 'api2' : `:${port}`;
}

/** Which process answered (the last upstream nginx tried), from nginx's log. */
function answeredBy(requestId: string | null | undefined): string | undefined {
  if (!requestId) return undefined;
  const upstreams = nginx.upstreamsOf(requestId);
  return upstreams.length ? processOn(upstreams.at(-1)!) : undefined;
}

async function waitAnsweredBy(requestIds: string[]): Promise<Set<string>> {
  // nginx writes a line when the answer has left: wait for the last ones.
  return waitFor('nginx to log the calls', async () => {
    const names = requestIds.map(answeredBy);
    return names.every(Boolean) ? new Set(names as string[]) : undefined;
  });
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-deploy-'));
  webRoot = path.join(workDir, 'web');
  // A team's next release of the patients remote, built the way `npm run build` builds it.
  nextRelease = run(process.execPath, [
    path.join(__dirname, 'build-remote-release.mjs'),
    'patients',
    'v2',
    path.join(workDir, 'patients-v2-build'),
  ]);

  const shellPort = await freePort();
  shell = `http://127.0.0.1:${shellPort}`;
  const remotePorts = await Promise.all(REMOTE_NAMES.map(() => freePort()));
  origins = {
    shell,
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name, index) => [name, `http://127.0.0.1:${remotePorts[index]}`]),
    ) as Record<RemoteName, string>,
  };
  ports.api1 = await freePort();
  ports.api2 = await freePort();
  await publishWebRoot(webRoot, origins);

  // deploy/README.md, "The database": the owner's role, the server's role,
  // and the database owned by the first (deploy/postgres/create-roles.sh).
  database = await createDatabaseWithRoles(POSTGRES);
  serverEnv = {
    // server.env: the server's own role, which does not migrate.
    DATABASE_URL: database.url,
    MIGRATE_ON_START: 'false',
    PUBLIC_URL: shell,
    // The assessment's embedding example runs on its remote's origin and calls the API.
    ALLOWED_ORIGINS: origins.remotes.assessment,
    DATA_DIR: path.join(workDir, 'data'),
    // One key for both processes: it seals the second factor's keys (SECURITY.md).
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // And one that seals the clinical texts, which `npm run migrate` is given too.
    CLINICAL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  // Started before `npm run migrate`, a process refuses to run on the empty schema.
  const early = startServerProcess('early', await freePort(), serverEnv);
  const exited = await early.exit;
  beforeMigrate = { code: exited.code, output: early.output() };
  // psicocampus-migrate.service: server.env plus migrate.env, as the owner.
  migrated = (
    await run('npm', ['run', 'migrate'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...serverEnv,
        MIGRATION_DATABASE_URL: database.ownerUrl,
        DATABASE_APP_ROLE: database.appRole,
      },
    })
  ).stdout;
  // Both at once on the migrated database: one seeds, the other waits.
  for (const name of ['api1', 'api2'] as const) {
    servers.set(name, startServerProcess(name, ports[name], serverEnv));
  }
  await Promise.all([...servers.values()].map(whenReady));

  nginx = await startNginx(
    workDir,
    {
      PSICOCAMPUS_WEB_ROOT: webRoot,
      PSICOCAMPUS_API_SERVERS: `127.0.0.1:${ports.api1} 127.0.0.1:${ports.api2}`,
      PSICOCAMPUS_LISTEN_ADDRESS: '127.0.0.1',
      PSICOCAMPUS_SHELL_ORIGIN: shell,
      ...Object.fromEntries(
        REMOTE_NAMES.map((name) => [
          `PSICOCAMPUS_${name.toUpperCase()}_ORIGIN`,
          origins.remotes[name],
        ]),
      ),
    },
    shellPort,
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  for (const server of servers.values()) server.kill('SIGTERM');
  await Promise.all([...servers.values()].map((server) => server.exit));
  await nextRelease?.catch(() => {});
  await database?.drop();
  // KEEP_DEPLOY_DIR=1 keeps the rendered configuration and nginx's logs to look at.
  if (process.env.KEEP_DEPLOY_DIR) console.log(`kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}, 60_000);

describe('the installation', () => {
  it('has an nginx configuration, rendered from deploy/nginx, that nginx -t accepts', () => {
    expect(nginx.configTest).toMatch(/syntax is ok/);
    expect(nginx.configTest).toMatch(/test is successful/);
  });

  it('refuses to start as the server role before npm run migrate, saying to run it', () => {
    expect(beforeMigrate.code).toBe(1);
    expect(beforeMigrate.output).toContain(
      'La base de datos no tiene aplicadas todas las migraciones de esta versión',
    );
    expect(beforeMigrate.output).toContain('Ejecuta "npm run migrate"');
  });

  it('was migrated by npm run migrate as the owner, which granted the server role its privileges', () => {
    expect(migrated).toContain('Migraciones aplicadas: 0000_init');
    expect(migrated).toContain(`Permisos del rol ${database.appRole}, el del servidor:`);
    expect(migrated).toContain(
      'SELECT, INSERT (nunca UPDATE, DELETE ni TRUNCATE) en assessment_remarks, audit_log, clinical_note_addenda, safety_plan_revisions;',
    );
  });

  it('was given its demo data once, by two processes starting together', async () => {
    const [counts] = await database.query<{ users: number; students: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from students) as students',
    );
    // A first start's demo service (SEED_DEMO=showcase, the default): 40 students for each of
    // the two demo psychologists and 3 to assign; seeded twice, there would be twice as many.
    expect(counts).toEqual({ users: 3, students: 2 * 40 + 3 });
  });

  it('creates the first administrator with npm run create-admin, whose link works through nginx', async () => {
    const { stdout } = await run(
      'npm',
      [
        'run',
        'create-admin',
        '--',
        '--email',
        'rocio.andrade@universidad.test',
        '--first-name',
        'Rocío',
        '--last-name',
        'Andrade',
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...serverEnv },
      },
    );
    const link = /(\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(stdout)?.[1];
    expect(link?.startsWith(`${shell}/reset-password/`)).toBe(true);
    const token = link!.split('/').pop()!;
    const password = 'Rocio-Andrade-2026';
    const set = await fetch(`${shell}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password }),
    });
    expect(set.status).toBe(200);
    const login = await fetch(`${shell}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rocio.andrade@universidad.test', password }),
    });
    expect(login.status).toBe(200);
    // Every administrator needs a second factor (ADMIN_MFA_REQUIRED, on by default): the password
    // leads to its enrolment, not yet to a session.
    const answer = (await login.json()) as { challenge: string };
    expect(answer).toMatchObject({ ok: true, mfaEnrollmentRequired: true });
    const { challenge } = answer;

    // Enrolled through one process, confirmed through the other: they share MFA_ENCRYPTION_KEY.
    const callProcess = (port: number, url: string, payload: object) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const enrolled = await callProcess(ports.api1, '/api/auth/mfa/enroll', { challenge });
    expect(enrolled.status).toBe(200);
    const { secret } = (await enrolled.json()) as { secret: string };
    const confirmed = await callProcess(ports.api2, '/api/auth/mfa/confirm', {
      challenge,
      code: totpAt(secret, new Date()),
    });
    expect(confirmed.status).toBe(200);
    // What a copy of the database holds is sealed: not the key the app shows.
    const [stored] = await database.query<{ mfa_secret: string }>(
      "select mfa_secret from users where email = 'rocio.andrade@universidad.test'",
    );
    expect(stored!.mfa_secret.startsWith('v1:')).toBe(true);
    expect(stored!.mfa_secret).not.toContain(secret);
  });

  it('serves the shell and each remote from an origin of its own, with the cache and security headers', async () => {
    const policy = pageContentSecurityPolicy(Object.values(origins.remotes).sort());
    const page = await fetch(`${shell}/psychologist/dashboard/patients`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();

    const remotesJson = await fetch(`${shell}/remotes.json`);
    expect(remotesJson.headers.get('cache-control')).toBe('no-cache');
    expect(await remotesJson.json()).toEqual({
      auth: `${origins.remotes.auth}/mf-manifest.json`,
      patients: `${origins.remotes.patients}/mf-manifest.json`,
      assessment: `${origins.remotes.assessment}/mf-manifest.json`,
      admin: `${origins.remotes.admin}/mf-manifest.json`,
    });

    const shellChunk = readdirSync(builtFolder('shell')).find((file) =>
      /^main\.[0-9a-f]{10}\.js$/.test(file),
    )!;
    const chunk = await fetch(`${shell}/${shellChunk}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The .gz twin the build wrote, sent as it is.
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect((await fetch(`${shell}/no-existe.js`)).status).toBe(404);

    for (const name of REMOTE_NAMES) {
      const origin = origins.remotes[name];
      const manifest = await fetch(`${origin}/mf-manifest.json`, { headers: { origin: shell } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(manifest.headers.get('access-control-allow-origin')).toBe(shell);
      expect(manifest.headers.get('x-content-type-options')).toBe('nosniff');
      expect(manifest.headers.get('content-security-policy')).toBe(
        pageContentSecurityPolicy([shell, ...Object.values(origins.remotes).sort()]),
      );
      const entry = await fetch(`${origin}/remoteEntry.js`);
      expect(entry.headers.get('cache-control')).toBe('no-cache');
      const hashed = readdirSync(builtFolder(name)).find((file) =>
        /\.[0-9a-f]{10}\.js$/.test(file),
      )!;
      const hashedAnswer = await fetch(`${origin}/${hashed}`);
      expect(hashedAnswer.status).toBe(200);
      expect(hashedAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('passes the API through with its own headers, none added or doubled by nginx', async () => {
    const health = await fetch(`${shell}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      ok: true,
      ready: true,
      database: { kind: 'postgres' },
    });
    expect(health.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('x-frame-options')).toBe('DENY');
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('two server processes behind nginx', () => {
  const login = (account: { email: string; password: string }) =>
    fetch(`${shell}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });

  it('counts failed logins on both: the sixth for one e-mail is refused, whichever answers', async () => {
    const wrong = { email: DEMO.psychologist2.email, password: 'no-es-la-clave-1' };
    const requestIds: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await login(wrong);
      expect(failed.status).toBe(401);
      requestIds.push(failed.headers.get('x-request-id')!);
    }
    expect(await waitAnsweredBy(requestIds)).toEqual(new Set(['api1', 'api2']));
    const sixth = await login(DEMO.psychologist2);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('keeps a session opened through one process valid on the other', async () => {
    const signedIn = await login(DEMO.psychologist);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const requestIds = [signedIn.headers.get('x-request-id')!];
    for (let call = 0; call < 4; call += 1) {
      const me = await fetch(`${shell}/api/auth/me`, { headers: { 'x-token': token } });
      expect(me.status).toBe(200);
      requestIds.push(me.headers.get('x-request-id')!);
    }
    const [opened] = await waitAnsweredBy(requestIds.slice(0, 1));
    expect(await waitAnsweredBy(requestIds.slice(1))).toContain(
      opened === 'api1' ? 'api2' : 'api1',
    );
  });
});

describe('the server\'s database role (deploy/README.md, "The database")', () => {
  const auditRows = async () =>
    (await database.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;

  it('is the only role the server processes connect as, and it owns no table', async () => {
    // Each process holds its pool's connections for a while after a call.
    for (const port of [ports.api1, ports.api2]) {
      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    }
    const connected = await database.query<{ usename: string }>(
      `select distinct usename from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(connected.map((row) => row.usename)).toEqual([database.appRole]);
    const owned = await database.query<{ relname: string }>(
      `select relname from pg_class where relowner = (select oid from pg_roles where rolname = '${database.appRole}')`,
    );
    expect(owned).toEqual([]);
  });

  it.each([
    ['disable the audit trigger', 'alter table audit_log disable trigger all'],
    ['delete from the audit log', 'delete from audit_log'],
    ['update the audit log', `update audit_log set outcome = 'success'`],
    ['truncate the audit log', 'truncate audit_log'],
    ['drop the audit log', 'drop table audit_log'],
    ['create a table', 'create table intruso (id int)'],
    ['alter a table', 'alter table students add column intruso int'],
  ])('cannot %s with the credentials of server.env', async (_what, statement) => {
    const before = await auditRows();
    expect(await queryAs(database.url, statement)).toEqual({ code: '42501' });
    expect(await auditRows()).toBe(before);
  });

  it('signs in and writes through nginx as that role, each write audited', async () => {
    const signedIn = await fetch(`${shell}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.psychologist),
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const created = await fetch(`${shell}/api/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token },
      body: JSON.stringify({
        firstName: 'Rol',
        lastName: 'Del Servidor',
        age: 21,
        gender: 'FEMENINO',
        email: `rol.servidor.${Date.now()}@estudiantes.test`,
        phone: '0991234567',
        city: 'Quito',
        career: 'Medicina',
        careerLevel: 'TERCERO',
        employmentStatus: 'DESEMPLEADO',
        income: null,
      }),
    });
    expect(created.status).toBe(201);
    const { student } = (await created.json()) as { student: { _id: string } };
    const deleted = await fetch(`${shell}/api/students/${student._id}`, {
      method: 'DELETE',
      headers: { 'x-token': token },
    });
    expect(deleted.status).toBe(200);
    const trail = await database.query<{ action: string; outcome: string }>(
      `select action, outcome from audit_log where record_id = '${student._id}' order by id`,
    );
    expect(trail).toEqual([
      { action: 'student.create', outcome: 'success' },
      { action: 'student.delete', outcome: 'success' },
    ]);
  });

  it('copies the database with npm run backup as that role (the nightly job of server.env)', async () => {
    const out = path.join(workDir, 'nightly.dump');
    const { stdout } = await run('npm', ['run', 'backup', '--', '--out', out], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...serverEnv },
    });
    expect(stdout).toContain(`Copia de seguridad escrita en ${out}`);
  });
});

/** The yes/no question whose legend starts with `title`. */
function question(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('group', {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
  });
}

async function answerNo(scope: Page | Locator, title: string) {
  await question(scope, title).getByRole('radio', { name: 'No', exact: true }).check();
}

async function acknowledge(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const BEHAVIOUR = [
  'Intento Real',
  'Comportamiento Autolesivo No Suicida',
  'Autolesión con intención desconocida',
  'Intento Interrumpido',
  'Intento Abortado',
  'Actos o Comportamiento Preparatorios',
  'Suicidio consumado',
];

interface Call {
  method: string;
  path: string;
  start: number;
  end: number;
  status?: number;
  error?: string;
  requestId?: string | null;
}

/** Calls that a psychologist's screens make, over and over, until `stop()`; each one recorded. */
function keepCalling(token: string, studentId: string) {
  const calls: Call[] = [];
  let running = true;
  const one = async (method: string, pathName: string, body?: unknown) => {
    const call: Call = { method, path: pathName, start: Date.now(), end: 0 };
    try {
      const response = await fetch(`${shell}${pathName}`, {
        method,
        headers: {
          'x-token': token,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      call.status = response.status;
      call.requestId = response.headers.get('x-request-id');
    } catch (error) {
      call.error = String(error);
    }
    call.end = Date.now();
    calls.push(call);
  };
  const loop = async (n: number) => {
    for (let round = 0; running; round += 1) {
      await one('GET', '/api/students');
      await one('GET', `/api/students/${studentId}`);
      await one('POST', `/api/students/${studentId}/clinical-notes`, {
        note: `Seguimiento ${n}.${round}: sin novedades.`,
      });
      await one('GET', '/api/auth/me');
    }
  };
  const loops = Promise.all([loop(1), loop(2)]);
  return {
    calls,
    async stop() {
      running = false;
      await loops;
      return calls;
    },
  };
}

const failed = (call: Call) => call.error !== undefined || (call.status ?? 0) >= 500;

/**
 * Asks for the caseload's list through nginx until both processes have
 * answered it, checking each answer: the list is the one a process keeps in
 * its memory (plugins/students/caseload-list-cache.ts).
 */
async function listedByBoth(token: string, check: (ids: string[]) => void): Promise<void> {
  const answeredBy = new Set<string>();
  await waitFor('both processes to answer the list', async () => {
    const list = await fetch(`${shell}/api/students`, { headers: { 'x-token': token } });
    const { students } = (await list.json()) as { students: Array<{ _id: string }> };
    check(students.map((student) => student._id));
    const [by] = await waitAnsweredBy([list.headers.get('x-request-id')!]);
    answeredBy.add(by!);
    return answeredBy.size === 2 ? true : undefined;
  });
}

describe('a psychologist working through nginx while server processes stop', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let studentId: string;
  let studentUrl: string;
  const apiAnswers: Array<{
    method: string;
    url: string;
    status: number;
    requestId?: string;
  }> = [];
  const apiFailures: string[] = [];

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    page.on('response', (response) => {
      if (!response.url().startsWith(`${shell}/api/`)) return;
      apiAnswers.push({
        method: response.request().method(),
        url: response.url(),
        status: response.status(),
        requestId: response.headers()['x-request-id'],
      });
    });
    page.on('requestfailed', (request) => {
      if (!request.url().startsWith(`${shell}/api/`)) return;
      const reason = request.failure()?.errorText ?? '';
      // Cancelled by the page itself (it navigated away, or dropped a call it no longer needs).
      if (reason === 'net::ERR_ABORTED') return;
      apiFailures.push(`${request.method()} ${request.url()} ${reason}`);
    });
  });
  afterAll(() => context.close());

  it('signs in, creates a student and writes a note, answered by both processes', async () => {
    await signIn(page, shell, DEMO.psychologist, /\/psychologist\/dashboard$/);
    token = (await page.evaluate(() => window.localStorage.getItem('x-token')))!;
    // Both processes keep this caseload's list in memory before the student is added.
    await listedByBoth(token, () => {});

    await page.goto(`${shell}/psychologist/dashboard/patients`);
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    await page.getByRole('button', { name: 'Agregar Estudiante' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar Estudiante' });
    await fillNewStudent(modal);
    await modal.getByRole('button', { name: 'Crear Estudiante' }).click();
    await acknowledge(page, 'Estudiante creado correctamente');

    await page.getByRole('searchbox', { name: /Buscar paciente/ }).fill('quinonez');
    await page.getByText('Renata Quiñónez Ávila', { exact: true }).click();
    await page.waitForURL(/\/psychologist\/dashboard\/patients\/[0-9a-f-]{36}$/);
    studentUrl = page.url();
    studentId = studentUrl.split('/').pop()!;
    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await noteModal.getByRole('textbox').fill('Primera entrevista: refiere estrés académico.');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge(page, 'Nota agregada');
    await page.getByText('Primera entrevista: refiere estrés académico.').waitFor();

    expect(apiFailures).toEqual([]);
    expect(apiAnswers.filter((answer) => answer.status >= 400)).toEqual([]);
    const ids = apiAnswers.map((answer) => answer.requestId!).filter(Boolean);
    expect(await waitAnsweredBy(ids)).toEqual(new Set(['api1', 'api2']));
  });

  it("lists the new student on both processes (each one's caseload cache sees the other's write)", async () => {
    await listedByBoth(token, (ids) => expect(ids).toContain(studentId));
  });

  it('saves an assessment and downloads its PDF', async () => {
    await page.getByRole('button', { name: 'Nueva Evaluación' }).click();
    const form = page.getByRole('dialog', {
      name: 'Evaluación de Riesgo Suicida - Escala Columbia',
    });
    await question(form, '1. Deseo de estar muerto/a').waitFor();
    await answerNo(form, '1. Deseo de estar muerto/a');
    await answerNo(form, '2. Pensamientos suicidas activos no específicos');
    for (const title of BEHAVIOUR) await answerNo(form, title);
    await form.getByRole('button', { name: 'Guardar Evaluación' }).click();
    const registered = page.getByRole('dialog').filter({ hasText: 'Evaluación Registrada' });
    await registered.waitFor();
    expect(await registered.textContent()).toContain('Bajo');
    await registered.getByRole('button', { name: 'Aceptar' }).click();
    await form
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await form.waitFor({ state: 'detached' });

    await page.goto(studentUrl);
    const history = page.getByRole('region', { name: 'Historial de evaluaciones' });
    await history.getByRole('heading', { name: 'Evaluación 1' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Reporte general (PDF)' }).click(),
    ]);
    const text = pdfText(readFileSync(await download.path()));
    expect(text).toContain('Reporte general del estudiante');
    expect(text).toContain('Renata Quiñónez Ávila');
    expect(apiFailures).toEqual([]);
    expect(apiAnswers.filter((answer) => answer.status >= 400)).toEqual([]);
  });

  it('goes on through the other process when one is killed mid-run, failing only calls in flight at the kill', async () => {
    const traffic = keepCalling(token, studentId);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const victim = servers.get('api1')!;
    const killedAt = Date.now();
    victim.kill('SIGKILL');
    await victim.exit;
    const goneAt = Date.now();

    // The psychologist carries on in the browser meanwhile.
    const before = apiAnswers.length;
    await page.getByRole('button', { name: 'Agregar Nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva Nota Clínica' });
    await noteModal.getByRole('textbox').fill('Segunda sesión: duerme mejor.');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await acknowledge(page, 'Nota agregada');
    await page.getByText('Segunda sesión: duerme mejor.').waitFor();
    const history = page.getByRole('region', { name: 'Historial de evaluaciones' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Reporte general (PDF)' }).click(),
    ]);
    // The student's name as written (docs/import-and-reports.md#reports).
    expect(download.suggestedFilename()).toMatch(/^reporte_Renata-Quiñónez-Ávila_/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const calls = await traffic.stop();

    const inFlight = (call: Call) => call.start <= goneAt && call.end >= killedAt;
    const after = calls.filter((call) => call.start > goneAt);
    expect(calls.filter((call) => call.end < killedAt).length).toBeGreaterThan(4);
    expect(after.length).toBeGreaterThan(8);
    expect(calls.filter((call) => failed(call) && !inFlight(call))).toEqual([]);
    // A POST that api1 had received when it died may be lost (502); GETs are answered by api2.
    expect(calls.filter(failed).every((call) => call.method === 'POST')).toBe(true);
    expect(await waitAnsweredBy(after.map((call) => call.requestId!))).toEqual(new Set(['api2']));

    const browserAfter = apiAnswers.slice(before);
    expect(browserAfter.length).toBeGreaterThan(0);
    expect(browserAfter.filter((answer) => answer.status >= 400)).toEqual([]);
    expect(apiFailures).toEqual([]);
  });

  it('lets a process stopped with SIGTERM finish the import it is running, and loses no call', async () => {
    // The supervisor starts the killed process again; nginx tries it once its 5 s are up.
    const restarted = startServerProcess('api1', ports.api1, serverEnv);
    servers.set('api1', restarted);
    await whenReady(restarted);
    await waitFor(
      'nginx to send calls to the restarted process',
      async () => {
        const me = await fetch(`${shell}/api/auth/me`, { headers: { 'x-token': token } });
        expect(me.status).toBe(200);
        const [by] = await waitAnsweredBy([me.headers.get('x-request-id')!]);
        return by === 'api1' ? true : undefined;
      },
      20_000,
    );

    const rows = 2_000;
    const batch = async (label: string) => {
      const sheet = [
        [...TEMPLATE_HEADERS],
        ...Array.from({ length: rows }, (_, n) =>
          studentRow(n, { 'Correo electrónico': `lote-${label}-${n}@estudiantes.test` }),
        ),
      ];
      const form = new FormData();
      const file = new Uint8Array(await xlsxFile(sheet));
      form.append('file', new Blob([file], { type: XLSX }), `lote-${label}.xlsx`);
      return form;
    };
    const forms = await Promise.all([batch('a'), batch('b')]);
    // Nothing else is going on: nginx sends one import to each process.
    const imports = forms.map(async (form) => {
      const response = await fetch(`${shell}/api/students/import`, {
        method: 'POST',
        headers: { 'x-token': token },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { msg: string } };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Then the screens' calls, and reports, while api2 is stopped with its import running.
    const traffic = keepCalling(token, studentId);
    const pdfs = Array.from({ length: 4 }, async () => {
      const response = await fetch(`${shell}/api/pdfreport/student/${studentId}`, {
        headers: { 'x-token': token },
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, head: body.subarray(0, 5).toString() };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = servers.get('api2')!;
    const signalledAt = Date.now();
    stopping.kill('SIGTERM');

    const answered = await Promise.all(imports);
    expect(answered).toEqual([
      { status: 200, body: expect.objectContaining({ msg: `Se importaron ${rows} estudiantes.` }) },
      { status: 200, body: expect.objectContaining({ msg: `Se importaron ${rows} estudiantes.` }) },
    ]);
    expect(await Promise.all(pdfs)).toEqual(Array(4).fill({ status: 200, head: '%PDF-' }));
    expect(await stopping.exit).toEqual({ code: 0, signal: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const calls = await traffic.stop();
    // The one call that can fail: a connection nginx opened to api2 in the instant api2 stopped
    // listening, reset by the kernel before api2 saw it. nginx answers a POST on it 502 itself (no
    // process's request id) and does not resend it (deploy/README.md, "Stopping a process").
    const resetAtTheSignal = (call: Call) =>
      call.method === 'POST' &&
      call.status === 502 &&
      call.requestId === null &&
      call.start <= signalledAt + 1_000 &&
      call.end >= signalledAt;
    expect(calls.filter((call) => failed(call) && !resetAtTheSignal(call))).toEqual([]);

    // From api2's own log: the import it answered had started before SIGTERM reached it.
    const shutdown = stopping.log.find((line) => line.msg?.startsWith('shutting down'));
    expect(shutdown?.signal).toBe('SIGTERM');
    const importLines = stopping.log.filter(
      (line) => line.msg === 'request' && line.url === '/api/students/import',
    );
    expect(importLines).toHaveLength(1);
    expect(importLines[0]!.time! - importLines[0]!.ms!).toBeLessThan(shutdown!.time!);
    expect(importLines[0]!.status).toBe(200);
    expect(stopping.log.some((line) => line.msg === 'stopped')).toBe(true);
  });

  it('picks up a new release of a remote, published on its origin, on the next reload; and rolls it back', async () => {
    await nextRelease;
    const shellFiles = new Set<string>();
    const patientsFiles = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === shell) shellFiles.add(url.pathname);
      if (url.origin === origins.remotes.patients) patientsFiles.add(url.pathname);
    });
    const release = () =>
      page.evaluate(
        () =>
          (globalThis as { psicocampusReleases?: Record<string, string> }).psicocampusReleases
            ?.patients ?? null,
      );

    await page.goto(`${shell}/psychologist/dashboard/patients`);
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    expect(await release()).toBeNull();
    const v1Files = new Set(patientsFiles);
    const v1Shell = new Set(shellFiles);

    // The patients team publishes its new build and makes it current (deploy/README.md).
    await webRelease('publish', webRoot, 'patients', 'v2', path.join(workDir, 'patients-v2-build'));
    expect(await webRelease('activate', webRoot, 'patients', 'v2')).toContain('(was v1)');
    patientsFiles.clear();
    shellFiles.clear();
    await page.reload();
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    expect(await release()).toBe('v2');
    expect(patientsFiles).toContain('/mf-manifest.json');
    expect(patientsFiles).toContain('/remoteEntry.js');
    // New chunk names (new content hashes); the shell's own files are the same ones.
    expect(
      [...patientsFiles].some((file) => /\.[0-9a-f]{10}\.js$/.test(file) && !v1Files.has(file)),
    ).toBe(true);
    expect([...shellFiles].filter((file) => file.endsWith('.js'))).toEqual(
      [...v1Shell].filter((file) => file.endsWith('.js')),
    );

    // Rolling back is making the previous release current again.
    await webRelease('activate', webRoot, 'patients', 'v1');
    await page.reload();
    await page.getByRole('heading', { name: 'Mis Pacientes' }).waitFor();
    expect(await release()).toBeNull();
    expect(apiFailures).toEqual([]);
  });
});
