import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditAction } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { PdfRenderer } from '../../reports/pdf/pdf-renderer';
import { listStudentAppointments } from '../appointments/appointment.queries';
import { toAppointment } from '../appointments/appointment.view';
import { listStudentAssessments } from '../assessments/assessment.queries';
import { ownAssessmentOr404 } from '../assessments/assessments.routes';
import { toAssessment } from '../assessments/assessment.view';
import { signedIn } from '../auth/authenticate';
import { listStudentNotes, withSignatures } from '../clinical-notes/clinical-note.queries';
import { toClinicalNote } from '../clinical-notes/clinical-note.view';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import { toStudentSummary } from '../students/student.view';
import { attachment, reportFileName, type DownloadName } from './report-file-name';

type IdParams = { Params: { id: string } };

const audited = (action: AuditAction, record: 'student' | 'assessment') => ({
  ...psychologistOnly,
  config: { audit: { action, record } },
});

/** The PDF as the answer, returned (not sent) so that its audit row is written first. */
export function pdfAnswer(reply: FastifyReply, pdf: Buffer, fileName: DownloadName): Buffer {
  void reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachment(fileName));
  return pdf;
}

/** The two PDF reports of docs/import-and-reports.md#reports (paths as docs/api.md#reports spells them). */
export async function reportsRoutes(
  app: FastifyInstance,
  opts: { ctx: AppContext; pdf: PdfRenderer },
) {
  const { ctx, pdf } = opts;
  const { db } = ctx;

  app.get<IdParams>(
    '/api/pdfreport/student/:id',
    audited('report.student', 'student'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const record = await ownStudentOr404(db, user.id, request.params.id);
      const studentId = record.student.id;
      const [notes, appointments, assessments] = await Promise.all([
        listStudentNotes(db, ctx.texts, studentId).then((notes) =>
          withSignatures(db, ctx.texts, notes),
        ),
        listStudentAppointments(db, studentId),
        listStudentAssessments(db, ctx.texts, studentId),
      ]);
      const now = ctx.now();
      const file = await pdf.render({
        kind: 'student',
        generatedAt: now.toISOString(),
        timeZone: ctx.config.serviceTimeZone,
        student: toStudentSummary(record),
        notes: notes.map(toClinicalNote),
        appointments: appointments.map(toAppointment),
        assessments: assessments.map(toAssessment),
      });
      return pdfAnswer(
        reply,
        file,
        reportFileName('reporte', record.student, now, ctx.config.serviceTimeZone),
      );
    },
  );

  app.get<IdParams>(
    '/api/pdfassessement/:id/report/pdfassessment',
    audited('report.assessment', 'assessment'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      const found = await ownAssessmentOr404(ctx, user.id, id);
      const record = await ownStudentOr404(db, user.id, found.studentId);
      const all = await listStudentAssessments(db, ctx.texts, found.studentId);
      const now = ctx.now();
      const file = await pdf.render({
        kind: 'assessment',
        generatedAt: now.toISOString(),
        timeZone: ctx.config.serviceTimeZone,
        student: {
          _id: record.student.id,
          firstName: record.student.firstName,
          lastName: record.student.lastName,
          email: record.student.email,
          career: record.student.career,
          assignedPsychologist: toStudentSummary(record).assignedPsychologist,
        },
        assessment: toAssessment(found),
        number: all.findIndex((item) => item.assessment.id === id) + 1,
      });
      return pdfAnswer(
        reply,
        file,
        reportFileName('evaluacion', record.student, now, ctx.config.serviceTimeZone),
      );
    },
  );
}
