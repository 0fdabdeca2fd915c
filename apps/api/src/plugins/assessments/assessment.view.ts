import {
  isRiskLevel,
  type AssessmentSummary,
  type SuicideAssessment,
} from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AssessmentRecord, CaseloadAssessmentRecord } from './assessment.queries';

function riskLevelOf(value: string) {
  if (!isRiskLevel(value)) throw new Error(`unknown risk level ${value}`);
  return value;
}

/** SEED §3's shape: the answers, the student as `student` and `studentId`, the server's level. */
export function toAssessment({ assessment, author }: AssessmentRecord): SuicideAssessment {
  return {
    ...assessment.answers,
    _id: assessment.id,
    student: assessment.studentId,
    studentId: assessment.studentId,
    riskLevel: riskLevelOf(assessment.riskLevel),
    finalRemarks: assessment.finalRemarks,
    finalRemarksAt: assessment.finalRemarksAt?.toISOString() ?? null,
    createdBy: toStaffRef(author),
    createdAt: assessment.createdAt.toISOString(),
  };
}

export function toAssessmentSummary(record: CaseloadAssessmentRecord): AssessmentSummary {
  const { assessment, author, student } = record;
  return {
    _id: assessment.id,
    studentId: assessment.studentId,
    student: { _id: student.id, firstName: student.firstName, lastName: student.lastName },
    riskLevel: riskLevelOf(assessment.riskLevel),
    createdBy: toStaffRef(author),
    createdAt: assessment.createdAt.toISOString(),
    hasFinalRemarks: assessment.finalRemarks !== '',
  };
}
