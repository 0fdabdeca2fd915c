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
  overrides: Pick<AppDependencies, 'mailer' | 'now'> = {},
): Promise<RunningServer> {
  const database = await openDatabase(target);
  try {
    await backfillSearchKeys(database.db);
    const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
    const app = await buildApp({ config, database, ...overrides });
    let closing: Promise<void> | null = null;
    return {
      app,
      database,
      seeded,
      close() {
        closing ??= app.close().finally(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
