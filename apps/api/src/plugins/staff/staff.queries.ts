import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProfileBody } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../users/user.queries';

/** Whether another account already has this e-mail (compared case-insensitively). */
export async function userEmailTaken(
  db: Database,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A staff member's own data; an emptied phone is stored as none. */
export async function updateProfile(
  db: Database,
  userId: string,
  body: ProfileBody,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone ? body.phone : null,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}
