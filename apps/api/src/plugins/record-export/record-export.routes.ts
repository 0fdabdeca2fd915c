import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '@psicocampus/shared/domain';
import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import {
  RECORD_EXPORT_MAX_CHARACTERS,
  RECORD_EXPORT_MAX_RECORDS,
  RECORD_EXPORT_MSG,
} from '@psicocampus/shared/record-export';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { PdfRenderer } from '../../reports/pdf/pdf-renderer';
import { toAppointment } from '../appointments/appointment.view';
import { toAssessment } from '../assessments/assessment.view';
import { adminOnly, signedIn } from '../auth/authenticate';
import { toClinicalNote } from '../clinical-notes/clinical-note.view';
import { FHIR_PREFIX } from '../fhir/fhir-http';
import { QUESTIONNAIRE_ID } from '../fhir/cssrs-questionnaire';
import { attachment, reportFileName } from '../reports/report-file-name';
import { pdfAnswer } from '../reports/reports.routes';
import { toSafetyPlan } from '../safety-plans/safety-plan.view';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import type { StudentRecord } from '../students/student.queries';
import { toStudentSummary } from '../students/student.view';
import {
  appointmentBatches,
  assessmentBatches,
  findArchivedStudent,
  noteBatches,
  recordSize,
  revisionBatches,
  type RecordSize,
} from './record-export.queries';
import { recordBundleJson } from './record-fhir';

type IdParams = { Params: { id: string }; Querystring: Record<string, unknown> };
type Format = 'pdf' | 'fhir';

const ACTION: Record<Format, AuditAction> = {
  pdf: 'report.record_pdf',
  fhir: 'report.record_fhir',
};

/** A batch's rows, mapped, as they are read: each batch is let go once mapped. */
async function* mapped<Row, View>(
  batches: AsyncIterable<Row[]>,
  view: (row: Row) => View,
): AsyncGenerator<View[]> {
  for await (const batch of batches) yield batch.map(view);
}

