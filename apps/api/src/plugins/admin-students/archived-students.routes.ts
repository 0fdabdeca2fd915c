import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import type { FastifyInstance } from 'fastify';
import { fullName, restoreSchema } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { isUuid } from '../../lib/ids';
import { pageInfo, readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { validateBody } from '../../lib/validate';
import { studentReassignedMail } from '../../mail/templates';
import { adminOnly, signedIn } from '../auth/authenticate';
import { toAdminStudentRow, toArchivedStudentRow } from './admin-student.view';
import {
  countArchivedStudents,
  listArchivedStudents,
  notArchived,
  restoreStudent,
} from './archived-student.queries';

const MAX_SEARCH_LENGTH = 100;

/**
 * Archived students (docs/api.md#archived-students): the administrators
 * list them, counts and dates only, and give one back to a psychologist.
 * Nothing else: an archived student is never edited, assigned from the
 * assignment list, or deleted.
 */
export async function archivedStudentsRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.get(
    '/api/admin/students/archived',
    { ...adminOnly, config: { audit: { action: 'admin.archived_students', record: null } } },
    async (request) => {
      const reader = new QueryReader(request.query);
      const q = reader.text('q', MAX_SEARCH_LENGTH);
      const page = readPage(reader);
      reader.done();
      const [records, total] = await Promise.all([
        listArchivedStudents(db, q, { limit: page.pageSize, offset: page.offset }),
        countArchivedStudents(db, q),
      ]);
      return { ok: true, students: records.map(toArchivedStudentRow), ...pageInfo(page, total) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/students/:id/restore',
    { ...adminOnly, config: { audit: { action: 'student.restore', record: 'student' } } },
    async (request) => {
      const { user: admin } = signedIn(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notArchived();
      const { psychologistId } = await validateBody(restoreSchema, request.body);
      const { record, archivedBy } = await restoreStudent(db, id, psychologistId);
      // Given to someone else than who archived them: that psychologist is
      // told as in a reassignment (docs/decisions.md#e-mail-changes-and-assignments).
      if (archivedBy) {
        await ctx.mail.enqueue(
          studentReassignedMail(archivedBy.email, archivedBy.firstName, {
            by: fullName(admin),
            at: ctx.now(),
            timeZone: ctx.config.serviceTimeZone,
            unassigned: false,
            url: `${ctx.config.publicUrl}/login`,
          }),
          { kind: 'notice', userId: archivedBy.id },
        );
      }
      const psychologist = record.psychologist ? fullName(record.psychologist) : '';
      return {
        ok: true,
        msg: ADMIN_MSG.archived.restored(fullName(record), psychologist),
        student: toAdminStudentRow(record),
      };
    },
  );
}
