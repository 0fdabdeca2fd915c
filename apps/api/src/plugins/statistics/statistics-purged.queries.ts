import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { purgedStatistics } from '../../db/schema';
import type { BucketCount, MonthStatusCount } from './statistics.queries';

/**
 * What purged students gave the service's statistics
 * (docs/data-model.md#retention-and-purge): `purged_statistics` holds their
 * assessments and appointments per quarter hour of UTC, and these queries
 * count them exactly as statistics.queries.ts counts the live rows, so that
 * the sum of both is the answer a purge must not change. Only the service's
 * scope reads them: a purged student was archived, in nobody's caseload.
 */

const total = sql<number>`sum(${purgedStatistics.count})::int`.mapWith(Number);

/** The purged assessments per range of `bounds`, as countAssessmentsPerRange counts the live ones. */
export async function countPurgedAssessmentsPerRange(
  db: Database,
  bounds: Date[],
): Promise<BucketCount[]> {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  return db
    .select({
      bucket:
        sql<number>`width_bucket(${purgedStatistics.periodStart}, array[${thresholds}])`.mapWith(
          Number,
        ),
      count: total,
    })
    .from(purgedStatistics)
    .where(
      and(
        eq(purgedStatistics.kind, 'assessment'),
        gte(purgedStatistics.periodStart, bounds[0]!),
        lt(purgedStatistics.periodStart, bounds.at(-1)!),
      ),
    )
    .groupBy(sql`1`);
}

/** The purged appointments per local month and status, as countAppointmentsPerMonth counts the live ones. */
export async function countPurgedAppointmentsPerMonth(
  db: Database,
  range: { first: string; end: string; timeZone: string },
): Promise<MonthStatusCount[]> {
  const start = sql`(${range.first}::timestamp at time zone ${range.timeZone})`;
  const end = sql`(${range.end}::timestamp at time zone ${range.timeZone})`;
  const month = sql<string>`to_char(${purgedStatistics.periodStart} at time zone ${range.timeZone}, 'YYYY-MM')`;
  return db
    .select({ month, status: purgedStatistics.status, count: total })
    .from(purgedStatistics)
    .where(
      and(
        eq(purgedStatistics.kind, 'appointment'),
        sql`${purgedStatistics.periodStart} >= ${start}`,
        sql`${purgedStatistics.periodStart} < ${end}`,
      ),
    )
    .groupBy(sql`1`, purgedStatistics.status);
}

/** The live counts and the purged ones as one list: one row per key, their counts added. */
export function addCounts<T extends { count: number }>(
  live: T[],
  purged: T[],
  keyOf: (row: T) => string,
): T[] {
  const merged = new Map<string, T>();
  for (const row of [...live, ...purged]) {
    const key = keyOf(row);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, count: seen.count + row.count } : row);
  }
  return [...merged.values()];
}
