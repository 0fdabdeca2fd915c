import type { FastifyInstance } from 'fastify';
import type { ServiceSettings } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { requireRole } from '../auth/authenticate';

/**
 * What the screens must know of the service's configuration: the time zone
 * its clocks read (SERVICE_TIME_ZONE), so that the agenda, the appointment
 * form and the lists show the same hours as the server's messages and the
 * reminders, whatever zone the browser is in. Nothing in it is personal.
 */
export async function serviceRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { config } = opts.ctx;
  const settings: ServiceSettings = { timeZone: config.serviceTimeZone };
  app.get('/api/service', { preHandler: requireRole('ADMIN', 'PSYCHOLOGIST') }, async () => ({
    ok: true,
    service: settings,
  }));
}
