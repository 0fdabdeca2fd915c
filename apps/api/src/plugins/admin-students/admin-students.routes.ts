import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import type { FastifyInstance } from 'fastify';
import { assignmentSchema, fullName, type AuditAction } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { isUuid } from '../../lib/ids';
import { pageInfo, readPage, type PageParams } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { validateBody } from '../../lib/validate';
import { studentReassignedMail } from '../../mail/templates';
import { adminOnly, signedIn } from '../auth/authenticate';
import {
  adminStudentNotFound,
  assignStudent,
  countAdminStudents,
  findAdminStudent,
  listAdminStudents,
  type AdminStudentFilters,
  type AssignmentChange,
} from './admin-student.queries';
import { toAdminStudentRow } from './admin-student.view';

const MAX_SEARCH_LENGTH = 100;

const ASSIGNMENT_ACTIONS: Record<AssignmentChange, AuditAction> = {
  assign: 'student.assign',
  reassign: 'student.reassign',
  unassign: 'student.unassign',
};

/**
 * `?q=&psychologistId=<uuid>|none&batch=<uuid>&page=&pageSize=`; anything
 * else is a 400 naming the field. One page at a time, with the total of
 * every match (docs/api.md#paged-lists): a service of 10,000 students does
 * not travel whole after every assignment.
 */
function parseAdminStudentQuery(query: unknown): {
  filters: AdminStudentFilters;
  page: PageParams;
} {
  const reader = new QueryReader(query);
  const q = reader.text('q', MAX_SEARCH_LENGTH);
  const psychologistId = reader.uuidOr('psychologistId', 'none');
  const batch = reader.uuid('batch');
  const page = readPage(reader);
  reader.done();
  return { filters: { q, psychologistId, batch }, page };
}

/**
 * The administrators' side of students (docs/permissions.md#administrators and docs/screens-and-routes.md#admin-area): every student of
 * the service with its psychologist, and assigning them. Never a clinical
 * field: the clinical calls stay 403 for an administrator.
 */
export async function adminStudentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get(
    '/api/admin/students',
    { ...adminOnly, config: { audit: { action: 'admin.students', record: null } } },
    async (request) => {
      const { filters, page } = parseAdminStudentQuery(request.query);
      const [records, total] = await Promise.all([
        listAdminStudents(db, filters, { limit: page.pageSize, offset: page.offset }),
        countAdminStudents(db, filters),
      ]);
      return { ok: true, students: records.map(toAdminStudentRow), ...pageInfo(page, total) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/students/:id/assignment',
    { ...adminOnly, config: { audit: { action: 'student.assign', record: 'student' } } },
    async (request) => {
      const { user: admin } = signedIn(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await findAdminStudent(db, id))) throw adminStudentNotFound();
      const { psychologistId } = await validateBody(assignmentSchema, request.body);
      const { record, change, previous } = await assignStudent(db, id, psychologistId ?? null);
      // Taking a student from a psychologist is its own action in the audit
      // viewer, and that psychologist is told (docs/decisions.md#e-mail-changes-and-assignments).
      request.auditAction = ASSIGNMENT_ACTIONS[change];
      if (previous) {
        await ctx.mail.enqueue(
          studentReassignedMail(previous.email, previous.firstName, {
            by: fullName(admin),
            at: ctx.now(),
            timeZone: ctx.config.serviceTimeZone,
            unassigned: change === 'unassign',
            url: `${ctx.config.publicUrl}/login`,
          }),
          { kind: 'notice', userId: previous.id },
        );
      }
      const student = toAdminStudentRow(record);
      const msg = record.psychologist
        ? ADMIN_MSG.assigned(fullName(record), fullName(record.psychologist))
        : ADMIN_MSG.unassignedDone(fullName(record));
      return { ok: true, msg, student };
    },
  );
}
