import { and, asc, count, eq, like, ne, sql } from 'drizzle-orm';
import type { Role, UserBody } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { emailChanges, students, users } from '../../db/schema';
import { outerId } from '../../lib/outer-id';
import type { PageParams } from '../../lib/page-params';
import { containing, folded, searchWords } from '../../lib/text-search';

export type UserRow = typeof users.$inferSelect;

/** The account with this e-mail, compared case-insensitively (docs/architecture.md#data-and-databases). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function setPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/* ---- Staff accounts as the administrators manage them (docs/screens-and-routes.md#admin-area) ---- */

/** The students assigned to the account of the row. */
const caseloadOfRow = sql`select count(*) from ${students}
  where ${students.assignedPsychologistId} = ${outerId(users)}`;

/** The address the account of the row is moving to, while its confirmation link is live. */
const pendingEmailOfRow = (now: Date) => sql`select ${emailChanges.newEmail} from ${emailChanges}
  where ${emailChanges.userId} = ${outerId(users)}
    and ${emailChanges.confirmedAt} is null and ${emailChanges.voidedAt} is null
    and ${emailChanges.expiresAt} > ${now.toISOString()}
  order by ${emailChanges.createdAt} desc limit 1`;

/**
 * An account as the users screen lists it: never the password hash or the
 * second factor's key, only whether there is one; the caseload counted in the same statement (a
 * correlated count on the students' psychologist index, not a query per row),
 * and so is a pending change of its e-mail.
 */
const staffUserColumns = (now: Date) => ({
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  active: users.active,
  createdAt: users.createdAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`.mapWith(Boolean),
  hasSecondFactor: sql<boolean>`(${users.mfaSecret} is not null)`.mapWith(Boolean),
  caseloadSize: sql<number>`(${caseloadOfRow})`.mapWith(Number),
  pendingEmail: sql<string | null>`(${pendingEmailOfRow(now)})`,
});

export interface StaffUserRow {
  id: string;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  active: boolean;
  createdAt: Date;
  hasPassword: boolean;
  /** Whether it signs in with a second factor (never the key itself). */
  hasSecondFactor: boolean;
  caseloadSize: number;
  pendingEmail: string | null;
}

export interface StaffUserFilters {
  /** Words that must each appear in the name or the e-mail (case and accents ignored). */
  q?: string;
  role?: Role;
  active?: boolean;
}

/** The accounts the filters keep: role, state, and every word of `q` in the name or e-mail. */
function matchingStaff(filters: StaffUserFilters) {
  // Staff are a few dozen rows: the folded text is computed, not stored.
  const haystack = folded(
    sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}`,
  );
  return and(
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.active === undefined ? undefined : eq(users.active, filters.active),
    ...searchWords(filters.q).map((word) => like(haystack, containing(word))),
  );
}

/**
 * One page of the staff accounts the filters keep, by last name then first
 * name (accents folded, as every list), ties by id so that no account is
 * on two pages or none.
 */
export async function listStaffUsers(
  db: Database,
  filters: StaffUserFilters,
  page: PageParams,
  now: Date,
): Promise<StaffUserRow[]> {
  return db
    .select(staffUserColumns(now))
    .from(users)
    .where(matchingStaff(filters))
    .orderBy(folded(users.lastName), folded(users.firstName), asc(users.id))
    .limit(page.pageSize)
    .offset(page.offset);
}

/** How many accounts the filters keep: the total of every page. */
export async function countStaffUsers(db: Database, filters: StaffUserFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(matchingStaff(filters));
  return row?.total ?? 0;
}

export async function findStaffUser(
  db: Database,
  id: string,
  now: Date,
): Promise<StaffUserRow | null> {
  const [row] = await db.select(staffUserColumns(now)).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The columns a staff form writes; an emptied phone is stored as none. */
function staffValues(body: UserBody) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    role: body.role,
    phone: body.phone ? body.phone : null,
  };
}

/** A new account without a password: its owner chooses one through the invitation link. */
export async function insertStaffUser(db: Database, body: UserBody, now: Date): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...staffValues(body), passwordHash: null, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateStaffUser(
  db: Database,
  id: string,
  body: UserBody,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...staffValues(body), updatedAt: now })
    .where(eq(users.id, id));
}

export async function setUserActive(
  db: Database,
  id: string,
  active: boolean,
  now: Date,
): Promise<void> {
  await db.update(users).set({ active, updatedAt: now }).where(eq(users.id, id));
}

/** Active administrators other than `exceptId`. */
export async function countOtherActiveAdmins(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.active, true), ne(users.id, exceptId)));
  return row?.total ?? 0;
}

/** Students assigned to this account. */
export async function caseloadSizeOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(students)
    .where(eq(students.assignedPsychologistId, userId));
  return row?.total ?? 0;
}
