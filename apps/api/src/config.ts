import { SESSION_CACHE_LIMITS } from './plugins/auth/session-cache';
import path from 'node:path';
import { MSG, REMOTE_NAMES, type RemoteName } from '@psicocampus/shared/domain';
import {
  DEFAULT_FOLLOW_UP_DAYS,
  DEFAULT_FOLLOW_UP_REASSESS_DAYS,
} from '@psicocampus/shared/follow-up';
import { isPhoneText } from '@psicocampus/shared/safety-plan';
import { APPS_ROOT } from './paths';
import { ConfigError } from './config-error';
import { parseEncryptionKey, parseEncryptionKeys } from './security/key-settings';

/** Where the built front ends are: the shell's folder and each remote's. */
export interface WebRoots {
  shell: string;
  remotes: Record<RemoteName, string>;
}

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files and mail without SMTP lands (`outbox/`). */
  dataDir: string;
  /** The address users open; links in mails are built from it, never from a request. */
  publicUrl: string;
  smtpUrl: string | null;
  /** Mail sender address. */
  mailFrom: string;
  /** Origins allowed to call the API and load the remotes from another site. */
  allowedOrigins: string[];
  /** Create the demo accounts and students on a first start with an empty database. */
  seedDemo: boolean;
  /**
   * With `seedDemo`, also seed the showcase: a caseload of about 40 students
   * per demo psychologist with notes, appointments and assessments
   * (`SEED_DEMO=showcase`, the default); off for `SEED_DEMO=basic`.
   */
  seedShowcase: boolean;
  /** Built front ends to serve, or null to serve the API only. */
  web: WebRoots | null;
  logLevel: string;
  /** Trust X-Forwarded-* from a reverse proxy in front (for the client address). */
  trustProxy: boolean;
  /**
   * PostgreSQL only: apply pending migrations when the server opens the
   * database (the default), or, when false, only check that none is pending
   * and refuse to start otherwise, because the server's role may not change
   * the schema (deploy/README.md, "The database").
   */
  migrateOnStart: boolean;
  /** The schema owner's URL for `npm run migrate`; DATABASE_URL when unset. */
  migrationDatabaseUrl: string | null;
  /** The role the server runs as, which `npm run migrate` grants exactly its privileges. */
  databaseAppRole: string | null;
  /**
   * How long a process trusts a session it checked without asking again
   * (plugins/auth/session-cache.ts). Not read from the environment: the tests
   * lengthen it to prove that the database's notices, not this time, end a
   * session.
   */
  sessionCacheTtlMs: number;
  /**
   * What the service's protocol asks after an assessment at ALTO or MUY_ALTO
   * (`HIGH_RISK_PROTOCOL`): the POST answer carries it and 'Evaluación
   * Registrada' shows it (docs/columbia-assessment.md#saving). A Spanish default when unset.
   */
  highRiskProtocol: string;
  /**
   * The IANA time zone the service's clocks read (`SERVICE_TIME_ZONE`):
   * appointments are stored in UTC and the server writes their local times
   * in this zone (the overlap question's date).
   */
  serviceTimeZone: string;
  /**
   * E-mail reminders of appointments to the student (`APPOINTMENT_REMINDERS`,
   * on by default): off, no reminder is queued; the updates and cancellations
   * of invitations already sent still go, so a calendar never keeps a stale event.
   */
  appointmentReminders: boolean;
  /** How many hours before the appointment its reminder leaves (`APPOINTMENT_REMINDER_HOURS`, 24). */
  appointmentReminderHours: number;
  /**
   * Where appointments take place, as the reminder and its .ics say it
   * (`APPOINTMENT_PLACE`): appointments store no place of their own. 'en línea' when unset.
   */
  appointmentPlace: string;
  /**
   * "Seguimiento prioritario" (docs/api.md#follow-up): a student at ALTO or MUY_ALTO
   * needs an appointment scheduled within this many days (`FOLLOW_UP_DAYS`, 7).
   */
  followUpDays: number;
  /** Days after a high assessment before a new one is due (`FOLLOW_UP_REASSESS_DAYS`, 30). */
  followUpReassessDays: number;
  /**
   * The counselling service's own phone (`SERVICE_PHONE`), printed in the
   * safety plan handed to a student (docs/api.md#safety-plan); null (unset) leaves it out.
   */
  servicePhone: string | null;
  /**
   * The national crisis and emergency line (`CRISIS_LINE`) the safety plan
   * prints: '911' (ECU 911, Ecuador's single emergency number) when unset.
   */
  crisisLine: string;
  /**
   * Whether every administrator needs a second factor (`ADMIN_MFA_REQUIRED`,
   * on by default, docs/sign-in-and-sessions.md#second-factor): one without
   * enrols right after the password step, the demo administrator too.
   */
  mfaRequiredForAdmins: boolean;
  /**
   * The 32-byte key that seals the second factor's TOTP keys in the database
   * (`MFA_ENCRYPTION_KEY`, base64 or hex; security/totp-keys.ts). Unset: a key
   * file in `dataDir` with the embedded database, unsealed keys with PostgreSQL.
   */
  mfaEncryptionKey: Buffer | null;
  /**
   * The 32-byte key that seals the clinical texts in the database
   * (`CLINICAL_ENCRYPTION_KEY`, base64 or hex; security/clinical-texts.ts).
   * Unset: a key file in `dataDir` with the embedded database; PostgreSQL
   * does not start without it.
   */
  clinicalEncryptionKey: Buffer | null;
  /**
   * Keys that sealed texts before the current one (`CLINICAL_ENCRYPTION_OLD_KEYS`,
   * separated by commas): read, never sealed with, while `npm run rotate-key` reseals.
   */
  clinicalOldKeys: Buffer[];
  /**
   * The most students the embedded database takes
   * (docs/limits-and-budgets.md#embedded-database): EMBEDDED_MAX_STUDENTS
   * when absent. Not read from the environment, since the limit is what PGlite
   * can serve; the tests that import tens of thousands of students raise it.
   */
  embeddedMaxStudents?: number;
  /**
   * How many years an archived student's record is kept after the later of
   * their archive and their last clinical activity (`RECORD_RETENTION_YEARS`,
   * 15 when unset): the service sets its legal obligation. Past it,
   * `npm run purge` removes the record for good (docs/data-model.md#retention-and-purge).
   */
  recordRetentionYears: number;
  /**
   * The most one export of a student's whole record holds
   * (docs/limits-and-budgets.md#record-export): RECORD_EXPORT_MAX_RECORDS and
   * RECORD_EXPORT_MAX_CHARACTERS when absent. Not read from the environment;
   * the tests lower it to reach the 413 without thousands of rows.
   */
  recordExportLimits?: { maxRecords: number; maxCharacters: number };
}

