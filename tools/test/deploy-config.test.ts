import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { REMOTE_NAMES } from '@psicocampus/shared/domain';
import { loadConfig } from '../../apps/api/src/config';
import { cacheControlFor } from '../../apps/api/src/web/front-ends';
import {
  pageContentSecurityPolicy,
  registerSecurityHeaders,
} from '../../apps/api/src/web/security-headers';

/**
 * deploy/ describes the server and the front ends to nginx, Docker and
 * systemd; nothing there is checked by the compiler. These tests keep it
 * saying what the code does: the variables the server reads, the remotes
 * there are, the cache rule of docs/architecture.md#cache and the headers the server sends.
 * (`npm run e2e:deploy` runs the real thing.)
 */

const DEPLOY = path.resolve(__dirname, '../../deploy');
const read = (file: string) => readFileSync(path.join(DEPLOY, file), 'utf8');

const template = read('nginx/conf.d/psicocampus.conf.template');
const remoteTemplate = read('nginx/snippets/psicocampus-remote.conf.template');
const remoteServerTemplate = read('nginx/conf.d/psicocampus-remote-server.conf.template');
const staticSnippet = read('nginx/snippets/psicocampus-static.conf');
const apiSnippet = read('nginx/snippets/psicocampus-api.conf');
const renderScript = read('nginx/render.sh');
const compose = read('compose.yaml');

/** The environment variables loadConfig reads. */
function variablesTheServerReads(): Set<string> {
  const seen = new Set<string>();
  loadConfig(
    new Proxy<NodeJS.ProcessEnv>(
      {},
      {
        get(_target, name) {
          if (typeof name === 'string') seen.add(name);
          return undefined;
        },
      },
    ),
  );
  return seen;
}

/** Variables Node.js itself reads, which a deployment may set too. */
const RUNTIME = new Set(['NODE_ENV', 'TZ']);

/** The variable names of the `environment:` block of a compose service (or of the `x-api` anchor). */
function composeEnvironment(service: string): string[] {
  const start = new RegExp(`^( *)${service}:`, 'm').exec(compose);
  if (!start) throw new Error(`compose.yaml has no ${service}`);
  const after = compose.slice(start.index);
  const environment = /^( +)environment:\n/m.exec(after);
  if (!environment) throw new Error(`${service} has no environment`);
  const indent = environment[1]!.length + 2;
  const names: string[] = [];
  for (const line of after.slice(environment.index + environment[0].length).split('\n')) {
    const match = new RegExp(`^ {${indent}}([A-Z0-9_]+):`).exec(line);
    if (match) names.push(match[1]!);
    else if (!new RegExp(`^ {${indent}}#`).test(line)) break;
  }
  return names;
}

function nginxValue(text: string, variable: string): string {
  const match = new RegExp(`set \\$${variable} "([^"]*)";`).exec(text);
  if (!match) throw new Error(`no value for $${variable}`);
  return match[1]!;
}

describe('deploy/: the server processes', () => {
  const known = variablesTheServerReads();

  it('sets only variables the server reads (api.Dockerfile, compose.yaml, systemd)', () => {
    const dockerfile = read('api.Dockerfile');
    const dockerEnv = [...dockerfile.matchAll(/^\s+(?:ENV )?([A-Z_]+)=\S+ ?\\?$/gm)].map(
      (match) => match[1]!,
    );
    const systemdEnv = [...read('systemd/server.env.example').matchAll(/^([A-Z_]+)=/gm)].map(
      (match) => match[1]!,
    );
    const composeEnv = composeEnvironment('x-api');
    expect(dockerEnv).toEqual(expect.arrayContaining(['WEB_DIR', 'TRUST_PROXY', 'DATA_DIR']));
    expect(composeEnv).toEqual(expect.arrayContaining(['DATABASE_URL', 'PUBLIC_URL']));
    for (const name of [...dockerEnv, ...systemdEnv, ...composeEnv]) {
      if (!RUNTIME.has(name)) expect([name, known.has(name)]).toEqual([name, true]);
    }
    expect(read('systemd/psicocampus-api@.service')).toMatch(/^Environment=PORT=%i$/m);
    expect(known.has('PORT')).toBe(true);
  });

  it('runs the built server as a non-root user, with a liveness check and time to drain', () => {
    const dockerfile = read('api.Dockerfile');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(dockerfile).toContain('/api/health/live');
    expect(dockerfile).toContain('CMD ["node", "apps/api/dist/main.js"]');
    expect(dockerfile).toContain('npm install --no-audit --no-fund');
    expect(compose).toMatch(/stop_grace_period: \d+s/);
    expect(compose).toMatch(/^ {2}api1: \*api$/m);
    expect(compose).toMatch(/^ {2}api2: \*api$/m);
    expect(read('systemd/psicocampus-api@.service')).toMatch(/^User=psicocampus$/m);
  });
});

