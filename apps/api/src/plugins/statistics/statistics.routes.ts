import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppointmentStatistics, Statistics } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { QueryReader } from '../../lib/query-params';
import { requireRole, signedIn } from '../auth/authenticate';
import {
  countActivePsychologists,
  countAppointmentsPerMonth,
  countAssessmentsPerRange,
  countLatestRiskLevels,
  countStudentsByCareer,
  countStudentsByGender,
  countStudentsBySemester,
  type StatisticsScope,
} from './statistics.queries';
import {
  APPOINTMENT_MONTHS_DEFAULT,
  APPOINTMENT_MONTHS_MAX,
  highRiskOf,
  lastTwelveMonths,
  monthsUpTo,
  toAppointmentsPerMonth,
  toByCareer,
  toByGender,
  toByRiskLevel,
  toBySemester,
  toPerMonth,
} from './statistics.view';

/** A psychologist sees their current caseload; an administrator, the whole service. */
function scopeOf(request: FastifyRequest): StatisticsScope {
  const { user } = signedIn(request);
  return user.role === 'ADMIN'
    ? { kind: 'SERVICE' }
    : { kind: 'CASELOAD', psychologistId: user.id };
}

/** Every count of docs/screens-and-routes.md#statistics and of the admin home (docs/screens-and-routes.md#admin-area), in six GROUP BY / count queries. */
export async function computeStatistics(
  db: Database,
  scope: StatisticsScope,
  now: Date,
  /** The service's zone: the months are its (docs/decisions.md#one-clock). */
  timeZone: string,
): Promise<Statistics> {
  const { months, bounds } = lastTwelveMonths(now, timeZone);
  const [byGender, bySemester, byCareer, latestLevels, perMonth, psychologists] = await Promise.all(
    [
      countStudentsByGender(db, scope),
      countStudentsBySemester(db, scope),
      countStudentsByCareer(db, scope),
      countLatestRiskLevels(db, scope),
      countAssessmentsPerRange(db, scope, bounds),
      scope.kind === 'SERVICE' ? countActivePsychologists(db) : Promise.resolve(1),
    ],
  );
  // Every student has one gender: their sum is the students in scope.
  const studentsInScope = byGender.reduce((sum, row) => sum + row.count, 0);
  const assessmentsPerMonth = toPerMonth(months, perMonth);
  return {
    scope: scope.kind,
    totals: {
      students: studentsInScope,
      psychologists,
      assessmentsThisMonth: assessmentsPerMonth.at(-1)!.count,
      highRiskStudents: highRiskOf(latestLevels),
    },
    byGender: toByGender(byGender),
    byRiskLevel: toByRiskLevel(latestLevels),
    byCareer: toByCareer(byCareer),
    bySemester: toBySemester(bySemester),
    assessmentsPerMonth,
  };
}

/**
 * The appointments of the caller's scope per month of the service's time
 * zone and status (docs/api.md#statistics): the last `months` months, the current one
 * last, a month without appointments at zero.
 */
export async function computeAppointmentStatistics(
  db: Database,
  scope: StatisticsScope,
  options: { now: Date; timeZone: string; months: number },
): Promise<AppointmentStatistics> {
  const { months, first, end } = monthsUpTo(options.now, options.timeZone, options.months);
  const rows = await countAppointmentsPerMonth(db, scope, {
    first,
    end,
    timeZone: options.timeZone,
  });
  return { scope: scope.kind, months: toAppointmentsPerMonth(months, rows) };
}

const STATISTICS = {
  preHandler: requireRole('ADMIN', 'PSYCHOLOGIST'),
  config: { audit: { action: 'statistics.read', record: null } },
} as const;

/**
 * Statistics for the caller's scope (docs/screens-and-routes.md#statistics): counts only, never a
 * student's data. `/gender` and `/risk-level` are the variants of docs/api.md#statistics.
 */
export async function statisticsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get('/api/statistics', STATISTICS, async (request) => ({
    ok: true,
    statistics: await computeStatistics(
      db,
      scopeOf(request),
      ctx.now(),
      ctx.config.serviceTimeZone,
    ),
  }));

  app.get('/api/statistics/gender', STATISTICS, async (request) => ({
    ok: true,
    byGender: toByGender(await countStudentsByGender(db, scopeOf(request))),
  }));

  app.get('/api/statistics/risk-level', STATISTICS, async (request) => ({
    ok: true,
    byRiskLevel: toByRiskLevel(await countLatestRiskLevels(db, scopeOf(request))),
  }));

  app.get('/api/statistics/appointments', STATISTICS, async (request) => {
    const query = new QueryReader(request.query);
    const months = query.integer('months', 1, APPOINTMENT_MONTHS_MAX, APPOINTMENT_MONTHS_DEFAULT);
    query.done();
    const statistics = await computeAppointmentStatistics(db, scopeOf(request), {
      now: ctx.now(),
      timeZone: ctx.config.serviceTimeZone,
      months,
    });
    return { ok: true, ...statistics };
  });
}
