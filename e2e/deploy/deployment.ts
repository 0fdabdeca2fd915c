import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { REMOTE_NAMES, type RemoteName } from '@psicocampus/shared/domain';

const run = promisify(execFile);

export const ROOT = path.resolve(__dirname, '../..');
const API_MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const RENDER_SCRIPT = path.join(ROOT, 'deploy/nginx/render.sh');
const CREATE_ROLES_SCRIPT = path.join(ROOT, 'deploy/postgres/create-roles.sh');
const WEB_RELEASE_SCRIPT = path.join(ROOT, 'deploy/web-release.sh');
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Where `npm run build` leaves each front end. */
export function builtFolder(app: 'shell' | RemoteName): string {
  return path.join(ROOT, 'apps', app === 'shell' ? 'shell' : `${app}-mfe`, 'dist');
}

/** Stops after `ms` with a message, instead of waiting for Jest's own timeout. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${String(last ?? '')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------- database

export interface Database {
  url: string;
  query<Row extends object>(statement: string): Promise<Row[]>;
  drop(): Promise<void>;
}

async function adminQuery<Row extends object>(url: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The database of deploy/README.md's two roles: a new database owned by a
 * new owner role, and a new role for the server processes, made by
 * deploy/postgres/create-roles.sh as the test server's superuser (names of
 * their own, so runs never meet). `url` is the server role's; `query` runs as
 * the superuser; `drop()` removes the database and both roles.
 */
export interface RolesDatabase extends Database {
  ownerUrl: string;
  ownerRole: string;
  appRole: string;
}

export async function createDatabaseWithRoles(serverUrl: string): Promise<RolesDatabase> {
  const suffix = randomBytes(6).toString('hex');
  const name = `pc_deploy_${suffix}`;
  const ownerRole = `pc_deploy_owner_${suffix}`;
  const appRole = `pc_deploy_app_${suffix}`;
  const ownerPassword = randomBytes(12).toString('hex');
  const appPassword = randomBytes(12).toString('hex');
  const server = new URL(serverUrl);
  await run('sh', [CREATE_ROLES_SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '',
      PGHOST: server.hostname,
      PGPORT: server.port || '5432',
      PGUSER: decodeURIComponent(server.username) || 'postgres',
      ...(server.password ? { PGPASSWORD: decodeURIComponent(server.password) } : {}),
      PSICOCAMPUS_DB_NAME: name,
      PSICOCAMPUS_OWNER_ROLE: ownerRole,
      PSICOCAMPUS_APP_ROLE: appRole,
      PSICOCAMPUS_OWNER_PASSWORD: ownerPassword,
      PSICOCAMPUS_APP_PASSWORD: appPassword,
    },
  });
  const urlAs = (role: string, password: string) => {
    const url = new URL(serverUrl);
    url.username = role;
    url.password = password;
    url.pathname = `/${name}`;
    return url.toString();
  };
  const superuser = new URL(serverUrl);
  superuser.pathname = `/${name}`;
  return {
    url: urlAs(appRole, appPassword),
    ownerUrl: urlAs(ownerRole, ownerPassword),
    ownerRole,
    appRole,
    query: (statement) => adminQuery(superuser.toString(), statement),
    drop: async () => {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      await adminQuery(serverUrl, `drop role if exists "${appRole}"`);
      await adminQuery(serverUrl, `drop role if exists "${ownerRole}"`);
    },
  };
}

/** `statement` as the role of `url`: its rows, or the SQLSTATE it failed with. */
export async function queryAs(
  url: string,
  statement: string,
): Promise<{ rows: object[] } | { code: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { rows: (await client.query(statement)).rows };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error) };
  } finally {
    await client.end();
  }
}

// ----------------------------------------------------------- server process

export interface LogLine {
  time?: number;
  level?: number;
  msg?: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  signal?: string;
}

export interface ServerProcess {
  name: string;
  port: number;
  /** The process's JSON log lines so far (its stdout). */
  log: LogLine[];
  /** Everything it wrote, for a failure message. */
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * `node apps/api/dist/main.js`, as deploy/README.md runs each process (the
 * systemd unit, the Docker image): the API only, behind nginx.
 */
export function startServerProcess(
  name: string,
  port: number,
  env: Record<string, string>,
): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: 'none',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: LogLine[] = [];
  let text = '';
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        log.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (the start-up banner).
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    name,
    port,
    log,
    output: () => text,
    exit,
    kill: (signal) => {
      child.kill(signal);
    },
  };
}

