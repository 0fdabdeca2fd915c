import type { FastifyInstance } from 'fastify';
import {
  isFullStudentUpdate,
  MSG,
  studentCreateSchema,
  studentEditSchema,
  studentUpdateSchema,
  type AuditAction,
} from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { recordedRead } from '../audit/audit';
import { signedIn } from '../auth/authenticate';
import { withSignatures } from '../clinical-notes/clinical-note.queries';
import { toClinicalNote } from '../clinical-notes/clinical-note.view';
import { refuseBeyondEmbeddedCapacity } from './embedded-capacity';
import { parseStudentListQuery } from './list-query';
import { ownStudentOr404, psychologistOnly, studentNotFound } from './student-access';
import { auditedStudentRevision, readOwnStudentDetail } from './student-detail.queries';
import {
  countCaseload,
  editChanges,
  fullUpdateChanges,
  insertStudent,
  listCaseload,
  studentEmailTaken,
  updateStudentAtVersion,
  type StudentChanges,
} from './student.queries';
import { acceptedEncoding } from '../../lib/compression';
import { RevisionCache } from '../../lib/revision-cache';
import { CaseloadListCache } from './caseload-list-cache';
import { auditedCaseloadRevision } from './student-list.json';
import { toStudent, toStudentSummary } from './student.view';
import { planInForceSummary } from '../safety-plans/safety-plan.queries';
import { toSafetyPlanSummary } from '../safety-plans/safety-plan.view';
import {
  followStudentEmailChange,
  forgetArchivedStudentMail,
} from '../appointments/appointment-reminders';
import { deleteOrArchiveOwnStudent } from './student-archive.queries';

type IdParams = { Params: { id: string } };

/** Some thousand students' details with their first page of notes; the least recently asked go first. */
const STUDENT_DETAILS_MAX_BYTES = 16 * 1024 * 1024;

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'student' as const } },
});

const emailTaken = () => new HttpError(409, MSG.students.emailTaken);

/** The psychologist's students (docs/api.md#students and docs/permissions.md#psychologists): only their own caseload. */
export async function studentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const caseloadLists = new CaseloadListCache(ctx.db);
  const studentDetails = new RevisionCache(STUDENT_DETAILS_MAX_BYTES);
  registerCaseloadRoutes(app, ctx, caseloadLists);
  registerDetailRoute(app, ctx, studentDetails);
  registerEditRoutes(app, ctx);
}

/** The psychologist's caseload: listed, and a student added to it. */
function registerCaseloadRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caseloadLists: CaseloadListCache,
): void {
  const { db } = ctx;
  app.get('/api/students', audited('student.list'), async (request, reply) => {
    const { user } = signedIn(request);
    const query = parseStudentListQuery(request.query);
    if (!query.paged) {
      // Already JSON, built by the database and kept while the caseload does
      // not change, compressed once per change: the hottest answer of the product.
      // The revision that says whether the kept answer is current is read
      // by the statement that writes the read's audit row: one round trip.
      const answer = await caseloadLists.answer(
        user.id,
        acceptedEncoding(request.headers['accept-encoding']),
        (psychologistId) =>
          recordedRead(request, (audit) => auditedCaseloadRevision(db, psychologistId, audit)),
      );
      void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (answer.encoding) void reply.header('content-encoding', answer.encoding);
      return answer.body;
    }
    const { q, page, pageSize } = query;
    const [records, total] = await Promise.all([
      listCaseload(db, user.id, { q, limit: pageSize, offset: (page - 1) * pageSize }),
      countCaseload(db, user.id, q),
    ]);
    return { ok: true, students: records.map(toStudentSummary), total, page, pageSize };
  });

  app.post('/api/students', audited('student.create'), async (request, reply) => {
    const { user } = signedIn(request);
    const body = await validateBody(studentCreateSchema, request.body);
    if (await studentEmailTaken(db, body.email)) throw emailTaken();
    // Two saves of one e-mail at once both pass the check; the index decides.
    const student = await insertStudent(db, body, user.id, ctx.now()).catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
    await refuseBeyondEmbeddedCapacity(ctx, 1);
    request.auditRecordId = student.id;
    void reply.status(201);
    return {
      ok: true,
      msg: MSG.students.created,
      student: toStudentSummary({ student, psychologist: user, latestRisk: null }),
    };
  });
}

