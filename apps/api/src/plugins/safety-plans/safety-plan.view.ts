import {
  SAFETY_PLAN_SECTION_KEYS,
  type SafetyPlan,
  type SafetyPlanRevision,
  type SafetyPlanSections,
  type SafetyPlanStatus,
  type SafetyPlanSummary,
} from '@psicocampus/shared/safety-plan';
import { toStaffRef } from '../users/staff-ref';
import type { SafetyPlanRecord, SafetyPlanRevisionRecord } from './safety-plan.queries';

export function toSafetyPlan({ revision, author }: SafetyPlanRecord): SafetyPlan {
  const sections = Object.fromEntries(
    SAFETY_PLAN_SECTION_KEYS.map((key) => [key, revision[key]]),
  ) as SafetyPlanSections;
  return {
    _id: revision.id,
    studentId: revision.studentId,
    version: revision.version,
    status: revision.status as SafetyPlanStatus,
    ...sections,
    assessmentId: revision.assessmentId,
    createdAt: revision.createdAt.toISOString(),
    createdBy: toStaffRef(author),
  };
}

export function toSafetyPlanRevision({
  revision,
  author,
}: SafetyPlanRevisionRecord): SafetyPlanRevision {
  return {
    version: revision.version,
    status: revision.status as SafetyPlanStatus,
    createdAt: revision.createdAt.toISOString(),
    createdBy: toStaffRef(author),
  };
}

/** What the student detail shows of the plan in force. */
export function toSafetyPlanSummary(
  revision: Pick<SafetyPlanRevisionRecord['revision'], 'version' | 'status' | 'createdAt'>,
): SafetyPlanSummary {
  return {
    version: revision.version,
    status: revision.status as SafetyPlanStatus,
    updatedAt: revision.createdAt.toISOString(),
  };
}
