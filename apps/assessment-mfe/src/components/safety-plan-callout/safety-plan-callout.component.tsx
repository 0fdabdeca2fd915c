import { Link } from 'react-router-dom';
import type { SuicideAssessment } from '@psicocampus/shared';
import { levelInForce } from '@psicocampus/shared/clinician-level';
import {
  SAFETY_PLAN_MSG,
  needsSafetyPlan,
  safetyPlanCallText,
  type SafetyPlanSummary,
} from '@psicocampus/shared/safety-plan';
import { Notice } from '@psicocampus/shared/ui';
import { safetyPlanPath } from '../../lib/paths';
import styles from './safety-plan-callout.module.css';

const P = SAFETY_PLAN_MSG;

interface Props {
  assessment: Pick<SuicideAssessment, '_id' | 'studentId' | 'riskLevel' | 'clinicianLevel'>;
  /** The student's plan in force, when known (undefined: not known here). */
  plan?: SafetyPlanSummary | null;
  /** Announced when it appears (false where a dialog already says the level). */
  live?: boolean;
}

/**
 * What 'Evaluación Registrada' asks when the level in force (the
 * clinician's, else the scale's) is ALTO or MUY_ALTO (docs/columbia-assessment.md#clinicians-level): a safety
 * plan, with a link to the patients remote's screen for it. Nothing below
 * that level.
 */
export function SafetyPlanCallout({ assessment, plan, live = true }: Props) {
  const level = levelInForce(assessment);
  if (!needsSafetyPlan(level)) return null;
  const complete = plan?.status === 'complete' ? plan : null;
  return (
    <Notice tone={complete ? 'info' : 'warning'} live={live}>
      <p className={styles.title}>{P.neededTitle}</p>
      <p className={styles.text}>
        {complete ? P.completeNote(String(complete.version)) : safetyPlanCallText(level, plan)}
      </p>
      <Link className={styles.link} to={safetyPlanPath(assessment.studentId, assessment._id)}>
        {complete ? P.open : plan ? P.edit : P.create}
      </Link>
    </Notice>
  );
}
