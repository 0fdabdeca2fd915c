import type { FastifyInstance } from 'fastify';
import { boolean, object } from 'yup';
import {
  APPOINTMENT_STATUS_LABELS,
  fullName,
  type AppointmentStatus,
  type AuditAction,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { validateBody } from '../../lib/validate';
import { feedCalendar } from '../../mail/appointment-calendar';
import { signedIn } from '../auth/authenticate';
import { admitFromAddress, keepingTheCount } from '../auth/login-limits';
import { hashToken, newToken } from '../auth/tokens';
import { agendaQuery } from '../appointments/appointment.queries';
import { psychologistOnly } from '../students/student-access';
import {
  deleteFeed,
  findFeedByTokenHash,
  findFeedOf,
  saveFeed,
  updateFeedShowNames,
} from './calendar-feed.queries';

const C = SERVER_MSG.calendar;
const DAY_MS = 24 * 60 * 60_000;

/** What a feed shows: the last 90 days and the next 365, enough for any calendar's view. */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 365;

/** `{token}.ics`: the 256-bit token newToken() writes (base64url). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The feed's settings (POST and PUT /api/calendar/feed); the API's document shows it too. */
export const feedSettingsSchema = object({
  showNames: boolean().strict().default(false),
}).noUnknown();

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'user' as const } },
});

/**
 * The psychologist's agenda as an iCalendar feed (docs/api.md#calendar-feed):
 * a secret URL their calendar program subscribes to.
 * The token is shown once, kept only as its hash, replaced by a new one
 * (the old URL then answers 404) and revoked by deleting it. Titles say
 * "Cita" and the status; the student's name only if the psychologist turns
 * it on; never the reason or a note.
 */
export async function calendarRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerFeedSettingsRoutes(app, ctx);
  registerFeedFetchRoute(app, ctx);
}

/** The psychologist's own feed: its settings, created, changed and revoked. */
function registerFeedSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const feedUrl = (token: string) => `${ctx.config.publicUrl}/api/calendar/${token}.ics`;
  app.get('/api/calendar/feed', audited('calendar.feed_read'), async (request) => {
    const { user } = signedIn(request);
    request.auditRecordId = user.id;
    const feed = await findFeedOf(db, user.id);
    return {
      ok: true,
      feed: { exists: feed !== null, showNames: feed?.showNames ?? false },
    };
  });

  app.post('/api/calendar/feed', audited('calendar.feed_create'), async (request, reply) => {
    const { user } = signedIn(request);
    request.auditRecordId = user.id;
    const body = await validateBody(feedSettingsSchema, request.body ?? {});
    // A strict schema validates without casting, so its default is not filled in.
    const showNames = body.showNames ?? false;
    const token = newToken();
    await saveFeed(db, {
      psychologistId: user.id,
      tokenHash: hashToken(token),
      showNames,
      now: ctx.now(),
    });
    void reply.status(201);
    return {
      ok: true,
      msg: C.created,
      feed: { exists: true, showNames },
      url: feedUrl(token),
    };
  });

  app.put('/api/calendar/feed', audited('calendar.feed_update'), async (request) => {
    const { user } = signedIn(request);
    request.auditRecordId = user.id;
    const body = await validateBody(feedSettingsSchema, request.body ?? {});
    const showNames = body.showNames ?? false;
    if (!(await updateFeedShowNames(db, user.id, showNames, ctx.now()))) {
      throw new HttpError(404, C.noFeed);
    }
    return { ok: true, msg: C.updated, feed: { exists: true, showNames } };
  });

  app.delete('/api/calendar/feed', audited('calendar.feed_revoke'), async (request) => {
    const { user } = signedIn(request);
    request.auditRecordId = user.id;
    if (!(await deleteFeed(db, user.id))) throw new HttpError(404, C.noFeed);
    return { ok: true, msg: C.revoked, feed: { exists: false, showNames: false } };
  });
}

/** The feed as a calendar app fetches it, its token the only proof. */
function registerFeedFetchRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<{ Params: { file: string } }>(
    '/api/calendar/:file',
    { config: { public: true, audit: { action: 'calendar.feed_fetch', record: 'user' } } },
    async (request, reply) => {
      const now = ctx.now();
      const limited = await admitFromAddress(db, 'calendar-feed', request, now);
      if (limited) throw limited;
      return keepingTheCount(async () => {
        const token = FEED_FILE.exec(request.params.file)?.[1];
        const feed = token ? await findFeedByTokenHash(db, hashToken(token)) : null;
        if (!feed) throw new HttpError(404, C.feedNotFound);
        request.auditActor = { id: feed.psychologistId, role: 'PSYCHOLOGIST' };
        request.auditRecordId = feed.psychologistId;
        const records = await agendaQuery(
          db,
          feed.psychologistId,
          new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
          new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
        );
        const events = records.map(({ appointment, student }) => ({
          appointmentId: appointment.id,
          version: appointment.version,
          start: appointment.date,
          durationMinutes: appointment.durationMinutes,
          updatedAt: appointment.updatedAt,
          cancelled: appointment.status === 'CANCELLED',
          summary: C.eventTitle(
            APPOINTMENT_STATUS_LABELS[appointment.status as AppointmentStatus],
            feed.showNames ? fullName(student) : null,
          ),
        }));
        void reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'no-store, private')
          .header('Content-Disposition', 'inline; filename="agenda.ics"');
        return feedCalendar(C.feedName, events, now, ctx.config.serviceTimeZone);
      });
    },
  );
}
