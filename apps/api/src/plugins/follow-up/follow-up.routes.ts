import type { FastifyInstance } from 'fastify';
import type { RiskLevel } from '@psicocampus/shared/columbia';
import {
  FOLLOW_UP_CLEARED_BY,
  HISTORY_PAGE_SIZE,
  historyLabel,
  type FollowUpAnswer,
  type FollowUpCountsAnswer,
  type FollowUpReasonCode,
  type StudentHistoryAnswer,
} from '@psicocampus/shared/follow-up';
import type { AppContext } from '../../context';
import { pageInfo, readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { adminOnly, signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import { countFollowUpOf, followUpCounts, followUpOf, type FollowUpRow } from './follow-up.queries';
import { countStudentHistory, studentHistoryPage } from './student-history.queries';

function reasonsOf(row: FollowUpRow): FollowUpReasonCode[] {
  const codes: FollowUpReasonCode[] = [];
  if (row.noAppointment) codes.push('NO_APPOINTMENT');
  if (row.noCompletePlan) codes.push('NO_SAFETY_PLAN');
  if (row.reassessmentDue) codes.push('REASSESSMENT_DUE');
  return codes;
}

/** The service's follow-up periods, as of now. */
function periodsNow(ctx: AppContext) {
  return {
    now: ctx.now(),
    days: ctx.config.followUpDays,
    reassessDays: ctx.config.followUpReassessDays,
  };
}

/**
 * Follow-up that cannot be forgotten and a student's record of changes
 * (docs/api.md#follow-up).
 */
export async function followUpRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerFollowUpRoutes(app, ctx);
  registerHistoryRoute(app, ctx);
}

/** Who needs following up: the psychologist's students, the administrator's counts. */
function registerFollowUpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get(
    '/api/follow-up',
    { ...psychologistOnly, config: { audit: { action: 'follow_up.list', record: null } } },
    async (request): Promise<FollowUpAnswer> => {
      const { user } = signedIn(request);
      // One page with its total: the home shows the first rows, the list the rest.
      const reader = new QueryReader(request.query);
      const page = readPage(reader);
      reader.done();
      const periods = periodsNow(ctx);
      const [rows, total] = await Promise.all([
        followUpOf(db, user.id, periods, { limit: page.pageSize, offset: page.offset }),
        countFollowUpOf(db, user.id, periods),
      ]);
      return {
        ok: true,
        days: periods.days,
        reassessDays: periods.reassessDays,
        ...pageInfo(page, total),
        entries: rows.map((row) => ({
          student: { _id: row.studentId, firstName: row.firstName, lastName: row.lastName },
          level: row.level as RiskLevel,
          assessment: { _id: row.assessmentId, createdAt: row.assessedAt.toISOString() },
          reasons: reasonsOf(row).map((code) => ({ code, clearedBy: FOLLOW_UP_CLEARED_BY[code] })),
        })),
      };
    },
  );

  // Counts only (least privilege): the administrator sees who has students
  // waiting, never which students.
  app.get(
    '/api/follow-up/counts',
    { ...adminOnly, config: { audit: { action: 'follow_up.counts', record: null } } },
    async (): Promise<FollowUpCountsAnswer> => {
      const rows = await followUpCounts(db, periodsNow(ctx));
      return {
        ok: true,
        counts: rows.map((row) => ({
          psychologist: {
            _id: row.psychologistId,
            firstName: row.firstName,
            lastName: row.lastName,
          },
          count: row.count,
        })),
        total: rows.reduce((sum, row) => sum + row.count, 0),
      };
    },
  );
}

/** A student's history, one page at a time. */
function registerHistoryRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<{ Params: { id: string } }>(
    '/api/students/:id/history',
    { ...psychologistOnly, config: { audit: { action: 'student.history', record: 'student' } } },
    async (request): Promise<StudentHistoryAnswer> => {
      const { user } = signedIn(request);
      // Read before the student, as a student's notes' pages: one 400 for a wrong page.
      const reader = new QueryReader(request.query);
      const page = readPage(reader, HISTORY_PAGE_SIZE);
      reader.done();
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      // A student followed for years has a long record: one page, counted in SQL.
      const [rows, total] = await Promise.all([
        studentHistoryPage(db, student.id, page),
        countStudentHistory(db, student.id),
      ]);
      return {
        ok: true,
        ...pageInfo(page, total),
        events: rows.map((row) => ({
          action: row.action,
          label: historyLabel(row.action),
          at: row.at.toISOString(),
          by: row.by,
        })),
      };
    },
  );
}