describe('deploy/nginx: the front ends and the API behind nginx', () => {
  const ORIGINS = ['SHELL', ...REMOTE_NAMES.map((name) => name.toUpperCase())];

  it('lists the remotes of remote-descriptors.json (nginx/remote-names.sh)', () => {
    const listed = execFileSync('sh', [path.join(DEPLOY, 'nginx/remote-names.sh')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(listed.trim().split('\n')).toEqual([...REMOTE_NAMES]);
    // render.sh, web-release.sh and the web image's entry point take that list.
    for (const file of ['nginx/render.sh', 'web-release.sh', 'web-entrypoint.sh']) {
      expect([file, read(file).includes('remote-names.sh')]).toEqual([file, true]);
    }
  });

  it('has a server block of its own for the shell and, once per remote, for each remote', () => {
    expect(template).toContain('root ${PSICOCAMPUS_WEB_ROOT}/shell;');
    expect(template.match(/^server \{$/gm)).toHaveLength(1);
    expect(remoteServerTemplate).toMatch(
      /server \{\n(?: {4}#[^\n]*\n)* {4}listen \$\{PSICOCAMPUS_REMOTE_LISTEN\};\n {4}server_name \$\{PSICOCAMPUS_REMOTE_HOST\};\n {4}root \$\{PSICOCAMPUS_WEB_ROOT\}\/remotes\/\$\{PSICOCAMPUS_REMOTE_NAME\};\n {4}include snippets\/psicocampus-remote.conf;\n\}/,
    );
    expect(remoteServerTemplate.match(/^server \{$/gm)).toHaveLength(1);
    expect(renderScript).toMatch(/for name in \$names; do\n\s+render_remote "\$name"/);
  });

  it('renders every origin it names (render.sh) and compose.yaml gives each one', () => {
    const webEnv = composeEnvironment('web');
    for (const origin of ORIGINS) expect(webEnv).toContain(`PSICOCAMPUS_${origin}_ORIGIN`);
    expect(webEnv).toContain('PSICOCAMPUS_API_SERVERS');
    const placeholders = new Set(
      [
        ...(template + remoteTemplate + remoteServerTemplate).matchAll(
          /\$\{(PSICOCAMPUS_[A-Z_]+)\}/g,
        ),
      ].map((m) => m[1]!),
    );
    // render.sh hands envsubst exactly the names it sets.
    for (const name of placeholders) {
      expect([name, renderScript.includes(`\${${name}}`)]).toEqual([name, true]);
    }
  });

  it('caches exactly as the server does (docs/architecture.md#cache)', () => {
    const rule = /"~(.+)"\s+"public, max-age=31536000, immutable";/.exec(template)?.[1];
    expect(rule).toBeDefined();
    const hashed = new RegExp(rule!);
    for (const file of [
      '/main.0123456789.js',
      '/21.a613b257ce.css',
      '/x.abcdef0123.mjs',
      '/remoteEntry.js',
      '/mf-manifest.json',
      '/remotes.json',
      '/index.html',
      '/main.0123456789.js.map',
      '/favicon.svg',
    ]) {
      const nginx = hashed.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      expect([file, nginx]).toEqual([file, cacheControlFor(file)]);
    }
  });

  it("sends the page's Content-Security-Policy, naming the remotes' origins", () => {
    const remotes = ['https://a.example.edu', 'https://b.example.edu'];
    const filled = (text: string) =>
      text
        .replaceAll('${PSICOCAMPUS_REMOTE_ORIGINS}', remotes.join(' '))
        .replaceAll('${PSICOCAMPUS_SHELL_ORIGIN}', 'https://app.example.edu');
    expect(filled(nginxValue(template, 'psicocampus_csp'))).toBe(
      pageContentSecurityPolicy(remotes),
    );
    expect(filled(nginxValue(remoteTemplate, 'psicocampus_csp'))).toBe(
      pageContentSecurityPolicy(['https://app.example.edu', ...remotes]),
    );
  });

  it('sends the security headers the server sends, on every static file', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { remoteOrigins: () => [], https: false });
    app.get('/page', async () => 'ok');
    const served = await app.inject({ method: 'GET', url: '/page' });
    await app.close();
    for (const name of [
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'permissions-policy',
    ]) {
      const value = String(served.headers[name]);
      const line = new RegExp(`^add_header ${name} "([^"]*)" always;$`, 'im').exec(staticSnippet);
      expect([name, line?.[1]]).toEqual([name, value]);
    }
    for (const header of [
      'Content-Security-Policy',
      'Cache-Control',
      'Strict-Transport-Security',
    ]) {
      expect(staticSnippet).toMatch(new RegExp(`^add_header ${header} \\$\\w+ always;$`, 'm'));
    }
    // nginx drops inherited add_header lines where a level has its own: the
    // snippet is included in every location that serves a file.
    const locations = template.match(/location [^\n]+\{\n[\s\S]*?\n {4}\}/g) ?? [];
    const serving = locations.filter((block) => !block.includes('psicocampus-api.conf'));
    expect(serving.length).toBeGreaterThanOrEqual(3);
    for (const block of serving)
      expect(block).toContain('include snippets/psicocampus-static.conf;');
    expect(remoteTemplate).toContain('include snippets/psicocampus-static.conf;');
  });

  it('leaves the API answers alone and never resends a POST that a process received', () => {
    expect(apiSnippet).not.toMatch(/add_header/);
    expect(apiSnippet).toMatch(/^proxy_next_upstream error timeout http_502 http_503;$/m);
    expect(apiSnippet).not.toMatch(/^proxy_next_upstream .*non_idempotent/m);
    expect(apiSnippet).toMatch(/^proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(template).toMatch(/location \^~ \/api\/ \{\n\s+include snippets\/psicocampus-api.conf;/);
  });
});
