import type { RiskLevel } from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { RiskLevelBadge } from '@psicocampus/shared/ui';
import styles from './levels-side-by-side.module.css';

interface Props {
  /** The engine's level, as stored. */
  engine: RiskLevel;
  /** The clinician's level, when one is recorded. */
  clinician: RiskLevel | null | undefined;
}

/**
 * The engine's level and, once recorded, the clinician's beside it
 * (docs/columbia-assessment.md#clinicians-level), each named, so that neither is read as the other. Without
 * a clinician's level it is the engine's badge alone, as before.
 */
export function LevelsSideBySide({ engine, clinician }: Props) {
  if (!clinician) return <RiskLevelBadge level={engine} />;
  return (
    <span className={styles.levels}>
      <span className={styles.level} data-kind="engine">
        <span className={styles.label}>{CLINICIAN_LEVEL_MSG.engineShort}</span>
        <RiskLevelBadge level={engine} />
      </span>
      <span className={styles.level} data-kind="clinician">
        <span className={styles.label}>{CLINICIAN_LEVEL_MSG.clinicianShort}</span>
        <RiskLevelBadge level={clinician} />
      </span>
    </span>
  );
}
