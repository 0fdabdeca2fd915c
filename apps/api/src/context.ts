import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { MailQueue } from './mail/mail-queue';
import type { ClinicalTexts } from './security/clinical-texts';
import type { TotpKeyBox } from './security/totp-keys';

/** What every plugin of the server works with. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  mail: MailQueue;
  /** Seals and opens the second factor's TOTP keys (security/totp-keys.ts). */
  totpKeys: TotpKeyBox;
  /** Seals and opens the clinical texts (security/clinical-texts.ts). */
  texts: ClinicalTexts;
  /** The current time; tests move it to check expiries. */
  now(): Date;
}