export { ConfigError };

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseBoolean(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(raw.trim().toLowerCase());
}

function parseOrigin(raw: string, variable: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    throw new ConfigError(`${variable} must hold absolute URLs, got "${raw}"`);
  }
}

/** `SEED_DEMO`: showcase (the default, also `true`), basic (accounts and a few students) or false. */
function parseSeedDemo(raw: string | undefined): { seedDemo: boolean; seedShowcase: boolean } {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', 'showcase', 'true', '1', 'yes', 'on'].includes(value)) {
    return { seedDemo: true, seedShowcase: true };
  }
  if (value === 'basic') return { seedDemo: true, seedShowcase: false };
  if (['false', '0', 'no', 'off'].includes(value)) return { seedDemo: false, seedShowcase: false };
  throw new ConfigError(`SEED_DEMO must be showcase, basic or false, got "${raw}"`);
}

/**
 * A role name as PostgreSQL stores an unquoted one (lower case), so that the
 * name the operator gave CREATE ROLE and the one granted here are the same.
 */
function parseRoleName(raw: string | undefined): string | null {
  const role = raw?.trim();
  if (!role) return null;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
    throw new ConfigError(
      `DATABASE_APP_ROLE must be a PostgreSQL role name in lower case (letters, digits, _), got "${role}"`,
    );
  }
  return role;
}

