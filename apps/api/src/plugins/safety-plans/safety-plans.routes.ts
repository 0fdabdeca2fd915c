import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '@psicocampus/shared/domain';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_REVISIONS_PAGE_SIZE,
  SAFETY_PLAN_VERSION_MAX,
  safetyPlanSchema,
  type SafetyPlanAnswer,
  type SafetyPlanBody,
  type SafetyPlanRevisionsPage,
} from '@psicocampus/shared/safety-plan';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { pageInfo, readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { validateBody } from '../../lib/validate';
import type { PdfRenderer } from '../../reports/pdf/pdf-renderer';
import { findOwnAssessment } from '../assessments/assessment.queries';
import { toAssessment } from '../assessments/assessment.view';
import { signedIn } from '../auth/authenticate';
import { reportFileName } from '../reports/report-file-name';
import { pdfAnswer } from '../reports/reports.routes';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import { appendRevision, countRevisions, findRevision, listRevisions } from './safety-plan.queries';
import { toSafetyPlan, toSafetyPlanRevision } from './safety-plan.view';

type StudentParams = { Params: { id: string }; Querystring: Record<string, unknown> };

// Every call names the student (the record of docs/permissions.md#clinical-records it belongs to);
// the detail says which version and status, never a section's text.
const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'student' as const } },
});

/** `?version=N`: a revision's number, or undefined for the plan in force. */
function requestedVersion(query: Record<string, unknown>): number | undefined {
  const raw = query.version;
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= SAFETY_PLAN_VERSION_MAX)) {
    throw new HttpError(400, SAFETY_PLAN_MSG.versionInvalid);
  }
  return value;
}

async function planAnswer(
  { db, texts }: Pick<AppContext, 'db' | 'texts'>,
  studentId: string,
  version?: number,
): Promise<SafetyPlanAnswer> {
  // A plan revised for years has many revisions: only the newest page comes with it
  // (docs/api.md#safety-plan); the others, from the revisions' own call.
  const [plan, revisions, revisionsTotal] = await Promise.all([
    findRevision(db, texts, studentId, version),
    listRevisions(db, studentId, { pageSize: SAFETY_PLAN_REVISIONS_PAGE_SIZE, offset: 0 }),
    countRevisions(db, studentId),
  ]);
  if (version !== undefined && !plan) throw new HttpError(404, SAFETY_PLAN_MSG.revisionNotFound);
  return {
    ok: true,
    safetyPlan: plan && toSafetyPlan(plan),
    revisions: revisions.map(toSafetyPlanRevision),
    revisionsTotal,
  };
}

/**
 * The assessment a save names: one of this student's (else 400). A save
 * that names none keeps the one the plan already had, so that the plan
 * still says which assessment asked for it.
 */
async function assessmentOfSave(
  { db, texts }: Pick<AppContext, 'db' | 'texts'>,
  psychologistId: string,
  studentId: string,
  body: SafetyPlanBody,
  previous: string | null,
): Promise<string | null> {
  if (body.assessmentId === undefined) return previous;
  if (body.assessmentId === null) return null;
  const found = await findOwnAssessment(db, texts, psychologistId, body.assessmentId);
  if (!found || found.studentId !== studentId) {
    throw new HttpError(400, SAFETY_PLAN_MSG.assessmentNotOfStudent, [
      { field: 'assessmentId', msg: SAFETY_PLAN_MSG.assessmentNotOfStudent },
    ]);
  }
  return found.assessment.id;
}

/** A student's safety plan (docs/api.md#safety-plan): same access as the student's record. */
export async function safetyPlansRoutes(
  app: FastifyInstance,
  opts: { ctx: AppContext; pdf: PdfRenderer },
) {
  const { ctx, pdf } = opts;
  registerReadRoutes(app, ctx);
  registerSaveRoute(app, ctx);
  registerPdfRoute(app, ctx, pdf);
}

