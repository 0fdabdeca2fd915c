import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of the product, for PGlite and PostgreSQL alike. Columns
 * are snake_case in the database (drizzle's `casing` option) and camelCase
 * here. Changing it means `npm run db:generate -w apps/api` and committing
 * the new migration under `drizzle/`.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text(),
    role: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'PSYCHOLOGIST')`),
  ],
);

export const students = pgTable(
  'students',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    age: integer().notNull(),
    gender: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    city: text().notNull(),
    career: text().notNull(),
    careerLevel: text().notNull(),
    employmentStatus: text().notNull(),
    income: numeric({ precision: 12, scale: 2, mode: 'number' }),
    assignedPsychologistId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Raised on every update; a save from an older version is refused (PRODUCT §10). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('students_email_lower_key').on(sql`lower(${t.email})`),
    index('students_assigned_psychologist_idx').on(t.assignedPsychologistId),
  ],
);

/**
 * Sessions (PRODUCT §3): the token itself is never stored, only its SHA-256.
 * A session ends on logout (endedAt), after 30 idle minutes (lastSeenAt) or
 * at expiresAt (12 hours after login), whichever comes first.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    clientAddress: text(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Every login call, kept a day, for the brute-force limits of PRODUCT §3.
 * In the database so the limits hold across several server processes.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The e-mail as typed, lower-cased; the account may not exist. */
    email: text().notNull(),
    clientAddress: text().notNull(),
    /** 'success', 'failure' (wrong or unknown credentials) or 'blocked' (refused by a limit). */
    outcome: text().notNull(),
    at: createdAt(),
  },
  (t) => [
    check('login_attempts_outcome_check', sql`${t.outcome} in ('success', 'failure', 'blocked')`),
    index('login_attempts_email_at_idx').on(t.email, t.at),
    index('login_attempts_address_at_idx').on(t.clientAddress, t.at),
  ],
);

/**
 * Single-use links for setting a password: recovery ('reset') and, for new
 * accounts, invitation ('invite'). Only the token's SHA-256 is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    purpose: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the link is used, or voided by a newer one. */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`),
  ],
);
