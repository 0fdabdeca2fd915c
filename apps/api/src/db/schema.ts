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
