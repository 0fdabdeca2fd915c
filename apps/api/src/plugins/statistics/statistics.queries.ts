import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appointments, students, suicideAssessments, users } from '../../db/schema';
import { outerId } from '../../lib/outer-id';
import { folded } from '../../lib/text-search';
import { inCaseloadOf } from '../students/caseload';
import {
  addCounts,
  countPurgedAppointmentsPerMonth,
  countPurgedAssessmentsPerRange,
} from './statistics-purged.queries';

/**
 * The counts behind the statistics (docs/screens-and-routes.md#statistics), each one GROUP BY query
 * over the caller's scope: nothing is loaded row by row.
 */

/** A psychologist's current caseload, or the whole service (an administrator). */
export type StatisticsScope = { kind: 'CASELOAD'; psychologistId: string } | { kind: 'SERVICE' };

/**
 * The students in scope: assessments count by their student's current
 * psychologist. An archived student is in nobody's caseload
 * (docs/data-model.md#archived-students); the service's figures of
 * students leave them out too (`current`), while its months of assessments
 * and appointments keep what was done.
 */
function studentsInScope(scope: StatisticsScope, current = false): SQL | undefined {
  if (scope.kind === 'CASELOAD') return inCaseloadOf(scope.psychologistId);
  return current ? isNull(students.archivedAt) : undefined;
}

export interface KeyCount {
  key: string;
  count: number;
}

export async function countStudentsByGender(
  db: Database,
  scope: StatisticsScope,
): Promise<KeyCount[]> {
  return db
    .select({ key: students.gender, count: count() })
    .from(students)
    .where(studentsInScope(scope, true))
    .groupBy(students.gender);
}

export async function countStudentsBySemester(
  db: Database,
  scope: StatisticsScope,
): Promise<KeyCount[]> {
  return db
    .select({ key: students.careerLevel, count: count() })
    .from(students)
    .where(studentsInScope(scope, true))
    .groupBy(students.careerLevel);
}

export interface CareerCount extends KeyCount {
  /** The career as most often spelled ('Ingeniería Civil'); the key is its folded form. */
  label: string;
}

/**
 * Students per career, most frequent first, then by name. Careers are typed
 * by hand (form and import), so 'Medicina' and 'medicina ' are one career:
 * grouped by the trimmed, folded text.
 */
export async function countStudentsByCareer(
  db: Database,
  scope: StatisticsScope,
): Promise<CareerCount[]> {
  const key = folded(sql`trim(${students.career})`);
  return db
    .select({
      key: sql<string>`${key}`,
      // The most frequent spelling; between equals, the first in byte order
      // (the C collation), so that PGlite and any PostgreSQL locale agree.
      label: sql<string>`mode() within group (order by trim(${students.career}) collate "C")`,
      count: count(),
    })
    .from(students)
    .where(studentsInScope(scope, true))
    .groupBy(key)
    .orderBy(desc(count()), key);
}

/** A level, or null for the students never assessed. */
export interface LevelCount {
  key: string | null;
  count: number;
}

/**
 * How many students in scope have each risk level as their LATEST
 * assessment's level in force (its clinician's level, else the engine's), and (key null) how many were never assessed. For each
 * student, its newest assessment is read through the (student_id,
 * created_at) index, backwards, LIMIT 1: at 10,000 students and 100,000
 * assessments on PostgreSQL this took 27 ms where DISTINCT ON over all
 * assessments took 68 ms (it sorts them all, spilling to disk).
 */
export async function countLatestRiskLevels(
  db: Database,
  scope: StatisticsScope,
): Promise<LevelCount[]> {
  const latest = db
    .select({
      // The level in force (docs/columbia-assessment.md#clinicians-level): the clinician's where one is
      // recorded, the engine's otherwise; the charts say so in their note.
      riskLevel:
        sql<string>`coalesce(${suicideAssessments.clinicianLevel}, ${suicideAssessments.riskLevel})`.as(
          'risk_level',
        ),
    })
    .from(suicideAssessments)
    .where(eq(suicideAssessments.studentId, outerId(students)))
    .orderBy(desc(suicideAssessments.createdAt), desc(suicideAssessments.id))
    .limit(1)
    .as('latest');
  return db
    .select({ key: latest.riskLevel, count: count() })
    .from(students)
    .leftJoinLateral(latest, sql`true`)
    .where(studentsInScope(scope, true))
    .groupBy(latest.riskLevel);
}