/**
 * The interfaces the server listens on when `HOST` is unset: this machine's
 * loopback only (IPv4 and IPv6), so that `npm start` on a laptop never offers
 * the records to the network it is on. Production sets `HOST` (deploy/README.md).
 */
export const DEFAULT_HOST = 'localhost';

/** The service's zone when `SERVICE_TIME_ZONE` is unset: the university's, not the machine's. */
export const DEFAULT_SERVICE_TIME_ZONE = 'America/Guayaquil';

/** An IANA zone name this runtime's Intl knows; refused at start otherwise. */
function parseTimeZone(raw: string | undefined): string {
  const zone = raw?.trim();
  if (!zone) return DEFAULT_SERVICE_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    throw new ConfigError(
      `SERVICE_TIME_ZONE must be an IANA time zone name such as America/Guayaquil or Europe/Madrid, got "${zone}"`,
    );
  }
}

/** `APPOINTMENT_REMINDERS`: on (the default) or off, in the words parseBoolean knows. */
function parseOnOff(raw: string | undefined, variable: string, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(`${variable} must be on or off, got "${raw}"`);
}

/** The longest a reminder may precede its appointment: 30 days. */
export const MAX_REMINDER_HOURS = 720;

/** `APPOINTMENT_REMINDER_HOURS`: whole hours, 1 to MAX_REMINDER_HOURS; 24 when unset. */
function parseReminderHours(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return 24;
  const hours = Number(value);
  if (!/^\d+$/.test(value) || hours < 1 || hours > MAX_REMINDER_HOURS) {
    throw new ConfigError(
      `APPOINTMENT_REMINDER_HOURS must be a whole number of hours between 1 and ${MAX_REMINDER_HOURS}, got "${raw}"`,
    );
  }
  return hours;
}

/** The longest period the follow-up list may be configured with: a year. */
export const MAX_FOLLOW_UP_DAYS = 365;

/** A whole number of days, 1 to MAX_FOLLOW_UP_DAYS; `fallback` when unset. */
function parseDays(raw: string | undefined, variable: string, fallback: number): number {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  const days = Number(value);
  if (!/^\d+$/.test(value) || days < 1 || days > MAX_FOLLOW_UP_DAYS) {
    throw new ConfigError(
      `${variable} must be a whole number of days between 1 and ${MAX_FOLLOW_UP_DAYS}, got "${raw}"`,
    );
  }
  return days;
}

/** The retention when `RECORD_RETENTION_YEARS` is unset, and the most it may be. */
export const DEFAULT_RECORD_RETENTION_YEARS = 15;
export const MAX_RECORD_RETENTION_YEARS = 100;

/**
 * `RECORD_RETENTION_YEARS`: whole years, 1 to MAX_RECORD_RETENTION_YEARS.
 * A wrong value stops the start rather than falling back to the default: a
 * purge run with a retention the operator did not mean erases records for good.
 */
function parseRetentionYears(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_RECORD_RETENTION_YEARS;
  const years = Number(value);
  if (!/^\d+$/.test(value) || years < 1 || years > MAX_RECORD_RETENTION_YEARS) {
    throw new ConfigError(
      `RECORD_RETENTION_YEARS must be a whole number of years between 1 and ${MAX_RECORD_RETENTION_YEARS}, got "${raw}"`,
    );
  }
  return years;
}

/** Where appointments take place when `APPOINTMENT_PLACE` is unset. */
export const DEFAULT_APPOINTMENT_PLACE = 'en línea';

/** The crisis line when `CRISIS_LINE` is unset: ECU 911, Ecuador's single emergency number. */
export const DEFAULT_CRISIS_LINE = '911';

/** A phone the safety plan prints (`SERVICE_PHONE`, `CRISIS_LINE`): refused at start when it is not one. */
function parsePhone(raw: string | undefined, variable: string): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (!isPhoneText(value)) {
    throw new ConfigError(
      `${variable} must be a phone number (digits, spaces and + ( ) - . /, 3 to 20 digits), got "${raw}"`,
    );
  }
  return value;
}

