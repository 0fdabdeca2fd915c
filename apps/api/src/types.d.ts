import 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, recovery, health). */
    public?: boolean;
  }
}
