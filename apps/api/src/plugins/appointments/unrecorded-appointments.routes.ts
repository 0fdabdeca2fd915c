import type { FastifyInstance } from 'fastify';
import {
  UNRECORDED_PAGE_SIZE,
  type UnrecordedAppointmentsAnswer,
} from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { signedIn } from '../auth/authenticate';
import { psychologistOnly } from '../students/student-access';
import { toAppointment } from './appointment.view';
import { countUnrecorded, listUnrecorded } from './unrecorded-appointments.queries';

/** `?page=&pageSize=` with the shared limits (docs/api.md#paged-lists): UNRECORDED_PAGE_SIZE unless asked otherwise. */
function parsePage(query: unknown) {
  const reader = new QueryReader(query);
  const page = readPage(reader, UNRECORDED_PAGE_SIZE);
  reader.done();
  return page;
}

/**
 * "Sin registrar asistencia" (docs/api.md#appointments): the caller's
 * appointments that ended still 'Programada', the longest waiting first, by
 * page with their total. The home shows the total; the agenda lists them,
 * and each is recorded with POST /api/appointments/{id}/status.
 */
export async function unrecordedAppointmentsRoutes(
  app: FastifyInstance,
  opts: { ctx: AppContext },
) {
  const { ctx } = opts;
  app.get(
    '/api/appointments/unrecorded',
    { ...psychologistOnly, config: { audit: { action: 'appointment.unrecorded', record: null } } },
    async (request): Promise<UnrecordedAppointmentsAnswer> => {
      const { user } = signedIn(request);
      const { page, pageSize } = parsePage(request.query);
      const now = ctx.now();
      const [records, total] = await Promise.all([
        listUnrecorded(ctx.db, user.id, now, { limit: pageSize, offset: (page - 1) * pageSize }),
        countUnrecorded(ctx.db, user.id, now),
      ]);
      return { ok: true, appointments: records.map(toAppointment), total, page, pageSize };
    },
  );
}
