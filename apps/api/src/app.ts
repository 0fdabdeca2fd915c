import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import type { AppConfig } from './config';
import {
  clinicalTexts,
  resolveClinicalKeyring,
  type ClinicalTexts,
} from './security/clinical-texts';
import { resolveTotpKey, totpKeyBox } from './security/totp-keys';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { MailQueue, type MailQueueSettings } from './mail/mail-queue';
import { adminStudentsRoutes } from './plugins/admin-students/admin-students.routes';
import { archivedStudentsRoutes } from './plugins/admin-students/archived-students.routes';
import { appointmentsRoutes } from './plugins/appointments/appointments.routes';
import { unrecordedAppointmentsRoutes } from './plugins/appointments/unrecorded-appointments.routes';
import { assessmentsRoutes } from './plugins/assessments/assessments.routes';
import { registerAudit } from './plugins/audit/audit';
import { auditLogRoutes } from './plugins/audit/audit-log.routes';
import { calendarRoutes } from './plugins/calendar/calendar.routes';
import { registerMailReports } from './plugins/mail/mail-report';
import { mailRoutes } from './plugins/mail/mail.routes';
import { recordExportRoutes } from './plugins/record-export/record-export.routes';
import { reportsRoutes } from './plugins/reports/reports.routes';
import { safetyPlansRoutes } from './plugins/safety-plans/safety-plans.routes';
import { createPdfRenderer } from './reports/pdf/pdf-renderer';
import { authRoutes } from './plugins/auth/auth.routes';
import { mfaRoutes } from './plugins/auth/mfa.routes';
import { emailChangeRoutes } from './plugins/auth/email-change.routes';
import { registerAuthentication } from './plugins/auth/authenticate';
import { clinicalNotesRoutes } from './plugins/clinical-notes/clinical-notes.routes';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { followUpRoutes } from './plugins/follow-up/follow-up.routes';
import { fhirRoutes } from './plugins/fhir/fhir.routes';
import { FHIR_PREFIX } from './plugins/fhir/fhir-http';
import { healthRoutes } from './plugins/health';
import { importRoutes } from './plugins/import/import.routes';
import { staffRoutes } from './plugins/staff/staff.routes';
import { serviceRoutes } from './plugins/service/service.routes';
import { statisticsRoutes } from './plugins/statistics/statistics.routes';
import { studentsRoutes } from './plugins/students/students.routes';
import { usersRoutes } from './plugins/users/users.routes';
import { registerFrontEnds } from './web/front-ends';
import { registerSecurityHeaders, remoteOriginsOf } from './web/security-headers';
import { registerApiCompression } from './lib/compression';
import { registerBodyShapeLimits } from './lib/body-shape';
import { unitOfWorkDatabase } from './db/unit-of-work';
import { openApiRoutes } from './openapi/openapi.routes';
import { API_ROOT } from './paths';

/** The API package's version, which the document names. */
function apiVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** One route as the server registered it. */
export interface RouteSummary {
  method: string;
  url: string;
  /** Reachable without a session (the API's document marks it so). */
  public: boolean;
}

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Replaces the SMTP/outbox mailer (tests). */
  mailer?: Mailer;
  /** Replaces the clock (tests of expiry). */
  now?: () => Date;
  /** Changes the mail queue's tries, back-off and polling (tests). */
  mailQueue?: Partial<MailQueueSettings>;
  /** The clinical texts' keys, when the caller resolved them already; else from the configuration. */
  texts?: ClinicalTexts;
}

const NO_ORIGINS: readonly string[] = [];

/** What seals the TOTP keys and the clinical texts in the database, from the configuration. */
function sealingKeys({ config, database, texts }: AppDependencies) {
  return {
    totpKeys: totpKeyBox(resolveTotpKey(config, database.kind)),
    texts: texts ?? clinicalTexts(resolveClinicalKeyring(config, database.kind)),
  };
}

/** JSON bodies above this are refused (docs/limits-and-budgets.md#limits-and-bad-input). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the server without listening: the same instance runs in production,
 * answers `inject` in the tests, and is started by `main.ts`.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = createServer(config);
  registerRequestBasics(app, config);
  registerErrorHandling(app);
  registerBodyShapeLimits(app);
  registerRouteTable(app);
  const ctx = createContext(app, deps);
  await app.register(fastifyCors, {
    // Only the configured origins, never '*' (the shell, remotes' hosts, integrators).
    origin: (origin, callback) => {
      callback(null, origin === undefined || config.allowedOrigins.includes(origin));
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'x-token'],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'x-request-id'],
    maxAge: 600,
  });

  await registerApi(app, ctx, database);
  await registerFallback(app, config);
  return app;
}

/** Fastify with the server's options: its logger, proxies, body limit and framework errors. */
function createServer(config: AppConfig): FastifyInstance {
  return Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per API call is written below; Fastify's own two lines are off.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    // A malformed %-escape or an over-long id, refused before any hook runs:
    // answered in Spanish like every other error, without echoing the path.
    frameworkErrors: answerFrameworkError,
  });
}