/** The repository layout: apps/<app>/dist. */
function defaultWebRoots(): WebRoots {
  const apps = APPS_ROOT;
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, path.join(apps, `${name}-mfe`, 'dist')]),
  ) as Record<RemoteName, string>;
  return { shell: path.join(apps, 'shell', 'dist'), remotes };
}

/** `WEB_DIR/shell` and `WEB_DIR/remotes/<name>`, the layout of a deployed image. */
function webRootsIn(dir: string): WebRoots {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, path.join(dir, 'remotes', name)]),
  ) as Record<RemoteName, string>;
  return { shell: path.join(dir, 'shell'), remotes };
}

/** The sender when MAIL_FROM is not set: fine for the outbox, refused by many mail servers. */
export const DEFAULT_MAIL_FROM = 'PsicoCampus <no-responder@psicocampus.test>';

/** Reads the configuration from the environment (README, "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = parsePort(env.PORT, 8080);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  const publicOrigin = parseOrigin(publicUrl, 'PUBLIC_URL');
  const extraOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => parseOrigin(origin, 'ALLOWED_ORIGINS'));

  let web: WebRoots | null = defaultWebRoots();
  if (env.WEB_DIR === 'none') web = null;
  else if (env.WEB_DIR) web = webRootsIn(path.resolve(env.WEB_DIR));

  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: path.resolve(env.DATA_DIR?.trim() || '.data'),
    publicUrl,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    allowedOrigins: [...new Set([publicOrigin, ...extraOrigins])],
    ...parseSeedDemo(env.SEED_DEMO),
    web,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: parseBoolean(env.TRUST_PROXY, false),
    migrateOnStart: parseBoolean(env.MIGRATE_ON_START, true),
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL?.trim() || null,
    databaseAppRole: parseRoleName(env.DATABASE_APP_ROLE),
    sessionCacheTtlMs: SESSION_CACHE_LIMITS.ttlMs,
    highRiskProtocol: env.HIGH_RISK_PROTOCOL?.trim() || MSG.savedAssessment.protocolDefault,
    serviceTimeZone: parseTimeZone(env.SERVICE_TIME_ZONE),
    appointmentReminders: parseOnOff(env.APPOINTMENT_REMINDERS, 'APPOINTMENT_REMINDERS', true),
    appointmentReminderHours: parseReminderHours(env.APPOINTMENT_REMINDER_HOURS),
    appointmentPlace: env.APPOINTMENT_PLACE?.trim() || DEFAULT_APPOINTMENT_PLACE,
    followUpDays: parseDays(env.FOLLOW_UP_DAYS, 'FOLLOW_UP_DAYS', DEFAULT_FOLLOW_UP_DAYS),
    followUpReassessDays: parseDays(
      env.FOLLOW_UP_REASSESS_DAYS,
      'FOLLOW_UP_REASSESS_DAYS',
      DEFAULT_FOLLOW_UP_REASSESS_DAYS,
    ),
    servicePhone: parsePhone(env.SERVICE_PHONE, 'SERVICE_PHONE'),
    crisisLine: parsePhone(env.CRISIS_LINE, 'CRISIS_LINE') ?? DEFAULT_CRISIS_LINE,
    mfaRequiredForAdmins: parseOnOff(env.ADMIN_MFA_REQUIRED, 'ADMIN_MFA_REQUIRED', true),
    mfaEncryptionKey: parseEncryptionKey(env.MFA_ENCRYPTION_KEY),
    clinicalEncryptionKey: parseEncryptionKey(
      env.CLINICAL_ENCRYPTION_KEY,
      'CLINICAL_ENCRYPTION_KEY',
    ),
    clinicalOldKeys: parseEncryptionKeys(
      env.CLINICAL_ENCRYPTION_OLD_KEYS,
      'CLINICAL_ENCRYPTION_OLD_KEYS',
    ),
    recordRetentionYears: parseRetentionYears(env.RECORD_RETENTION_YEARS),
  };
}
