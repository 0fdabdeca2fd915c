import { formatDateTime, fullName } from '@psicocampus/shared';
import { SAFETY_PLAN_MSG, type SafetyPlanRevision } from '@psicocampus/shared/safety-plan';

const P = SAFETY_PLAN_MSG;

const authorOf = (revision: SafetyPlanRevision) =>
  revision.createdBy ? fullName(revision.createdBy) : P.unknownAuthor;

/** 'Versión 2 · Completo · guardada por Lucía Fernández el …'. */
export function versionLine(revision: SafetyPlanRevision) {
  return P.versionLine(
    String(revision.version),
    P.status[revision.status],
    authorOf(revision),
    formatDateTime(revision.createdAt),
  );
}
