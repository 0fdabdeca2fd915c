import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import type { DatabaseHandle } from '../db/client';
import { withTimeout } from '../lib/with-timeout';

const PING_TIMEOUT_MS = 2_000;

/**
 * Health for people and load balancers: `/api/health/live` says the process
 * answers; `/api/health` (and `/api/health/ready`) also checks the database,
 * answering 503 when it does not respond.
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }) {
  const { database } = opts;

  app.get('/api/health/live', { config: { public: true } }, async () => ({ ok: true, live: true }));

  const ready = async (_request: unknown, reply: FastifyReply) => {
    let up = false;
    try {
      await withTimeout(database.ping(), PING_TIMEOUT_MS, 'database ping timed out');
      up = true;
    } catch (error) {
      app.log.warn({ err: error }, 'database ping failed');
    }
    return reply.status(up ? 200 : 503).send({
      ok: up,
      live: true,
      ready: up,
      msg: up ? MSG.api.healthOk : MSG.api.healthDbDown,
      database: { kind: database.kind, up },
    });
  };
  app.get('/api/health', { config: { public: true } }, ready);
  app.get('/api/health/ready', { config: { public: true } }, ready);
}
