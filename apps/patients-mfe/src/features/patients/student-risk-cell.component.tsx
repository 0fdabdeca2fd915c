import type { LatestRisk } from '@psicocampus/shared';
import { LevelInForce } from '@psicocampus/shared/clinician-level-ui';
import { AssessedOn, RiskBadge } from '@psicocampus/shared/ui';
import styles from './patients-table.module.css';

/**
 * The 'Nivel de riesgo' cell (docs/screens-and-routes.md#patients-list): the
 * level in force first (the clinician's when recorded, marked so, with the
 * scale's after it when they differ), then the date of that assessment; or
 * 'Sin evaluación'. What the row reads first is what its filter and its
 * order go by.
 */
export function StudentRiskCell({ risk }: { risk: LatestRisk | null }) {
  if (!risk) return <RiskBadge risk={null} />;
  return (
    <span className={styles.riskStack}>
      <LevelInForce engine={risk.level} clinician={risk.clinicianLevel} />
      <AssessedOn at={risk.assessedAt} wrap />
    </span>
  );
}
