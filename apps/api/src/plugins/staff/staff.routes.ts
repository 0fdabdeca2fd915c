import type { FastifyInstance } from 'fastify';
import { MSG, profileSchema } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { toSessionUser } from '../auth/sessions';
import { findUserById } from '../users/user.queries';
import { updateProfile, userEmailTaken } from './staff.queries';
import { toPsychologist } from './staff.view';

const profileEmailTaken = () => new HttpError(409, MSG.profile.emailTaken);

/**
 * Psychologists as other screens show them (SEED §7 "fetched by id"), and
 * every signed-in user's own profile (the 'configuration' and 'profile' screens).
 */
export async function staffRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get<{ Params: { id: string } }>(
    '/api/psychologists/:id',
    { config: { audit: { action: 'psychologist.read', record: 'user' } } },
    async (request) => {
      const { id } = request.params;
      // Deactivated psychologists still sign old notes and appointments.
      const user = isUuid(id) ? await findUserById(db, id) : null;
      if (user?.role !== 'PSYCHOLOGIST') throw new HttpError(404, MSG.api.notFound);
      return { ok: true, psychologist: toPsychologist(user) };
    },
  );

  app.get(
    '/api/auth/profile',
    { config: { audit: { action: 'profile.read', record: 'user' } } },
    async (request) => {
      const { user: sessionUser } = signedIn(request);
      request.auditRecordId = sessionUser.id;
      const user = await findUserById(db, sessionUser.id);
      if (!user) throw new HttpError(401, MSG.api.unauthorized);
      return { ok: true, profile: toPsychologist(user) };
    },
  );

  app.put(
    '/api/auth/profile',
    { config: { audit: { action: 'profile.update', record: 'user' } } },
    async (request) => {
      const { user: sessionUser } = signedIn(request);
      request.auditRecordId = sessionUser.id;
      const body = await validateBody(profileSchema, request.body);
      if (await userEmailTaken(db, body.email, sessionUser.id)) throw profileEmailTaken();
      const user = await updateProfile(db, sessionUser.id, body, ctx.now()).catch(
        (error: unknown) => {
          throw isUniqueViolation(error) ? profileEmailTaken() : error;
        },
      );
      if (!user) throw new HttpError(401, MSG.api.unauthorized);
      return { ok: true, msg: MSG.profile.saved, user: toSessionUser(user) };
    },
  );
}