/** Every answer's request id, security headers and log line. */
function registerRequestBasics(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerSecurityHeaders(app, {
    remoteOrigins: config.web
      ? remoteOriginsOf(path.join(config.web.shell, 'remotes.json'))
      : () => NO_ORIGINS,
    https: config.publicUrl.startsWith('https:'),
  });
  // One line per API call, with its request id; static files are not worth a line.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    request.log.info(
      {
        method: request.method,
        url: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

function registerRouteTable(app: FastifyInstance): void {
  // The server's own list of its routes, for the tests that must cover every
  // one (the access matrix): a new route nobody thought of fails them.
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, public: route.config?.public === true });
  });
}

/** What every plugin works with, its mail queue started and stopped with the server. */
function createContext(app: FastifyInstance, deps: AppDependencies): AppContext {
  const { config, database } = deps;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  const now = deps.now ?? (() => new Date());
  // Inside an audited write, the request's transaction (db/unit-of-work.ts).
  const db = unitOfWorkDatabase(database.db);
  const ctx: AppContext = {
    config,
    database,
    db,
    mail: new MailQueue({
      db,
      root: database.db,
      mailer,
      log: app.log,
      now,
      settings: deps.mailQueue,
    }),
    now,
    ...sealingKeys(deps),
  };
  app.decorate('ctx', ctx);
  // Mail queued by requests leaves once they commit; the rest is polled for.
  registerMailReports(app, ctx);
  app.addHook('onReady', async () => ctx.mail.start());
  // Mails still leaving are sent before the process ends; the queue keeps the rest.
  app.addHook('onClose', async () => {
    ctx.mail.stop();
    await ctx.mail.idle();
  });
  return ctx;
}

/** Sign-in, the audit, and every route of the API. */
async function registerApi(
  app: FastifyInstance,
  ctx: AppContext,
  database: DatabaseHandle,
): Promise<void> {
  registerAuthentication(app, ctx);
  registerAudit(app, ctx);
  const pdf = createPdfRenderer();
  app.addHook('onClose', () => pdf.close());
  // The API in a context of its own, so that only its answers are compressed
  // on the fly: the front ends' files are compressed once, at build time.
  await app.register(async (api) => {
    await registerApiCompression(api);
    await api.register(healthRoutes, { database });
    await api.register(authRoutes, { ctx });
    await api.register(mfaRoutes, { ctx });
    await api.register(emailChangeRoutes, { ctx });
    await api.register(staffRoutes, { ctx });
    await api.register(studentsRoutes, { ctx });
    await api.register(clinicalNotesRoutes, { ctx });
    await api.register(followUpRoutes, { ctx });
    await api.register(appointmentsRoutes, { ctx });
    await api.register(unrecordedAppointmentsRoutes, { ctx });
    await api.register(serviceRoutes, { ctx });
    await api.register(importRoutes, { ctx });
    await api.register(assessmentsRoutes, { ctx });
    await api.register(reportsRoutes, { ctx, pdf });
    await api.register(safetyPlansRoutes, { ctx, pdf });
    await api.register(recordExportRoutes, { ctx, pdf });
    await api.register(usersRoutes, { ctx });
    await api.register(adminStudentsRoutes, { ctx });
    await api.register(archivedStudentsRoutes, { ctx });
    await api.register(statisticsRoutes, { ctx });
    await api.register(auditLogRoutes, { ctx });
    await api.register(mailRoutes, { ctx });
    await api.register(calendarRoutes, { ctx });
    await api.register(fhirRoutes, { ctx, version: apiVersion(), prefix: FHIR_PREFIX });
    // Last: the document describes every route registered before it.
    await api.register(openApiRoutes, { version: apiVersion() });
  });
}

/** The front ends' files when served from here; else a 404 for any other path. */
async function registerFallback(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.web) {
    await registerFrontEnds(app, config.web);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        ok: false,
        msg: request.url.startsWith('/api') ? MSG.api.routeNotFound : MSG.api.notFound,
      }),
    );
  }
}
