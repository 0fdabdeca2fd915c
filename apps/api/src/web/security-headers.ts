import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * What an API answer may do once in a browser: nothing. JSON, PDFs and
 * spreadsheets need no script, style or frame; should one be opened as a
 * page, it runs nothing and cannot be framed.
 */
export const API_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API reference page (/api/docs) and its files: the one API path that is
 * a page. Its renderer's script and styles come from this origin only, as
 * separate files (no inline script or style); it fetches the document from
 * here and shows icons as data: images. Nothing else is allowed.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const isDocsPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * The policy of the product's pages and files. Scripts, styles and the
 * manifests Module Federation fetches come from this origin and from the
 * remotes' origins named in remotes.json, nowhere else: no inline script, no
 * eval, no plug-in, no `<base>` to redirect relative URLs, and no site may
 * frame the product (clickjacking). Integrators embed the assessment remote
 * with its `mount` on their own pages, under their own policy, not in a frame.
 */
export function pageContentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const sources = ["'self'", ...remoteOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources}`,
    `style-src ${sources}`,
    `connect-src ${sources}`,
    `img-src ${sources} data:`,
    `font-src ${sources}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The origins of the remotes the shell loads, read from the remotes.json it
 * reads. Operators edit that file in place to move a remote (README), so it
 * is read again whenever it changes, without a restart. Relative addresses
 * are this origin ('self').
 */
export function remoteOriginsOf(remotesJsonPath: string): () => string[] {
  let seen: { mtimeMs: number; size: number; origins: string[] } | null = null;
  return () => {
    let stat;
    try {
      stat = statSync(remotesJsonPath);
    } catch {
      return [];
    }
    if (seen && seen.mtimeMs === stat.mtimeMs && seen.size === stat.size) return seen.origins;
    seen = { mtimeMs: stat.mtimeMs, size: stat.size, origins: parseRemoteOrigins(remotesJsonPath) };
    return seen.origins;
  };
}

function parseRemoteOrigins(remotesJsonPath: string): string[] {
  let map: unknown;
  try {
    map = JSON.parse(readFileSync(remotesJsonPath, 'utf8'));
  } catch {
    return [];
  }
  if (!map || typeof map !== 'object') return [];
  const origins = new Set<string>();
  for (const value of Object.values(map)) {
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A relative address: served from this origin.
    }
  }
  return [...origins].sort();
}

export interface SecurityHeadersOptions {
  /** The page policy's remote origins, as they are now. */
  remoteOrigins: () => readonly string[];
  /** Browsers are told to use HTTPS only when the product is published on it. */
  https: boolean;
}

/**
 * The headers every answer carries (SECURITY.md): a Content-Security-Policy,
 * no MIME sniffing, no Referer (a URL may hold a student's id), no framing,
 * no powerful browser features; API answers are never stored by a browser or
 * a proxy, since they hold clinical records.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  let policyFor: { origins: readonly string[]; policy: string } | null = null;
  const pagePolicy = () => {
    const origins = options.remoteOrigins();
    if (policyFor?.origins !== origins) {
      policyFor = { origins, policy: pageContentSecurityPolicy(origins) };
    }
    return policyFor.policy;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    // '//api/students' reaches the same route as '/api/students' (and so
    // holds the same records): the doubled slashes must not make it a page.
    const url = request.url.replace(/\/{2,}/g, '/');
    const api = url === '/api' || url.startsWith('/api/');
    const policy = !api
      ? pagePolicy()
      : isDocsPage(url.split('?')[0])
        ? DOCS_CONTENT_SECURITY_POLICY
        : API_CONTENT_SECURITY_POLICY;
    void reply.header('Content-Security-Policy', policy);
    if (api) void reply.header('Cache-Control', 'no-store');
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'no-referrer');
    void reply.header('X-Frame-Options', 'DENY');
    void reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.https) {
      void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    reply.removeHeader('X-Powered-By');
    return payload;
  });
}
