import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LatestRisk } from '@psicocampus/shared/domain';
import { suicideAssessments } from '../../db/schema';

/** ISO 8601 with milliseconds in UTC, exactly as `Date.prototype.toISOString()` writes it. */
export const isoText = (column: AnyPgColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A student's current level (the list's column and the detail's
 * badge) as JSON: their latest assessment's level, its clinician's level
 * and date, null without
 * one. One index lookup per student (suicide_assessments_student_created_idx).
 * Both drivers answer a `json` value parsed.
 */
export function latestRiskJson(studentId: AnyPgColumn): SQL<LatestRisk | null> {
  return sql<LatestRisk | null>`(select json_build_object(
      'assessmentId', ${suicideAssessments.id},
      'level', ${suicideAssessments.riskLevel},
      'assessedAt', ${isoText(suicideAssessments.createdAt)},
      'clinicianLevel', ${suicideAssessments.clinicianLevel}
    ) from ${suicideAssessments}
    where ${suicideAssessments.studentId} = ${studentId}
    order by ${suicideAssessments.createdAt} desc, ${suicideAssessments.id} desc
    limit 1)`;
}