/** A student's detail, kept as sent while the caseload's revision holds. */
function registerDetailRoute(
  app: FastifyInstance,
  ctx: AppContext,
  studentDetails: RevisionCache,
): void {
  const { db } = ctx;
  app.get<IdParams>('/api/students/:id', audited('student.read'), async (request, reply) => {
    const { user } = signedIn(request);
    const { id } = request.params;
    if (!isUuid(id)) throw studentNotFound();
    // Kept as sent while the caseload's revision holds; the revision is read
    // by the statement that writes the read's audit row, so a kept detail
    // costs one round trip and no JSON or compression work.
    const answer = await studentDetails.answer(
      `${user.id}:${id}`,
      acceptedEncoding(request.headers['accept-encoding']),
      () => recordedRead(request, (audit) => auditedStudentRevision(db, user.id, id, audit)),
      async () => {
        const detail = await readOwnStudentDetail(db, ctx.texts, user.id, id);
        if (!detail) return null;
        const { record, notes, notesTotal, revision } = detail;
        const [signed, plan] = await Promise.all([
          withSignatures(db, ctx.texts, notes),
          planInForceSummary(db, record.student.id),
        ]);
        const student = {
          ...toStudent(record, signed.map(toClinicalNote), notesTotal),
          safetyPlan: plan && toSafetyPlanSummary(plan),
        };
        return { revision, body: JSON.stringify({ ok: true, student }) };
      },
    );
    if (!answer) throw studentNotFound();
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (answer.encoding) void reply.header('content-encoding', answer.encoding);
    return answer.body;
  });
}

/** A student's data edited, and the student deleted or archived. */
function registerEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.put<IdParams>('/api/students/:id', audited('student.update'), async (request) => {
    const { user } = signedIn(request);
    const record = await ownStudentOr404(db, user.id, request.params.id);
    const { student } = record;
    // The modal sends every field (with the e-mail); the edit screen its subset.
    let changes: StudentChanges;
    let version: number;
    if (isFullStudentUpdate(request.body)) {
      const body = await validateBody(studentUpdateSchema, request.body);
      const emailChanged = body.email.toLowerCase() !== student.email.toLowerCase();
      if (emailChanged && (await studentEmailTaken(db, body.email, student.id))) {
        throw emailTaken();
      }
      changes = fullUpdateChanges(body);
      version = body.version;
    } else {
      const body = await validateBody(studentEditSchema, request.body);
      changes = editChanges(body);
      version = body.version;
    }
    const updated = await updateStudentAtVersion(db, student.id, version, changes, ctx.now()).catch(
      (error: unknown) => {
        throw isUniqueViolation(error) ? emailTaken() : error;
      },
    );
    if (!updated) throw new HttpError(409, MSG.api.conflict);
    if (updated.email !== student.email) await followStudentEmailChange(ctx, student.id);
    return {
      ok: true,
      msg: MSG.students.updated,
      student: toStudentSummary({ ...record, student: updated }),
    };
  });

  /**
   * 'Eliminar' (docs/api.md#students): deleted when the student has no
   * clinical record, archived with every record otherwise; the answer says
   * which, and so does the audit row ('student.archive').
   */
  app.delete<IdParams>('/api/students/:id', audited('student.delete'), async (request) => {
    const { user } = signedIn(request);
    const { id } = request.params;
    if (!isUuid(id)) throw studentNotFound();
    const outcome = await deleteOrArchiveOwnStudent(db, user.id, id, ctx.now());
    if (!outcome) throw studentNotFound();
    if (outcome === 'deleted') return { ok: true, msg: MSG.students.deleted, outcome };
    request.auditAction = 'student.archive';
    await forgetArchivedStudentMail(db, id);
    return { ok: true, msg: MSG.students.archived, outcome };
  });
}
