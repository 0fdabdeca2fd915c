import type { LatestRisk } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { RiskBadge, RiskLevelBadge } from '@psicocampus/shared/ui';
import styles from './patients-table.module.css';

/**
 * The 'Nivel de riesgo' cell: the scale's level with its date and, when the
 * latest assessment has one, the clinician's level beside it (issue 19 §1:
 * both wherever the level appears; the filter and the order go by the
 * clinician's).
 */
export function StudentRiskCell({ risk }: { risk: LatestRisk | null }) {
  if (!risk?.clinicianLevel) return <RiskBadge risk={risk} />;
  return (
    <>
      <span className={styles.riskSource}>{CLINICIAN_LEVEL_MSG.engineShort}</span>{' '}
      <RiskBadge risk={risk} />{' '}
      <span className={styles.riskSource}>{CLINICIAN_LEVEL_MSG.clinicianShort}</span>{' '}
      <RiskLevelBadge level={risk.clinicianLevel} />
    </>
  );
}
