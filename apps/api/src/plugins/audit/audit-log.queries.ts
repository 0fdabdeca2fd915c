import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditLogFilters {
  userId?: string;
  action?: AuditAction;
  /** Inclusive lower bound, as an instant. */
  from?: Date;
  /** Exclusive upper bound, as an instant. */
  toExclusive?: Date;
}

/** An entry with the name of who acted, while the account exists. */
export interface AuditRecord {
  entry: AuditRow;
  user: { firstName: string; lastName: string } | null;
}

function auditWhere(filters: AuditLogFilters): SQL | undefined {
  return and(
    filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.toExclusive ? lt(auditLog.at, filters.toExclusive) : undefined,
  );
}

/** One page of the log, newest first (the at, user/at and action/at indexes serve it). */
export async function listAuditEntries(
  db: Database,
  filters: AuditLogFilters,
  page: { limit: number; offset: number },
): Promise<AuditRecord[]> {
  return db
    .select({
      entry: auditLog,
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(auditWhere(filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditEntries(db: Database, filters: AuditLogFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(auditWhere(filters));
  return row?.total ?? 0;
}