async function collect<View>(batches: AsyncIterable<View[]>): Promise<View[]> {
  const all: View[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

/** What an export works with: the server's context, the report workers, the limits. */
interface ExportDeps {
  ctx: AppContext;
  pdf: PdfRenderer;
  limits: { maxRecords: number; maxCharacters: number };
  /** The Questionnaire's canonical URL, where each QuestionnaireResponse points. */
  questionnaireUrl: string;
}

/** The record's size, refused whole past a limit before a single text is read. */
async function sizeWithin(
  { ctx, limits }: ExportDeps,
  request: FastifyRequest,
  studentId: string,
): Promise<RecordSize> {
  const size = await recordSize(ctx.db, studentId);
  request.auditDetail = { records: size.records, characters: size.characters };
  if (size.records > limits.maxRecords || size.characters > limits.maxCharacters) {
    throw new HttpError(
      413,
      RECORD_EXPORT_MSG.tooLarge(
        size.records,
        size.characters,
        limits.maxRecords,
        limits.maxCharacters,
      ),
    );
  }
  return size;
}

/**
 * The PDF: read a batch at a time (at most the limit's worth is held), laid
 * out in the report workers, never on the server's thread
 * (docs/decisions.md#heavy-work-off-the-main-thread).
 */
async function exportPdf(
  deps: ExportDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  record: StudentRecord,
) {
  const { ctx } = deps;
  const { db } = ctx;
  const studentId = record.student.id;
  await sizeWithin(deps, request, studentId);
  const { texts } = ctx;
  const notes = await collect(mapped(noteBatches(db, texts, studentId), toClinicalNote));
  const assessments = await collect(mapped(assessmentBatches(db, texts, studentId), toAssessment));
  const revisions = await collect(mapped(revisionBatches(db, texts, studentId), toSafetyPlan));
  const appointments = await collect(mapped(appointmentBatches(db, studentId), toAppointment));
  const { user } = signedIn(request);
  const now = ctx.now();
  const file = await deps.pdf.render({
    kind: 'record',
    generatedAt: now.toISOString(),
    timeZone: ctx.config.serviceTimeZone,
    student: toStudentSummary(record),
    archivedAt: record.student.archivedAt?.toISOString() ?? null,
    exportedBy: { firstName: user.firstName, lastName: user.lastName, role: user.role },
    notes,
    assessments,
    revisions,
    appointments,
  });
  const name = reportFileName('expediente', record.student, now, ctx.config.serviceTimeZone);
  return pdfAnswer(reply, file, name);
}

/** The Bundle, streamed: each batch is written out as JSON before the next is read. */
async function exportFhir(
  deps: ExportDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  record: StudentRecord,
) {
  const { ctx } = deps;
  const { db } = ctx;
  const studentId = record.student.id;
  await sizeWithin(deps, request, studentId);
  const now = ctx.now();
  const json = recordBundleJson({
    student: toStudentSummary(record),
    archived: record.student.archivedAt !== null,
    questionnaireUrl: deps.questionnaireUrl,
    now,
    assessments: mapped(assessmentBatches(db, ctx.texts, studentId), toAssessment),
    revisions: mapped(revisionBatches(db, ctx.texts, studentId), toSafetyPlan),
    notes: mapped(noteBatches(db, ctx.texts, studentId), toClinicalNote),
    appointments: mapped(appointmentBatches(db, studentId), toAppointment),
  });
  const name = reportFileName(
    'expediente',
    record.student,
    now,
    ctx.config.serviceTimeZone,
    'json',
  );
  void reply
    .type('application/fhir+json; charset=utf-8')
    .header('Content-Disposition', attachment(name));
  return Readable.from(json);
}

/**
 * A student's whole record, handed over on request (docs/api.md#record-export):
 * to their psychologist, and to an administrator for an archived student
 * only, after confirming. Every export is audited (`report.record_pdf`,
 * `report.record_fhir`, naming the student, with how many records it held).
 */
export async function recordExportRoutes(
  app: FastifyInstance,
  opts: { ctx: AppContext; pdf: PdfRenderer },
) {
  const { ctx, pdf } = opts;
  const { db } = ctx;
  const deps: ExportDeps = {
    ctx,
    pdf,
    limits: ctx.config.recordExportLimits ?? {
      maxRecords: RECORD_EXPORT_MAX_RECORDS,
      maxCharacters: RECORD_EXPORT_MAX_CHARACTERS,
    },
    questionnaireUrl: `${ctx.config.publicUrl}${FHIR_PREFIX}/Questionnaire/${QUESTIONNAIRE_ID}`,
  };
  const EXPORTS = { pdf: exportPdf, fhir: exportFhir } as const;

  for (const format of ['pdf', 'fhir'] as const) {
    const audit = { action: ACTION[format], record: 'student' } as const;

    // The student's psychologist: another caseload's student, an archived one
    // and an unknown id answer the same 404 (docs/permissions.md#psychologists).
    app.get<IdParams>(
      `/api/students/:id/export/${format}`,
      { ...psychologistOnly, config: { audit } },
      async (request, reply) => {
        const { user } = signedIn(request);
        const record = await ownStudentOr404(db, user.id, request.params.id);
        return EXPORTS[format](deps, request, reply, record);
      },
    );

    // An administrator: an archived student only (nobody else holds them),
    // and only once the screen asked and the request says so.
    app.get<IdParams>(
      `/api/admin/students/:id/export/${format}`,
      { ...adminOnly, config: { audit } },
      async (request, reply) => {
        const { id } = request.params;
        const record = isUuid(id) ? await findArchivedStudent(db, id) : null;
        if (!record) throw new HttpError(404, ADMIN_MSG.archived.notArchived);
        if (request.query.confirm !== 'true') {
          throw new HttpError(400, RECORD_EXPORT_MSG.confirmRequired);
        }
        return EXPORTS[format](deps, request, reply, record);
      },
    );
  }
}
