import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, REMOTE_NAMES } from '@psicocampus/shared/domain';
import type { WebRoots } from '../config';

/** A file name carrying a content hash (`name.0123456789.js`): safe to cache for a year. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|mjs)$/;

/**
 * docs/architecture.md#cache: hashed chunks are immutable; everything that names them
 * (index.html, remotes.json, mf-manifest.json, remoteEntry.js) must be
 * revalidated on every load, so a team's new release is picked up at once.
 */
export function cacheControlFor(filePath: string): string {
  // A precompressed twin (main.0123456789.js.br) is cached like its original.
  const served = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return HASHED_FILE.test(served) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  void reply.header('Cache-Control', cacheControlFor(filePath));
}

/**
 * Serves one remote's build folder with the cache rules above. CORS for the
 * shell's origin comes from the CORS plugin of the instance. Also what a
 * remote's own origin needs (the independent-deployment test uses it so).
 */
export async function serveRemoteFolder(
  app: FastifyInstance,
  root: string,
  prefix: string,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    cacheControl: false,
    index: false,
    // The build writes .br and .gz beside each file (PrecompressPlugin).
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
}

/** True for a request a browser makes for a page (a reload of a deep link, say). */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/remotes/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built front ends on the API's own port: the shell at `/` (with
 * `remotes.json` beside its index.html), each remote's folder at
 * `/remotes/<name>/`, and the shell's page for every client route.
 */
export async function registerFrontEnds(app: FastifyInstance, web: WebRoots): Promise<void> {
  const shellIndex = path.join(web.shell, 'index.html');
  const shellBuilt = existsSync(shellIndex);
  if (!shellBuilt) {
    app.log.warn({ folder: web.shell }, 'the shell is not built: run `npm run build`');
  }

  for (const name of REMOTE_NAMES) {
    const root = web.remotes[name];
    if (!existsSync(root)) {
      app.log.warn(
        { remote: name, folder: root },
        'remote not built; its area will show the fallback',
      );
      continue;
    }
    await serveRemoteFolder(app, root, `/remotes/${name}/`);
  }

  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: web.shell,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
      wildcard: true,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (shellBuilt && wantsPage(request)) {
      void reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', web.shell, { cacheControl: false });
    }
    const msg = request.url.startsWith('/api') ? MSG.api.routeNotFound : MSG.api.notFound;
    return reply.status(404).send({ ok: false, msg });
  });
}
