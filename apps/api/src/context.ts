import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { MailQueue } from './mail/mail-queue';

/** What every plugin of the server works with. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  mail: MailQueue;
  /** The current time; tests move it to check expiries. */
  now(): Date;
}
