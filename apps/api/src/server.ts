import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from './app';
import type { AppConfig } from './config';
import {
  databaseTarget,
  openDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
} from './db/client';
import { backfillSearchKeys } from './plugins/students/student.queries';
import { clinicalTexts, resolveClinicalKeyring } from './security/clinical-texts';
import { sealAtStart } from './security/reseal';
import { sealStoredTotpKeys } from './security/totp-keys';
import { seedDemoData } from './seed/demo-seed';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Whether this start created the demo accounts. */
  seeded: boolean;
  /** Stops taking requests, lets those in flight finish, closes the database. */
  close(): Promise<void>;
}

/** Opens the database (migrating it), seeds the demo data if asked, builds the app. */
export async function createServer(
  config: AppConfig,
  target: DatabaseTarget = databaseTarget(config),
  overrides: Pick<AppDependencies, 'mailer' | 'now' | 'mailQueue'> = {},
): Promise<RunningServer> {
  const database = await openDatabase(target);
  try {
    await backfillSearchKeys(database.db);
    const texts = clinicalTexts(resolveClinicalKeyring(config, database.kind));
    const seeded = config.seedDemo
      ? await seedDemoData(database.db, {
          texts,
          showcase: config.seedShowcase,
          timeZone: config.serviceTimeZone,
        })
      : false;
    await sealAtStart(database.db, texts, database.kind);
    const app = await buildApp({ config, database, texts, ...overrides });
    await sealStoredTotpKeys(database.db, app.ctx.totpKeys, app.log);
    const connections = trackResponses(app);
    let closing: Promise<void> | null = null;
    return {
      app,
      database,
      seeded,
      close() {
        closing ??= closeGracefully(app, connections).finally(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** What shutdown needs to reach: the answers being written right now. */
interface Connections {
  inFlight: Set<ServerResponse>;
  closing: boolean;
}

function trackResponses(app: FastifyInstance): Connections {
  const connections: Connections = { inFlight: new Set(), closing: false };
  app.server.on('request', (_request, response: ServerResponse) => {
    // A call that still arrives on a kept-alive connection while closing is
    // answered, and its client told not to send another on that connection.
    if (connections.closing) response.setHeader('Connection', 'close');
    connections.inFlight.add(response);
    response.once('close', () => connections.inFlight.delete(response));
  });
  return connections;
}

/**
 * Stops listening at once, so that a proxy's next connection is refused and
 * it takes another process for any call, a POST included (a call accepted
 * and then refused with 503 could not be resent, since the proxy cannot know
 * it was not carried out). Then waits for every call in flight (an import, a
 * PDF) to be answered: a kept-alive connection (a browser's, a health
 * checker's) that goes idle after its last answer would otherwise hold the
 * shutdown for the whole keep-alive timeout (72 s), so answers in flight
 * tell their clients not to reuse the connection, and connections are closed
 * as soon as they fall idle. Only then does Fastify close, running the
 * onClose hooks: the PDF workers, the mail still leaving, the timers.
 */
async function closeGracefully(app: FastifyInstance, connections: Connections): Promise<void> {
  connections.closing = true;
  for (const response of connections.inFlight) {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  }
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    // Called back once the last connection has ended (at once when not listening).
    await new Promise<void>((resolve) => app.server.close(() => resolve()));
  } finally {
    clearInterval(sweep);
  }
  await app.close();
}
