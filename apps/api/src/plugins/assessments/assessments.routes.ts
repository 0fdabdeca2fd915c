import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, STUDENT_ASSESSMENTS_PAGE_SIZE, type AuditAction } from '@psicocampus/shared/domain';
import {
  assessmentCreateSchema,
  computeRiskLevel,
  emptyAssessmentAnswers,
  finalRemarksSchema,
  latestAttemptDate,
  normalizeAssessment,
  RISK_LEVELS,
  isHighRiskLevel,
  riskAnswersOf,
  type AssessmentAnswers,
  type AssessmentCreateBody,
  type AssessmentSavedAnswer,
} from '@psicocampus/shared/columbia';
import {
  CLINICIAN_LEVEL_MSG,
  clinicianLevelSchema,
  completesAssessment,
  type ClinicianLevelBody,
} from '@psicocampus/shared/clinician-level';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { asksForPage, pageInfo, readPage, type PageParams } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { startOfDayIn } from '../../lib/service-clock';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import {
  appendRemark,
  countCaseloadAssessments,
  countStudentAssessments,
  findOwnAssessment,
  type OwnAssessment,
  insertAssessment,
  listCaseloadAssessments,
  listRemarks,
  listStudentAssessmentPage,
  listStudentAssessments,
  recordClinicianLevel,
  type CaseloadAssessmentFilters,
} from './assessment.queries';
import { toAssessment, toAssessmentSummary } from './assessment.view';

/** A server in UTC accepts a "today" up to 14 hours ahead (the earliest time zone). */
const DATE_ALLOWANCE_HOURS = 14;

const audited = (action: AuditAction, record: 'assessment' | 'student' = 'assessment') => ({
  ...psychologistOnly,
  config: { audit: { action, record } },
});

export function assessmentNotFound(): HttpError {
  return new HttpError(404, MSG.assessment.notFound);
}

/**
 * The access check of a read of one assessment (its screen, its PDF, its
 * FHIR view): the assessment of the caller's caseload with this id. Another
 * caseload's, an unknown id and a malformed one all answer the same 404
 * (docs/permissions.md#psychologists).
 */
export async function ownAssessmentOr404(
  store: Pick<AppContext, 'db' | 'texts'>,
  userId: string,
  id: unknown,
): Promise<OwnAssessment> {
  const found = isUuid(id) ? await findOwnAssessment(store.db, store.texts, userId, id) : null;
  if (!found) throw assessmentNotFound();
  return found;
}

/**
 * An assessment of the caller's caseload that the caller wrote, for the
 * calls only its author makes (final remarks, the clinician's level): 404
 * for any other caseload's or a malformed id, 403 with `notAuthor` for a
 * colleague's assessment of a student now in the caller's caseload.
 */
async function authoredAssessment(
  store: Pick<AppContext, 'db' | 'texts'>,
  request: FastifyRequest<{ Params: { id: string } }>,
  notAuthor: string,
): Promise<OwnAssessment> {
  const { user } = signedIn(request);
  const found = await ownAssessmentOr404(store, user.id, request.params.id);
  if (!completesAssessment(found.assessment.authorId, user.id)) throw new HttpError(403, notAuthor);
  return found;
}

/** Only the answers of a validated body, in the shape the engine and the PDF read. */
function answersOf(body: AssessmentCreateBody): AssessmentAnswers {
  const answers = emptyAssessmentAnswers();
  for (const key of Object.keys(answers) as Array<keyof AssessmentAnswers>) {
    (answers as unknown as Record<string, unknown>)[key] = body[key];
  }
  return answers;
}

/**
 * The filters and page of 'Evaluaciones' (docs/api.md#assessments): `from`
 * and `to` are days on the service's clock (`timeZone`,
 * docs/decisions.md#one-clock), both included; the page is that of every
 * paged list (docs/api.md#paged-lists). One 400 names every problem.
 */
function readCaseloadQuery(
  query: unknown,
  timeZone: string,
): { filters: CaseloadAssessmentFilters; page: PageParams } {
  const reader = new QueryReader(query);
  const riskLevel = reader.oneOf('riskLevel', RISK_LEVELS);
  const from = reader.day('from');
  const to = reader.day('to');
  const page = readPage(reader);
  reader.done();
  const filters: CaseloadAssessmentFilters = {
    ...(riskLevel ? { riskLevel } : {}),
    ...(from ? { from: startOfDayIn(from, timeZone) } : {}),
    ...(to ? { toExclusive: startOfDayIn(to, timeZone, 1) } : {}),
  };
  return { filters, page };
}

/**
 * A student's assessments (docs/api.md#assessments): by page, the newest
 * first, when asked with `page` or `pageSize` ('Historial de evaluaciones');
 * else every one, the oldest first, as the call first answered, for the
 * clients written against it.
 */
async function studentAssessments(
  { db, texts }: Pick<AppContext, 'db' | 'texts'>,
  studentId: string,
  query: unknown,
) {
  if (!asksForPage(query)) {
    const rows = await listStudentAssessments(db, texts, studentId);
    return { ok: true, assessments: rows.map(toAssessment) };
  }
  const reader = new QueryReader(query);
  const page = readPage(reader, STUDENT_ASSESSMENTS_PAGE_SIZE);
  reader.done();
  const [rows, total] = await Promise.all([
    listStudentAssessmentPage(db, texts, studentId, page),
    countStudentAssessments(db, studentId),
  ]);
  return { ok: true, assessments: rows.map(toAssessment), ...pageInfo(page, total) };
}