export interface BucketCount {
  /** 1 for [bounds[0], bounds[1]), 2 for the next range, and so on. */
  bucket: number;
  count: number;
}

/**
 * Assessments on students in scope, counted per range of `bounds` (the
 * starts of consecutive months and the end of the last). The month
 * boundaries are the service's (lastTwelveMonths), not the database's,
 * whose session time zone may be another.
 */
export async function countAssessmentsPerRange(
  db: Database,
  scope: StatisticsScope,
  bounds: Date[],
): Promise<BucketCount[]> {
  const [live, purged] = await Promise.all([
    countLiveAssessmentsPerRange(db, scope, bounds),
    // A purged student's assessments stay in the service's months (docs/data-model.md#retention-and-purge).
    scope.kind === 'SERVICE' ? countPurgedAssessmentsPerRange(db, bounds) : [],
  ]);
  return addCounts(live, purged, (row) => String(row.bucket));
}

async function countLiveAssessmentsPerRange(
  db: Database,
  scope: StatisticsScope,
  bounds: Date[],
): Promise<BucketCount[]> {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  return (
    db
      .select({
        bucket:
          sql<number>`width_bucket(${suicideAssessments.createdAt}, array[${thresholds}])`.mapWith(
            Number,
          ),
        count: count(),
      })
      .from(suicideAssessments)
      .innerJoin(students, eq(students.id, suicideAssessments.studentId))
      .where(
        and(
          studentsInScope(scope),
          gte(suicideAssessments.createdAt, bounds[0]!),
          lt(suicideAssessments.createdAt, bounds.at(-1)!),
        ),
      )
      // By position: the bucket expression carries parameters, so repeating it
      // would not match the selected one.
      .groupBy(sql`1`)
  );
}

export async function countActivePsychologists(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.role, 'PSYCHOLOGIST'), eq(users.active, true)));
  return row?.total ?? 0;
}

export interface MonthStatusCount {
  /** 'YYYY-MM' in the service's time zone. */
  month: string;
  status: string;
  count: number;
}

/**
 * Appointments of students in scope starting in the months [first, end) of
 * `timeZone` ('YYYY-MM-01' each), counted per local month and status. The
 * database turns the wall-clock boundaries into instants and each instant
 * into its local month (AT TIME ZONE), whatever its session's time zone: an
 * appointment at 2026-12-01T03:00Z is November in America/Guayaquil.
 */
export async function countAppointmentsPerMonth(
  db: Database,
  scope: StatisticsScope,
  range: { first: string; end: string; timeZone: string },
): Promise<MonthStatusCount[]> {
  const [live, purged] = await Promise.all([
    countLiveAppointmentsPerMonth(db, scope, range),
    // As above: a purged student's appointments stay in the service's months.
    scope.kind === 'SERVICE' ? countPurgedAppointmentsPerMonth(db, range) : [],
  ]);
  return addCounts(live, purged, (row) => `${row.month} ${row.status}`);
}

async function countLiveAppointmentsPerMonth(
  db: Database,
  scope: StatisticsScope,
  range: { first: string; end: string; timeZone: string },
): Promise<MonthStatusCount[]> {
  const start = sql`(${range.first}::timestamp at time zone ${range.timeZone})`;
  const end = sql`(${range.end}::timestamp at time zone ${range.timeZone})`;
  const month = sql<string>`to_char(${appointments.date} at time zone ${range.timeZone}, 'YYYY-MM')`;
  return (
    db
      .select({ month, status: appointments.status, count: count() })
      .from(appointments)
      .innerJoin(students, eq(students.id, appointments.studentId))
      .where(
        and(
          studentsInScope(scope),
          sql`${appointments.date} >= ${start}`,
          sql`${appointments.date} < ${end}`,
        ),
      )
      // By position, as above: the month expression carries a parameter.
      .groupBy(sql`1`, appointments.status)
  );
}
