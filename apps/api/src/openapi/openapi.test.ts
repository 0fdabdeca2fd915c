import { execFileSync } from 'node:child_process';
import Ajv2020 from 'ajv/dist/2020';
import { LIST_MAX_PAGE, MSG } from '@psicocampus/shared/domain';
import { PAGED_CALLS } from '../../test/helpers/paged-calls';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { DOCS_CONTENT_SECURITY_POLICY } from '../web/security-headers';

/**
 * GET /api/openapi.json and GET /api/docs: the document covers
 * exactly the routes the server has, is valid OpenAPI 3.1, and the page
 * reads it with files the product serves itself. That the answers match the
 * document is checked by the access matrix (security/access-matrix.test.ts).
 */

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, unknown> };
}

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const response = await server.call({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => server?.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** `METHOD /api/path` of each operation, in the server's `:param` spelling. */
function documentedRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
      routes.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  }
  return routes;
}

/** The server's /api routes, without the HEAD twin Fastify adds to each GET. */
function serverRoutes(): Set<string> {
  return new Set(
    server.app.routeTable
      .filter(({ method, url }) => method !== 'HEAD' && /^\/api(\/|$)/.test(url))
      .map(({ method, url }) => `${method} ${url}`),
  );
}

describe('the OpenAPI document', () => {
  it('describes every /api route the server has', () => {
    const documented = documentedRoutes();
    expect([...serverRoutes()].filter((route) => !documented.has(route))).toEqual([]);
  });

  it('describes no route the server does not have', () => {
    const onServer = serverRoutes();
    expect([...documentedRoutes()].filter((route) => !onServer.has(route))).toEqual([]);
  });

  it('is valid OpenAPI 3.1', () => {
    // The validator ships only as an ES module, which Jest's CommonJS run
    // cannot load: it runs in a node of its own, given the document.
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      let input = '';
      for await (const chunk of process.stdin) input += chunk;
      const result = await new Validator().validate(JSON.parse(input));
      process.stdout.write(JSON.stringify(result));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      input: JSON.stringify(document),
      cwd: __dirname,
      encoding: 'utf8',
    });
    const result = JSON.parse(output) as { valid: boolean; errors?: unknown };
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('names the x-token header as the session, and marks only public routes as such', () => {
    expect(document.components.securitySchemes).toEqual({
      token: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-token' }),
    });
    expect(document.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/students']!.get!.security).toBeUndefined();
  });

  it('takes request bodies from the shared schemas, refusing unknown fields as the server does', () => {
    const login = document.paths['/api/auth/login']!.post!.requestBody as {
      content: Record<string, { schema: Record<string, unknown> }>;
    };
    expect(login.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
    });
  });

  it.each([
    ['/api/auth/login/mfa', { challenge: 'x'.repeat(43), code: '968 652' }],
    ['/api/auth/mfa/confirm', { code: ' 968652 ' }],
    ['/api/users/{id}/mfa/reset', { password: 'Admin-Demo-2026', code: '968 652' }],
  ])(
    'accepts on %s a code sent with spaces, as the server does, and refuses five digits',
    (path, body) => {
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      const requestBody = document.paths[path]!.post!.requestBody as {
        content: Record<string, { schema: object }>;
      };
      const validate = ajv.compile(requestBody.content['application/json']!.schema);
      expect(validate(body)).toBe(true);
      expect(validate({ ...body, code: '968 65' })).toBe(false);
    },
  );

  it.each([
    ['put', '/api/students/{id}'],
    ['put', '/api/students/{id}/clinical-notes/{noteId}'],
    ['put', '/api/appointments/{id}'],
    ['post', '/api/appointments/{id}/status'],
  ])('says that %s %s requires version, and why', (method, path) => {
    const body = JSON.stringify(document.paths[path]![method]!.requestBody);
    const schemas = JSON.parse(body).content['application/json'].schema;
    for (const schema of schemas.oneOf ?? [schemas]) {
      expect(schema.required).toContain('version');
      expect(schema.properties.version.description).toBe(MSG.students.versionRequired);
    }
  });

  it('answers errors with the Spanish error shape', async () => {
    const refused = await server.call({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(refused.statusCode).toBe(400);
    const error = document.paths['/api/auth/login']!.post!.responses as Record<string, unknown>;
    expect(error['400']).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });
});

describe("the document's paged lists (docs/api.md#paged-lists)", () => {
  interface Parameter {
    name: string;
    in: string;
    schema: { minimum?: number; maximum?: number };
  }

  /** The query parameters of each documented GET, by `GET /api/path` in the server's spelling. */
  function queryParameters(): Map<string, Parameter[]> {
    const found = new Map<string, Parameter[]>();
    for (const [path, item] of Object.entries(document.paths)) {
      const parameters = (item.get?.parameters ?? []) as Parameter[];
      const route = `GET ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
      found.set(
        route,
        parameters.filter((parameter) => parameter.in === 'query'),
      );
    }
    return found;
  }

  it('pages exactly the calls the server pages', () => {
    const documented = [...queryParameters()]
      .filter(([, parameters]) => parameters.some((parameter) => parameter.name === 'pageSize'))
      .map(([route]) => route);
    // A route paged in two forms (the caseload's assessments, a student's) is one path.
    const paged = [...new Set(PAGED_CALLS.map((call) => call.route))];
    expect(documented.sort()).toEqual(paged.sort());
  });

  // Both forms of a route are held to its one documented maximum.
  it.each(PAGED_CALLS.map((call) => [call.route, call.maxPageSize] as const))(
    '%s states the largest page the server gives (%i)',
    (route, maxPageSize) => {
      const parameters = queryParameters().get(route)!;
      const named = (name: string) => parameters.find((parameter) => parameter.name === name);
      expect(named('pageSize')?.schema).toMatchObject({ minimum: 1, maximum: maxPageSize });
      expect(named('page')?.schema).toMatchObject({ minimum: 1, maximum: LIST_MAX_PAGE });
    },
  );
});

describe('the API reference page', () => {
  it('answers 200 under a policy that allows only this origin', async () => {
    const page = await server.call({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(DOCS_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|https?:/);
    // No inline script or style: everything the page runs is a file of its own.
    expect(page.body).not.toMatch(/<script>|<style|style=/);
  });

  it('loads only files the product serves', async () => {
    const page = await server.call({ url: '/api/docs' });
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://localhost/api/docs').pathname;
      const file = await server.call({ url });
      expect([url, file.statusCode]).toEqual([url, 200]);
      expect(file.headers['content-type']).toMatch(/^text\/(javascript|css)/);
      expect(file.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    }
  });

  it('serves no other file of the renderer package', async () => {
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json']) {
      const answer = await server.call({ url: `/api/docs/${file}` });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('tells the renderer to read this document, not an outside one', async () => {
    const script = await server.call({ url: '/api/docs/docs.js' });
    expect(script.body).toContain("url: 'openapi.json'");
    expect(script.body).toContain('validatorUrl: null');
  });
});
