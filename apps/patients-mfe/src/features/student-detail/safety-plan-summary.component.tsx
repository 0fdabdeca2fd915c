import { Link } from 'react-router-dom';
import { formatDateTime, type Student } from '@psicocampus/shared';
import {
  SAFETY_PLAN_MSG,
  needsSafetyPlan,
  safetyPlanCallText,
} from '@psicocampus/shared/safety-plan';
import { buttonClassName, DefinitionList, Notice, SectionCard } from '@psicocampus/shared/ui';

const P = SAFETY_PLAN_MSG;

/** The level that counts: the clinician's of the latest assessment, else the scale's. */
function levelInForceOf(student: Student) {
  const risk = student.latestRisk;
  return risk ? (risk.clinicianLevel ?? risk.level) : null;
}

/**
 * 'Plan de seguridad' on the student detail: the plan in
 * force (status, version, date) with a link to open or write it, and a call
 * to action while the level in force is high and no complete plan exists.
 */
export function SafetyPlanSummary({ student }: { student: Student }) {
  const plan = student.safetyPlan ?? null;
  const level = levelInForceOf(student);
  const asks = level !== null && needsSafetyPlan(level) && plan?.status !== 'complete';
  return (
    <SectionCard
      title={P.title}
      actions={
        <Link to="safety-plan" className={buttonClassName()}>
          {plan ? (plan.status === 'complete' ? P.open : P.edit) : P.create}
        </Link>
      }
    >
      {asks && <Notice tone="warning">{safetyPlanCallText(level, plan)}</Notice>}
      {plan ? (
        <DefinitionList
          items={[
            { term: P.labels.status, description: P.status[plan.status] },
            { term: P.labels.version, description: String(plan.version) },
            { term: P.labels.savedAt, description: formatDateTime(plan.updatedAt) },
          ]}
        />
      ) : (
        <p>{P.none}</p>
      )}
    </SectionCard>
  );
}
