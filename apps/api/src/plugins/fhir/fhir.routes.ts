import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, type AuditAction } from '@psicocampus/shared/domain';
import { FHIR_MSG } from '@psicocampus/shared/fhir';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import type { AuditDetail, AuditRecordType } from '../audit/audit';
import { listStudentAssessments } from '../assessments/assessment.queries';
import { ownAssessmentOr404 } from '../assessments/assessments.routes';
import { toAssessment } from '../assessments/assessment.view';
import { signedIn } from '../auth/authenticate';
import { errorAnswer } from '../errors';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import type { StudentRecord } from '../students/student.queries';
import { capabilityStatement } from './capability-statement';
import { cssrsQuestionnaire, QUESTIONNAIRE_ID } from './cssrs-questionnaire';
import {
  FHIR_PREFIX,
  fhirReply,
  negotiateFhirType,
  operationOutcome,
  rememberFhirType,
} from './fhir-http';
import type { Bundle } from './fhir-types';
import { toQuestionnaireResponse, type ResponseSubject } from './questionnaire-response';

/** What a FHIR read adds to its audit row: which view of the record was read (never its content). */
const FHIR_AUDIT: AuditDetail = { format: 'fhir' };

/**
 * The assessments are clinical records: the same permissions and audit as
 * the assessment's PDF (plugins/reports): a psychologist's own caseload only,
 * 403 for an administrator, one audit row per call.
 */
const audited = (action: AuditAction, record: AuditRecordType) => ({
  ...psychologistOnly,
  config: { audit: { action, record } },
});

const subjectOf = (record: StudentRecord): ResponseSubject => ({
  student: {
    id: record.student.id,
    firstName: record.student.firstName,
    lastName: record.student.lastName,
  },
});

/**
 * The student a search names: `subject=Patient/{id}` (or the bare id), once.
 * Whether it is the caller's is `ownStudentOr404`'s to say.
 */
function searchedStudent(query: Record<string, unknown>): string {
  const { subject } = query;
  const id = typeof subject === 'string' ? subject.trim().replace(/^Patient\//, '') : '';
  if (!id) throw new HttpError(400, FHIR_MSG.subjectRequired);
  return id;
}

/**
 * The Columbia assessment in FHIR R4 (docs/api.md#fhir), under
 * /api/fhir: the form as a Questionnaire, each assessment as a
 * QuestionnaireResponse, a student's as a searchset Bundle. Answers are
 * `application/fhir+json` (or `application/json` when that is what the
 * client asks for); every refusal, an OperationOutcome with the API's
 * Spanish message.
 */
export async function fhirRoutes(app: FastifyInstance, opts: { ctx: AppContext; version: string }) {
  const { ctx, version } = opts;
  const { db } = ctx;
  const base = `${ctx.config.publicUrl}${FHIR_PREFIX}`;
  const questionnaireUrl = `${base}/Questionnaire/${QUESTIONNAIRE_ID}`;

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request);
    if (headers) void reply.headers(headers);
    return fhirReply(reply.status(status), request).send(operationOutcome(status, body.msg));
  });
  app.setNotFoundHandler((request, reply) =>
    fhirReply(reply.status(404), request).send(operationOutcome(404, MSG.api.routeNotFound)),
  );
  app.addHook('preHandler', async (request) => {
    const type = negotiateFhirType(request);
    if (!type) throw new HttpError(406, FHIR_MSG.notAcceptable);
    rememberFhirType(request, type);
  });

  // What the server offers, and the form: neither holds anyone's data, and a
  // canonical URL must resolve for whoever validates a response against it.
  const PUBLIC = { config: { public: true } } as const;
  const started = new Date().toISOString();
  app.get('/metadata', PUBLIC, async (request, reply) => {
    fhirReply(reply, request);
    return capabilityStatement(base, version, started);
  });
  app.get(`/Questionnaire/${QUESTIONNAIRE_ID}`, PUBLIC, async (request, reply) => {
    fhirReply(reply, request);
    return cssrsQuestionnaire(questionnaireUrl, version);
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    '/QuestionnaireResponse',
    audited('assessment.list', 'student'),
    async (request, reply) => {
      const { user } = signedIn(request);
      request.auditDetail = FHIR_AUDIT;
      const studentId = searchedStudent(request.query);
      // Recorded before the check, so that a refused look at a foreign student names it.
      request.auditRecordId = studentId;
      const record = await ownStudentOr404(db, user.id, studentId);
      const rows = await listStudentAssessments(db, ctx.texts, record.student.id);
      const subject = subjectOf(record);
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        total: rows.length,
        link: [
          {
            relation: 'self',
            url: `${base}/QuestionnaireResponse?subject=${encodeURIComponent(`Patient/${record.student.id}`)}`,
          },
        ],
        entry: rows.map((row) => ({
          fullUrl: `${base}/QuestionnaireResponse/${row.assessment.id}`,
          resource: toQuestionnaireResponse(toAssessment(row), subject, questionnaireUrl),
          search: { mode: 'match' as const },
        })),
      };
      fhirReply(reply, request);
      return bundle;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/QuestionnaireResponse/:id',
    audited('assessment.read', 'assessment'),
    async (request, reply) => {
      const { user } = signedIn(request);
      request.auditDetail = FHIR_AUDIT;
      const found = await ownAssessmentOr404(ctx, user.id, request.params.id);
      const record = await ownStudentOr404(db, user.id, found.studentId);
      fhirReply(reply, request);
      return toQuestionnaireResponse(toAssessment(found), subjectOf(record), questionnaireUrl);
    },
  );
}
