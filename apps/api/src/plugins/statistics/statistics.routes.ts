import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Statistics } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { requireRole, signedIn } from '../auth/authenticate';
import {
  countActivePsychologists,
  countAssessmentsPerRange,
  countLatestRiskLevels,
  countStudentsByCareer,
  countStudentsByGender,
  countStudentsBySemester,
  type StatisticsScope,
} from './statistics.queries';
import {
  highRiskOf,
  lastTwelveMonths,
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
): Promise<Statistics> {
  const { months, bounds } = lastTwelveMonths(now);
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
    statistics: await computeStatistics(db, scopeOf(request), ctx.now()),
  }));

  app.get('/api/statistics/gender', STATISTICS, async (request) => ({
    ok: true,
    byGender: toByGender(await countStudentsByGender(db, scopeOf(request))),
  }));

  app.get('/api/statistics/risk-level', STATISTICS, async (request) => ({
    ok: true,
    byRiskLevel: toByRiskLevel(await countLatestRiskLevels(db, scopeOf(request))),
  }));
}
