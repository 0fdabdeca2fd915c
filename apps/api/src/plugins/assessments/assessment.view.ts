import {
  isRiskLevel,
  type AssessmentRemark,
  type AssessmentSummary,
  type SuicideAssessment,
} from '@psicocampus/shared/columbia';
import type { ClinicianLevel } from '@psicocampus/shared/clinician-level';
import { toStaffRef, type StaffRow } from '../users/staff-ref';
import type {
  AssessmentRecord,
  AssessmentRow,
  CaseloadAssessmentRecord,
  RemarkRecord,
} from './assessment.queries';

function riskLevelOf(value: string) {
  if (!isRiskLevel(value)) throw new Error(`unknown risk level ${value}`);
  return value;
}

/**
 * The clinician's level of the row, or null. Only the assessment's author
 * records it, so its `by` is the author while both accounts exist; when the
 * account is gone both are null ('No asignado').
 */
export function clinicianLevelOf(
  assessment: AssessmentRow,
  author: StaffRow | null,
): ClinicianLevel | null {
  if (!assessment.clinicianLevel || !assessment.clinicianReason || !assessment.clinicianLevelAt) {
    return null;
  }
  const byAuthor = author !== null && author.id === assessment.clinicianLevelBy;
  return {
    level: riskLevelOf(assessment.clinicianLevel),
    reason: assessment.clinicianReason,
    at: assessment.clinicianLevelAt.toISOString(),
    by: byAuthor ? toStaffRef(author) : null,
  };
}

export function toRemark({ remark, author }: RemarkRecord): AssessmentRemark {
  return {
    _id: remark.id,
    text: remark.text,
    createdAt: remark.createdAt.toISOString(),
    createdBy: toStaffRef(author),
  };
}

/**
 * The shape of docs/data-model.md#suicide-assessment: the answers, the student as `student` and `studentId`,
 * the server's level, and the remarks: all of them, with the
 * `finalRemarks` text as the newest one's.
 */
export function toAssessment({ assessment, author, remarks }: AssessmentRecord): SuicideAssessment {
  const entries = remarks.map(toRemark);
  const newest = entries.at(-1);
  return {
    ...assessment.answers,
    _id: assessment.id,
    student: assessment.studentId,
    studentId: assessment.studentId,
    riskLevel: riskLevelOf(assessment.riskLevel),
    finalRemarks: newest?.text ?? '',
    finalRemarksAt: newest?.createdAt ?? null,
    remarks: entries,
    clinicianLevel: clinicianLevelOf(assessment, author),
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
    clinicianLevel: clinicianLevelOf(assessment, author),
    createdBy: toStaffRef(author),
    createdAt: assessment.createdAt.toISOString(),
    hasFinalRemarks: record.hasRemarks,
  };
}
