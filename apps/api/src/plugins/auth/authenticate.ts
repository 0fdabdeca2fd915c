import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { MSG, type Role, type SessionUser } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { SESSION_CACHE_LIMITS, SessionCache } from './session-cache';
import { findActiveSession, toSessionUser } from './sessions';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
}

const MAX_TOKEN_LENGTH = 200;

/** The methods that may change a session or an account (not GET, HEAD, nor a CORS preflight). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The channel of drizzle/0008_session_notices.sql. */
export const SESSION_NOTICES = 'psicocampus_sessions';

/**
 * The one authentication hook of the API: every /api route needs a live
 * session in `x-token`, except those marked `config: { public: true }`
 * (login, recovery, health). Anything else answers 401 in Spanish.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  const sessions = new SessionCache({
    ...SESSION_CACHE_LIMITS,
    ttlMs: ctx.config.sessionCacheTtlMs,
  });
  let stopListening: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopListening = await ctx.database.listen(SESSION_NOTICES, {
      notice: () => sessions.clear(),
      state: (listening) => sessions.setListening(listening),
    });
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
  // A write may have ended sessions or changed an account (a sign-out, a
  // deactivation): this process forgets them before the answer leaves, so the
  // client's next call cannot beat the database's notice to it.
  app.addHook('onSend', async (request) => {
    if (WRITES.has(request.method)) sessions.clear();
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // Only API routes; an unknown path answers 404, signed in or not.
    if (!request.routeOptions.url?.startsWith('/api/') || request.is404) return;
    if (request.method === 'OPTIONS' || request.routeOptions.config?.public) return;
    const token = request.headers['x-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw new HttpError(401, MSG.api.unauthorized);
    }
    const active = await findActiveSession(ctx.db, token, ctx.now(), sessions);
    if (!active) throw new HttpError(401, MSG.api.unauthorized);
    request.auth = { user: toSessionUser(active.user), sessionId: active.sessionId };
  });
}

/** The signed-in user of a request on a protected route. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, MSG.api.unauthorized);
  return request.auth;
}

/** A preHandler letting in only the given roles (403 for the others). */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const { user } = signedIn(request);
    if (!roles.includes(user.role)) throw new HttpError(403, MSG.api.forbidden);
  };
}

/**
 * The administrators' calls (accounts, assignment, audit log): a
 * psychologist gets 403, like an administrator on a clinical call.
 */
export const adminOnly = {
  preHandler: requireRole('ADMIN'),
} satisfies RouteShorthandOptions;