/** The plan in force or one of its versions, and the page of its revisions. */
function registerReadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<StudentParams>(
    '/api/students/:id/safety-plan',
    audited('safety_plan.read'),
    async (request) => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const version = requestedVersion(request.query);
      const answer = await planAnswer(ctx, student.id, version);
      request.auditDetail = { version: answer.safetyPlan?.version ?? null };
      return answer;
    },
  );

  // The revisions past the plan's first page ('Versiones anteriores', docs/api.md#paged-lists):
  // newest first, without their text; audited as the plan's read, naming the student.
  app.get<StudentParams>(
    '/api/students/:id/safety-plan/revisions',
    audited('safety_plan.read'),
    async (request): Promise<SafetyPlanRevisionsPage> => {
      const { user } = signedIn(request);
      const reader = new QueryReader(request.query);
      const page = readPage(reader, SAFETY_PLAN_REVISIONS_PAGE_SIZE);
      reader.done();
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const [revisions, total] = await Promise.all([
        listRevisions(db, student.id, page),
        countRevisions(db, student.id),
      ]);
      request.auditDetail = { revisionsPage: page.page };
      return { ok: true, revisions: revisions.map(toSafetyPlanRevision), ...pageInfo(page, total) };
    },
  );
}

/** A save: a new revision on top of the one it was read at. */
function registerSaveRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.put<StudentParams>(
    '/api/students/:id/safety-plan',
    audited('safety_plan.save'),
    async (request) => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const body = (await validateBody(safetyPlanSchema, request.body)) as SafetyPlanBody;
      const current = await findRevision(db, ctx.texts, student.id);
      // A save goes on from the version it was read at: anything else would
      // overwrite a revision its author never saw.
      if (body.version !== (current?.revision.version ?? 0)) {
        throw new HttpError(409, SAFETY_PLAN_MSG.stale);
      }
      const assessmentId = await assessmentOfSave(
        ctx,
        user.id,
        student.id,
        body,
        current?.revision.assessmentId ?? null,
      );
      const saved = await appendRevision(db, ctx.texts, {
        studentId: student.id,
        version: body.version + 1,
        status: body.status,
        warningSigns: body.warningSigns,
        copingStrategies: body.copingStrategies,
        socialDistractions: body.socialDistractions,
        helpContacts: body.helpContacts,
        professionalContacts: body.professionalContacts,
        safeEnvironment: body.safeEnvironment,
        reasonForLiving: body.reasonForLiving,
        assessmentId,
        authorId: user.id,
      });
      // Saved from the same version a moment earlier: the unique index kept the first.
      if (!saved) throw new HttpError(409, SAFETY_PLAN_MSG.stale);
      request.auditDetail = { version: saved.version, status: saved.status };
      return {
        ...(await planAnswer(ctx, student.id)),
        msg:
          saved.status === 'complete' ? SAFETY_PLAN_MSG.savedComplete : SAFETY_PLAN_MSG.savedDraft,
      };
    },
  );
}

/** The plan as a PDF to hand the student. */
function registerPdfRoute(app: FastifyInstance, ctx: AppContext, pdf: PdfRenderer): void {
  const { db } = ctx;
  app.get<StudentParams>(
    '/api/students/:id/safety-plan/pdf',
    audited('report.safety_plan'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const version = requestedVersion(request.query);
      const found = await findRevision(db, ctx.texts, student.id, version);
      if (!found) {
        throw new HttpError(
          404,
          version === undefined ? SAFETY_PLAN_MSG.noPlan : SAFETY_PLAN_MSG.revisionNotFound,
        );
      }
      const plan = toSafetyPlan(found);
      const assessment = plan.assessmentId
        ? await findOwnAssessment(db, ctx.texts, user.id, plan.assessmentId)
        : null;
      request.auditDetail = { version: plan.version };
      const now = ctx.now();
      const file = await pdf.render({
        kind: 'safety_plan',
        generatedAt: now.toISOString(),
        timeZone: ctx.config.serviceTimeZone,
        student: { _id: student.id, firstName: student.firstName, lastName: student.lastName },
        plan,
        servicePhone: ctx.config.servicePhone,
        crisisLine: ctx.config.crisisLine,
        assessment: assessment && toAssessment(assessment),
      });
      return pdfAnswer(
        reply,
        file,
        reportFileName('plan-de-seguridad', student, now, ctx.config.serviceTimeZone),
      );
    },
  );
}
