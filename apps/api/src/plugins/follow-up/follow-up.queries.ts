import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  appointments,
  safetyPlanRevisions,
  students,
  suicideAssessments,
  users,
} from '../../db/schema';
import { outerId } from '../../lib/outer-id';
import { inCaseloadOf } from '../students/caseload';

/** The periods a student is judged by (AppConfig's followUpDays and followUpReassessDays). */
export interface FollowUpPeriods {
  now: Date;
  days: number;
  reassessDays: number;
}

const DAY_MS = 24 * 3_600_000;

/** The levels in force that put a student on the list. */
const HIGH_LEVELS = ['ALTO', 'MUY_ALTO'];

/**
 * Every student (of the caseload, or of the whole service) whose latest
 * assessment's level in force is high and who lacks at least one step of
 * follow-up, with what is known of each step: the latest assessment, the
 * current safety-plan revision's status and the first appointment still
 * scheduled within the period. Each of the three is one backward index
 * lookup per student (suicide_assessments_student_created_idx,
 * safety_plan_revisions_student_version_idx, appointments_student_date_idx),
 * and only the caseload's students are visited (students_assigned_psychologist_idx).
 */
function followUpQuery(
  db: Database,
  periods: FollowUpPeriods,
  scope: { psychologistId: string } | 'SERVICE',
) {
  const until = new Date(periods.now.getTime() + periods.days * DAY_MS);
  const reassessBefore = new Date(periods.now.getTime() - periods.reassessDays * DAY_MS);
  const latest = db
    .select({
      id: suicideAssessments.id,
      createdAt: suicideAssessments.createdAt,
      // The level in force (docs/columbia-assessment.md#clinicians-level): the clinician's where recorded, else the engine's.
      level:
        sql<string>`coalesce(${suicideAssessments.clinicianLevel}, ${suicideAssessments.riskLevel})`.as(
          'level',
        ),
    })
    .from(suicideAssessments)
    .where(eq(suicideAssessments.studentId, outerId(students)))
    .orderBy(desc(suicideAssessments.createdAt), desc(suicideAssessments.id))
    .limit(1)
    .as('latest');
  const plan = db
    .select({ status: safetyPlanRevisions.status })
    .from(safetyPlanRevisions)
    .where(eq(safetyPlanRevisions.studentId, outerId(students)))
    .orderBy(desc(safetyPlanRevisions.version))
    .limit(1)
    .as('plan');
  // Any psychologist's appointment counts: the student is seen, whoever scheduled it.
  const next = db
    .select({ date: appointments.date })
    .from(appointments)
    .where(
      and(
        eq(appointments.studentId, outerId(students)),
        gte(appointments.date, periods.now),
        lt(appointments.date, until),
        eq(appointments.status, 'SCHEDULED'),
      ),
    )
    .orderBy(asc(appointments.date))
    .limit(1)
    .as('next_appointment');

  const noAppointment = sql<boolean>`(${next.date} is null)`;
  const noCompletePlan = sql<boolean>`(${plan.status} is distinct from 'complete')`;
  const reassessmentDue = sql<boolean>`(${latest.createdAt} < ${reassessBefore.toISOString()}::timestamptz)`;
  const where = and(
    scope === 'SERVICE'
      ? isNotNull(students.assignedPsychologistId)
      : inCaseloadOf(scope.psychologistId),
    inArray(latest.level, HIGH_LEVELS),
    or(noAppointment, noCompletePlan, reassessmentDue),
  );
  return { latest, plan, next, noAppointment, noCompletePlan, reassessmentDue, where };
}

export interface FollowUpRow {
  studentId: string;
  firstName: string;
  lastName: string;
  assessmentId: string;
  assessedAt: Date;
  level: string;
  noAppointment: boolean;
  noCompletePlan: boolean;
  reassessmentDue: boolean;
}

/**
 * One page of the psychologist's "Seguimiento prioritario": MUY_ALTO before
 * ALTO, then whoever has waited longest since their assessment. One query.
 */
export async function followUpOf(
  db: Database,
  psychologistId: string,
  periods: FollowUpPeriods,
  page: { limit: number; offset: number },
): Promise<FollowUpRow[]> {
  return followUpListQuery(db, psychologistId, periods).limit(page.limit).offset(page.offset);
}

/** How many students the psychologist's list holds, on every page. */
export async function countFollowUpOf(
  db: Database,
  psychologistId: string,
  periods: FollowUpPeriods,
): Promise<number> {
  const q = followUpQuery(db, periods, { psychologistId });
  const [row] = await db
    .select({ total: count() })
    .from(students)
    .innerJoinLateral(q.latest, sql`true`)
    .leftJoinLateral(q.plan, sql`true`)
    .leftJoinLateral(q.next, sql`true`)
    .where(q.where);
  return row?.total ?? 0;
}

/** The statement of `followUpOf`, for the test of its plan. */
export function followUpListQuery(db: Database, psychologistId: string, periods: FollowUpPeriods) {
  const q = followUpQuery(db, periods, { psychologistId });
  return db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      assessmentId: q.latest.id,
      assessedAt: q.latest.createdAt,
      level: q.latest.level,
      noAppointment: q.noAppointment,
      noCompletePlan: q.noCompletePlan,
      reassessmentDue: q.reassessmentDue,
    })
    .from(students)
    .innerJoinLateral(q.latest, sql`true`)
    .leftJoinLateral(q.plan, sql`true`)
    .leftJoinLateral(q.next, sql`true`)
    .where(q.where)
    .orderBy(
      sql`(${q.latest.level} = 'MUY_ALTO') desc`,
      asc(q.latest.createdAt),
      asc(students.lastName),
      asc(students.firstName),
      asc(students.id),
    );
}

export interface FollowUpCountRow {
  psychologistId: string;
  firstName: string;
  lastName: string;
  count: number;
}

/**
 * How many students each psychologist has on their list (the administrators'
 * home): every active psychologist, with 0 when none, and anyone else who
 * still has students on it. Two queries; no student's name is read.
 */
export async function followUpCounts(
  db: Database,
  periods: FollowUpPeriods,
): Promise<FollowUpCountRow[]> {
  const q = followUpQuery(db, periods, 'SERVICE');
  const [counted, psychologists] = await Promise.all([
    db
      .select({ psychologistId: students.assignedPsychologistId, count: count() })
      .from(students)
      .innerJoinLateral(q.latest, sql`true`)
      .leftJoinLateral(q.plan, sql`true`)
      .leftJoinLateral(q.next, sql`true`)
      .where(q.where)
      .groupBy(students.assignedPsychologistId),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        active: users.active,
      })
      .from(users)
      .where(eq(users.role, 'PSYCHOLOGIST'))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  const byPsychologist = new Map(counted.map((row) => [row.psychologistId, row.count]));
  return psychologists
    .filter((p) => p.active || byPsychologist.has(p.id))
    .map((p) => ({
      psychologistId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      count: byPsychologist.get(p.id) ?? 0,
    }))
    .sort((a, b) => b.count - a.count);
}