/** The Columbia assessments of docs/api.md#assessments and docs/columbia-assessment.md#risk-levels. */
export async function assessmentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerCreateRoute(app, ctx);
  registerReadRoutes(app, ctx);
  registerAuthorRoutes(app, ctx);
}

/** Saving an assessment, its level computed by the server. */
function registerCreateRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  app.post('/api/suicide-assessments', audited('assessment.create'), async (request, reply) => {
    const { user } = signedIn(request);
    const now = ctx.now();
    const schema = assessmentCreateSchema(latestAttemptDate(now, DATE_ALLOWANCE_HOURS));
    const body = await validateBody(schema, request.body);
    const record = await ownStudentOr404(db, user.id, body.student ?? body.studentId);
    // The schema has refused answers that contradict each other; what is left
    // to fill is the default of a question the flow did not ask (items 3–5
    // unanswered under a "No" to item 2 are stored as "No"),
    // docs/columbia-assessment.md#contradicting-answers.
    const answers = normalizeAssessment(answersOf(body));
    // The level is the server's own; a `riskLevel` sent by a client is ignored (docs/columbia-assessment.md#risk-levels).
    const saved = await insertAssessment(db, texts, {
      studentId: record.student.id,
      authorId: user.id,
      answers,
      riskLevel: computeRiskLevel(riskAnswersOf(answers)),
      createdAt: now,
    });
    request.auditRecordId = saved.id;
    void reply.status(201);
    const answer: AssessmentSavedAnswer = {
      ok: true,
      msg: MSG.assessment.saved,
      // What the service's protocol asks next, shown in 'Evaluación Registrada' for a high level
      // (docs/columbia-assessment.md#saving); the text is the operator's (HIGH_RISK_PROTOCOL).
      protocol: isHighRiskLevel(saved.riskLevel) ? ctx.config.highRiskProtocol : null,
      assessment: toAssessment({
        assessment: saved,
        author: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
        },
        remarks: [],
      }),
    };
    return answer;
  });
}

/** The caseload's or a student's assessments, and one of them. */
function registerReadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/suicide-assessments',
    // The record read is the student whose assessments are listed.
    audited('assessment.list', 'student'),
    async (request) => {
      const { user } = signedIn(request);
      const { studentId } = request.query;
      if (studentId !== undefined) {
        // Recorded before the check, so that a refused look at a foreign student names it.
        if (typeof studentId === 'string') request.auditRecordId = studentId;
        // Another caseload's student is a 404 before its page is read, as a student's appointments.
        const record = await ownStudentOr404(db, user.id, studentId);
        return studentAssessments(ctx, record.student.id, request.query);
      }
      // The whole caseload's can grow without end: one page with its total.
      const { filters, page } = readCaseloadQuery(request.query, ctx.config.serviceTimeZone);
      const [rows, total] = await Promise.all([
        listCaseloadAssessments(db, texts, user.id, filters, page),
        countCaseloadAssessments(db, user.id, filters),
      ]);
      return { ok: true, assessments: rows.map(toAssessmentSummary), ...pageInfo(page, total) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/suicide-assessments/:id',
    audited('assessment.read'),
    async (request) => {
      const { user } = signedIn(request);
      const found = await ownAssessmentOr404(ctx, user.id, request.params.id);
      return { ok: true, assessment: toAssessment(found) };
    },
  );
}

/** What only the assessment's author adds: final remarks, the clinician's level. */
function registerAuthorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  app.put<{ Params: { id: string } }>(
    '/api/suicide-assessments/:id/final-remarks',
    audited('assessment.final_remarks'),
    async (request) => {
      const { user } = signedIn(request);
      const found = await authoredAssessment(ctx, request, MSG.assessment.finalRemarksOnlyAuthor);
      const body = await validateBody(finalRemarksSchema, request.body);
      // The call of docs/api.md#assessments keeps its path and body, but each save is a new entry
      // (docs/columbia-assessment.md#final-remarks): nothing earlier is overwritten, two saves at once are
      // both kept, and the assessment itself is never written again.
      const added = await appendRemark(db, texts, {
        assessmentId: found.assessment.id,
        authorId: user.id,
        text: body.finalRemarks,
      });
      // The row names the assessment; its detail, which entry (an id, never the text).
      request.auditDetail = { remarkId: added.id };
      const remarks = await listRemarks(db, texts, found.assessment.id);
      return {
        ok: true,
        msg: MSG.assessment.finalRemarksSaved,
        assessment: toAssessment({ ...found, remarks }),
      };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/suicide-assessments/:id/clinician-level',
    audited('assessment.clinician_level'),
    async (request) => {
      const { user } = signedIn(request);
      const found = await authoredAssessment(ctx, request, CLINICIAN_LEVEL_MSG.onlyAuthor);
      const body = (await validateBody(clinicianLevelSchema, request.body)) as ClinicianLevelBody;
      // Once (docs/columbia-assessment.md#clinicians-level): the engine's level is never
      // touched, and a recorded level is never replaced (migration 0013 refuses it too).
      const saved = await recordClinicianLevel(db, texts, {
        assessmentId: found.assessment.id,
        level: body.level,
        reason: body.reason,
        at: ctx.now(),
        by: user.id,
      });
      if (!saved) throw new HttpError(409, CLINICIAN_LEVEL_MSG.alreadyRecorded);
      // The audit row names the assessment and nothing of the judgement: a level is clinical too.
      return {
        ok: true,
        msg: CLINICIAN_LEVEL_MSG.saved,
        assessment: toAssessment({ ...found, assessment: saved }),
      };
    },
  );
}
