import 'fastify';
import type { AppContext } from './context';
import type { AuthContext } from './plugins/auth/authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, recovery, health). */
    public?: boolean;
  }

  interface FastifyInstance {
    /** The server's shared services (database, mail, clock, configuration). */
    ctx: AppContext;
  }

  interface FastifyRequest {
    /** The signed-in user and session; null on public routes. */
    auth: AuthContext | null;
  }
}
