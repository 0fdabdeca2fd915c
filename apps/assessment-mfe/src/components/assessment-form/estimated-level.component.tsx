import { useMemo } from 'react';
import {
  computeRiskLevel,
  MSG,
  normalizeAssessment,
  riskAnswersOf,
  type AssessmentAnswers,
  type RiskLevel,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { RiskLevelBadge } from '@psicocampus/shared/ui';
import styles from './assessment-form.module.css';

/**
 * The level under the form (docs/columbia-assessment.md#risk-levels): estimated live from the answers,
 * or, once saved, the one the server computed. Not shown while
 * INDETERMINADO; the decision-aid line always is.
 */
export function EstimatedLevel({ savedLevel }: { savedLevel?: RiskLevel }) {
  const { values } = useFormikContext<AssessmentAnswers>();
  const liveLevel = useMemo(
    () => computeRiskLevel(riskAnswersOf(normalizeAssessment(values))),
    [values],
  );
  const level = savedLevel ?? liveLevel;
  return (
    <div className={styles.estimate} role="status" aria-live="polite">
      {level !== 'INDETERMINADO' && (
        <p className={styles.estimateLine}>
          {MSG.assessment.estimatedLevel}: <RiskLevelBadge level={level} />
        </p>
      )}
      <p className={styles.decisionAid}>{MSG.assessment.decisionAid}</p>
    </div>
  );
}
