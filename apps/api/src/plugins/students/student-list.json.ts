import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { readAuditRow, type AuditParams } from '../audit/audit';
import { folded } from '../../lib/text-search';
import { caseloadRevisions, students, users } from '../../db/schema';
import { inCaseloadOf } from './caseload';
import { isoText, latestRiskJson } from './latest-risk';

/**
 * The body of `GET /api/students` for a whole caseload, built by the
 * database as JSON text. A caseload of hundreds of students is the product's
 * hottest answer (docs/limits-and-budgets.md#speed-and-size-budgets: p99 < 100 ms at 200 requests/s): mapping rows
 * to objects and serializing them again in Node cost more than the query
 * itself. The shape must stay that of `toStudentSummary`, which
 * `student-list.json.test.ts` checks field by field against it.
 */
export async function caseloadListJson(db: Database, psychologistId: string): Promise<string> {
  return (await caseloadList(db, psychologistId)).body;
}

/** A caseload's list and the revision it is (`caseloadRevisions`). */
export interface CaseloadList {
  body: string;
  revision: string;
}

/**
 * The list with the caseload's revision, read in one statement (one
 * snapshot): the body is exactly that revision's, never a later one's.
 */
export async function caseloadList(db: Database, psychologistId: string): Promise<CaseloadList> {
  // Both drivers answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`
    select json_build_object(
      'ok', true,
      'students', coalesce(json_agg(json_build_object(
        '_id', ${students.id},
        'firstName', ${students.firstName},
        'lastName', ${students.lastName},
        'age', ${students.age},
        'gender', ${students.gender},
        'email', ${students.email},
        'phone', ${students.phone},
        'city', ${students.city},
        'career', ${students.career},
        'careerLevel', ${students.careerLevel},
        'level', ${students.careerLevel},
        'employmentStatus', ${students.employmentStatus},
        'income', ${students.income},
        'assignedPsychologist', case when ${users.id} is null then null else json_build_object(
          '_id', ${users.id},
          'firstName', ${users.firstName},
          'lastName', ${users.lastName},
          'email', ${users.email}
        ) end,
        'latestRisk', ${latestRiskJson(students.id)},
        'version', ${students.version},
        'createdAt', ${isoText(students.createdAt)},
        'updatedAt', ${isoText(students.updatedAt)}
      ) order by ${folded(students.lastName)}, ${folded(students.firstName)}, ${students.id}), '[]'::json),
      'total', count(${students.id})
    )::text as body,
    ${caseloadRevisionText(psychologistId)} as revision
    from ${students}
    left join ${users} on ${users.id} = ${students.assignedPsychologistId}
    where ${inCaseloadOf(psychologistId)}
  `)) as unknown as { rows: CaseloadList[] };
  return result.rows[0]!;
}

/**
 * A caseload's current revision ('0' before its first change), as text:
 * node-postgres and PGlite answer a bigint differently. The psychologist is
 * a value or a prepared statement's placeholder.
 */
export const caseloadRevisionText = (psychologistId: string | Placeholder) =>
  sql<string>`coalesce((select ${caseloadRevisions.revision} from ${caseloadRevisions}
    where ${caseloadRevisions.psychologistId} = ${psychologistId}), 0)::text`;

/** The caseload's current revision ('0' before its first change). */
export async function caseloadRevision(db: Database, psychologistId: string): Promise<string> {
  const result = (await db.execute(
    sql`select ${caseloadRevisionText(psychologistId)} as revision`,
  )) as unknown as {
    rows: Array<{ revision: string }>;
  };
  return result.rows[0]!.revision;
}

const auditedRevisionStatement = preparedFor((db) =>
  db
    .with(readAuditRow(db, sql`'success'`))
    .select({ revision: sql<string>`${caseloadRevisions.revision}::text` })
    .from(caseloadRevisions)
    .where(eq(caseloadRevisions.psychologistId, sql.placeholder('psychologistId')))
    .prepare('caseload_revision_audited'),
);

/**
 * The caseload's current revision, read by the statement that writes the
 * list's audit row (`recordedRead`): a list answered from the cache then
 * costs one round trip beside the session check.
 */
export async function auditedCaseloadRevision(
  db: Database,
  psychologistId: string,
  audit: AuditParams,
): Promise<string> {
  const [row] = await auditedRevisionStatement(db).execute({ ...audit, psychologistId });
  return row?.revision ?? '0';
}
