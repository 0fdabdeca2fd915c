import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

const PUBLIC = { config: { public: true } } as const;

/** The page's own script: the renderer is told where the document is, and to ask nothing outside. */
const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

/** No inline script or style: the product's policy allows none (web/security-headers.ts). */
const DOCS_PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PsicoCampus · Referencia de la API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/docs.js"></script>
</body>
</html>
`;

/** The renderer's files the page loads, from its package in node_modules. */
const RENDERER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

function rendererFolder(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/**
 * `GET /api/openapi.json`, the API described (docs/api.md), and `GET
 * /api/docs`, a page to read it. Both are public: the document describes
 * the calls, as the README does, and holds no data. Registered after every
 * other route: the document is built once the server is ready, from its
 * route table, and then kept.
 */
export async function openApiRoutes(app: FastifyInstance, opts: { version: string }) {
  let document: OpenApiDocument | null = null;
  app.addHook('onReady', async () => {
    document = buildOpenApiDocument(app.routeTable, { version: opts.version });
  });

  app.get('/api/openapi.json', PUBLIC, async () => {
    document ??= buildOpenApiDocument(app.routeTable, { version: opts.version });
    return document;
  });

  app.get('/api/docs', PUBLIC, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  app.get<{ Params: { file: string } }>('/api/docs/:file', PUBLIC, async (request, reply) => {
    const { file } = request.params;
    if (file === 'docs.js') {
      return reply.type('text/javascript; charset=utf-8').send(DOCS_SCRIPT);
    }
    const type = Object.hasOwn(RENDERER_FILES, file) ? RENDERER_FILES[file] : undefined;
    if (!type) return reply.status(404).send({ ok: false, msg: MSG.api.notFound });
    return reply.type(type).send(createReadStream(path.join(rendererFolder(), file)));
  });
}
