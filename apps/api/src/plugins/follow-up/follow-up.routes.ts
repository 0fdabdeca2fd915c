import type { FastifyInstance } from 'fastify';
import type { RiskLevel } from '@psicocampus/shared/columbia';
import {
  FOLLOW_UP_CLEARED_BY,
  HISTORY_LIMIT,
  historyLabel,
  type FollowUpAnswer,
  type FollowUpCountsAnswer,
  type FollowUpReasonCode,
  type StudentHistoryAnswer,
} from '@psicocampus/shared/follow-up';
import type { AppContext } from '../../context';
import { adminOnly, signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import { followUpCounts, followUpOf, type FollowUpRow } from './follow-up.queries';
import { studentHistory } from './student-history.queries';

function reasonsOf(row: FollowUpRow): FollowUpReasonCode[] {
  const codes: FollowUpReasonCode[] = [];
  if (row.noAppointment) codes.push('NO_APPOINTMENT');
  if (row.noCompletePlan) codes.push('NO_SAFETY_PLAN');
  if (row.reassessmentDue) codes.push('REASSESSMENT_DUE');
  return codes;
}

/**
 * Follow-up that cannot be forgotten and a student's record of changes
 * (issue 19 §3 and §5, docs/api.md#follow-up).
 */
export async function followUpRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db, config } = ctx;
  const periodsNow = () => ({
    now: ctx.now(),
    days: config.followUpDays,
    reassessDays: config.followUpReassessDays,
  });

  app.get(
    '/api/follow-up',
    { ...psychologistOnly, config: { audit: { action: 'follow_up.list', record: null } } },
    async (request): Promise<FollowUpAnswer> => {
      const { user } = signedIn(request);
      const periods = periodsNow();
      const rows = await followUpOf(db, user.id, periods);
      return {
        ok: true,
        days: periods.days,
        reassessDays: periods.reassessDays,
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
      const rows = await followUpCounts(db, periodsNow());
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

  app.get<{ Params: { id: string } }>(
    '/api/students/:id/history',
    { ...psychologistOnly, config: { audit: { action: 'student.history', record: 'student' } } },
    async (request): Promise<StudentHistoryAnswer> => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const rows = await studentHistory(db, student.id, HISTORY_LIMIT);
      return {
        ok: true,
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
