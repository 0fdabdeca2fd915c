import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, Role } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { auditLog, students, users } from '../../db/schema';
import { inCaseloadOf } from '../students/caseload';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditLogFilters {
  userId?: string;
  action?: AuditAction;
  /** Inclusive lower bound, as an instant. */
  from?: Date;
  /** Exclusive upper bound, as an instant. */
  toExclusive?: Date;
}

type PersonName = { firstName: string; lastName: string };

/**
 * An entry with the name of who acted, while the account exists, and the
 * name of the record it names: a student or a staff account, while it
 * exists and the reader may see it (`recordNamesFor`); null otherwise.
 */
export interface AuditRecord {
  entry: AuditRow;
  user: PersonName | null;
  recordStudent: PersonName | null;
  recordUser: PersonName | null;
}

/** Who reads the log: whose records' names the answer may carry. */
export interface AuditReader {
  id: string;
  role: Role;
}

const recordStudent = alias(students, 'record_student');
const recordUser = alias(users, 'record_user');

/**
 * The entry's record id as a uuid, or null: ids come from URLs (any text up
 * to 64 characters), and a cast of a malformed one would fail the query.
 */
const recordUuid = sql`(case when ${auditLog.recordId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${auditLog.recordId}::uuid end)`;

/**
 * Which records the reader may see by name (docs/permissions.md#audit-log):
 * an administrator every student (the assignment list shows them all) and
 * every staff account; anyone else only their own students (the caseload
 * rule every query of a psychologist's records states) and themselves.
 * Notes, appointments, assessments and imports are never named: their row
 * shows a short id.
 */
function recordNamesFor(reader: AuditReader) {
  const admin = reader.role === 'ADMIN';
  return {
    student: and(
      eq(auditLog.recordType, 'student'),
      eq(recordStudent.id, recordUuid),
      admin ? undefined : inCaseloadOf(reader.id, recordStudent),
    ),
    user: and(
      eq(auditLog.recordType, 'user'),
      eq(recordUser.id, recordUuid),
      admin ? undefined : eq(recordUser.id, reader.id),
    ),
  };
}

function auditWhere(filters: AuditLogFilters): SQL | undefined {
  return and(
    filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.toExclusive ? lt(auditLog.at, filters.toExclusive) : undefined,
  );
}

/**
 * One page of the log, newest first (the at, user/at and action/at indexes
 * serve it), with the names of who acted and of the record, in one query:
 * each name is a lookup by primary key for the page's rows only.
 */
export async function listAuditEntries(
  db: Database,
  reader: AuditReader,
  filters: AuditLogFilters,
  page: { limit: number; offset: number },
): Promise<AuditRecord[]> {
  const named = recordNamesFor(reader);
  return db
    .select({
      entry: auditLog,
      user: { firstName: users.firstName, lastName: users.lastName },
      recordStudent: { firstName: recordStudent.firstName, lastName: recordStudent.lastName },
      recordUser: { firstName: recordUser.firstName, lastName: recordUser.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(recordStudent, named.student)
    .leftJoin(recordUser, named.user)
    .where(auditWhere(filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditEntries(db: Database, filters: AuditLogFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(auditWhere(filters));
  return row?.total ?? 0;
}
