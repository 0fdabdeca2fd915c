/**
 * Test data shaped exactly as the API answers it (libs/shared types): a
 * student, saved assessments and the cross-caseload summaries.
 */
import {
  emptyAssessmentAnswers,
  normalizeAssessment,
  STUDENT_ASSESSMENTS_PAGE_SIZE,
  type AssessmentRemark,
  type AssessmentSummary,
  type RiskLevel,
  type Student,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { testPsychologist } from '@psicocampus/shared/testing';

export const STUDENT_ID = '6f1c2b8e-2d4a-4c8e-9f10-1a2b3c4d5e6f';

export const author = {
  _id: testPsychologist.id,
  firstName: testPsychologist.firstName,
  lastName: testPsychologist.lastName,
  email: testPsychologist.email,
};

export function student(overrides: Partial<Student> = {}): Student {
  return {
    _id: STUDENT_ID,
    firstName: 'María José',
    lastName: 'Castillo',
    age: 21,
    gender: 'FEMENINO',
    email: 'mj.castillo@universidad.test',
    phone: '+593 99 123 4567',
    city: 'Quito',
    career: 'Psicología',
    careerLevel: 'QUINTO',
    level: 'QUINTO',
    employmentStatus: 'DESEMPLEADO',
    income: null,
    assignedPsychologist: author,
    latestRisk: null,
    version: 1,
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-01T10:00:00.000Z',
    clinicalNotes: [],
    clinicalNotesTotal: 0,
    ...overrides,
  };
}

let sequence = 0;

/** A saved assessment, as POST /api/suicide-assessments answers it. */
export function savedAssessment(overrides: Partial<SuicideAssessment> = {}): SuicideAssessment {
  sequence += 1;
  return {
    ...normalizeAssessment(emptyAssessmentAnswers()),
    _id: `0000000${sequence}-aaaa-4bbb-8ccc-000000000000`.slice(-36),
    student: STUDENT_ID,
    studentId: STUDENT_ID,
    riskLevel: 'BAJO',
    finalRemarks: '',
    finalRemarksAt: null,
    remarks: [],
    clinicianLevel: null,
    createdBy: author,
    createdAt: '2026-10-01T15:30:00.000Z',
    ...overrides,
  };
}

/** A final remark as the API answers it (docs/columbia-assessment.md#final-remarks), by the test psychologist unless told. */
export function remark(
  text: string,
  createdAt: string,
  createdBy: AssessmentRemark['createdBy'] = author,
): AssessmentRemark {
  sequence += 1;
  return {
    _id: `${String(sequence).padStart(8, '0')}-eeee-4bbb-8ccc-000000000000`,
    text,
    createdAt,
    createdBy,
  };
}

export function summary(
  id: string,
  createdAt: string,
  riskLevel: RiskLevel,
  who: { _id: string; firstName: string; lastName: string } = {
    _id: STUDENT_ID,
    firstName: 'María José',
    lastName: 'Castillo',
  },
): AssessmentSummary {
  return {
    _id: id,
    studentId: who._id,
    student: who,
    riskLevel,
    clinicianLevel: null,
    createdBy: author,
    createdAt,
    hasFinalRemarks: false,
  };
}

/** A PDF answer of the report endpoints. */
export function pdfAnswer(fileName: string): Response {
  return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });
}

/**
 * The server's answer to a page of a student's assessments
 * (`?studentId=&page=&pageSize=`, docs/api.md#assessments): `oldestFirst` is
 * every assessment of the student; the page holds them the newest first.
 */
export function assessmentPageAnswer(oldestFirst: SuicideAssessment[], search: string): Response {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? STUDENT_ASSESSMENTS_PAGE_SIZE);
  const newestFirst = [...oldestFirst].reverse();
  return Response.json({
    ok: true,
    assessments: newestFirst.slice((page - 1) * pageSize, page * pageSize),
    total: oldestFirst.length,
    page,
    pageSize,
  });
}