/** Resolves once the process answers its readiness probe (its database answers). */
export async function whenReady(server: ServerProcess): Promise<void> {
  let exited = false;
  void server.exit.then(() => (exited = true));
  await waitFor(
    `${server.name} to be ready`,
    async () => {
      if (exited) throw new Error(`${server.name} exited:\n${server.output()}`);
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
      return response.status === 200 ? true : undefined;
    },
    60_000,
  );
}

// ------------------------------------------------------------------ the web

export interface Origins {
  shell: string;
  remotes: Record<RemoteName, string>;
}

/** `sh deploy/web-release.sh <command> <web root> <app> …`, as the operator runs it. */
export async function webRelease(...args: string[]): Promise<string> {
  const { stdout } = await run('sh', [WEB_RELEASE_SCRIPT, ...args]);
  return stdout;
}

/**
 * The folder nginx serves, as deploy/README.md sets it up: each front end's
 * build published as release v1 and made current with deploy/web-release.sh,
 * and the operator's remotes.json naming the remotes' origins.
 */
export async function publishWebRoot(webRoot: string, origins: Origins): Promise<void> {
  for (const app of ['shell', ...REMOTE_NAMES] as const) {
    await webRelease('publish', webRoot, app, 'v1');
    await webRelease('activate', webRoot, app, 'v1');
  }
  const remotesJson = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${origins.remotes[name]}/mf-manifest.json`]),
  );
  writeFileSync(path.join(webRoot, 'remotes.json'), `${JSON.stringify(remotesJson, null, 2)}\n`);
}

// -------------------------------------------------------------------- nginx

export interface Nginx {
  /** Which process answered the API call with this request id (its port), from nginx's log. */
  upstreamsOf(requestId: string): number[];
  /** The output of `nginx -t` on the rendered configuration. */
  configTest: string;
  stop(): Promise<void>;
}

function nginxConfPath(): Promise<string> {
  return run(NGINX, ['-V']).then(({ stdout, stderr }) => {
    const match = /--conf-path=(\S+)/.exec(stdout + stderr);
    if (!match) throw new Error('nginx -V does not say where its configuration is');
    return path.dirname(match[1]!);
  });
}

/**
 * Renders deploy/nginx's templates with deploy/nginx/render.sh (what an
 * operator runs), wraps them in a minimal nginx.conf that keeps everything
 * (pid, logs, temporary files) inside `dir`, checks it with `nginx -t`, and
 * starts nginx in the foreground.
 */
export async function startNginx(
  dir: string,
  values: Record<string, string>,
  shellPort: number,
): Promise<Nginx> {
  const confDir = path.join(dir, 'conf');
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  await run('sh', [RENDER_SCRIPT, confDir], {
    env: { PATH: process.env.PATH ?? '', ...values, PSICOCAMPUS_LOG_DIR: logDir },
  });

  const systemConf = await nginxConfPath();
  const temp = (name: string) => path.join(dir, 'temp', name);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(temp(name), { recursive: true });
  }
  const main = path.join(confDir, 'nginx.conf');
  writeFileSync(
    main,
    [
      // Run as root (CI), nginx would hand its workers to "nobody", who may
      // not read the test's temporary folders.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 2;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(logDir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  include ${path.join(systemConf, 'mime.types')};`,
      '  default_type application/octet-stream;',
      '  sendfile on;',
      `  access_log ${path.join(logDir, 'access.log')};`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      // What Debian's /etc/nginx/nginx.conf does with conf.d/*.conf.
      '  include conf.d/psicocampus.conf;',
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', confDir, '-e', path.join(logDir, 'error.log'), '-c', main];
  const tested = await run(NGINX, ['-t', ...args]);
  const configTest = tested.stdout + tested.stderr;

  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor('nginx to answer', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const response = await fetch(`http://127.0.0.1:${shellPort}/remotes.json`);
    return response.ok ? true : undefined;
  });

  const accessLog = path.join(logDir, 'psicocampus-api.log');
  return {
    configTest,
    upstreamsOf(requestId) {
      if (!existsSync(accessLog)) return [];
      const line = readFileSync(accessLog, 'utf8')
        .split('\n')
        .find((entry) => entry.includes(`request_id=${requestId} `));
      const upstream = line ? /upstream=(.*?) upstream_status=/.exec(line)?.[1] : undefined;
      if (!upstream) return [];
      return upstream.split(/,\s*/).map((address) => Number(address.split(':').pop()));
    },
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
      await exit;
    },
  };
}
