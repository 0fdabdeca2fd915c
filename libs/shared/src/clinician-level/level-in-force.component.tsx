import type { RiskLevel } from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG, levelInForce } from '@psicocampus/shared/clinician-level';
import { RiskLevelBadge } from '@psicocampus/shared/ui';
import styles from './level-in-force.module.css';

interface Props {
  /** The scale's (engine's) level, as stored. */
  engine: RiskLevel;
  /** The clinician's level, when one is recorded. */
  clinician: RiskLevel | null | undefined;
}

/**
 * A level in a list's cell (docs/columbia-assessment.md#clinicians-level):
 * the level in force first, as its badge, marked 'Clínico' when it is the
 * clinician's; the scale's after it, smaller and named, only when the two
 * differ. What the psychologist decided is what the row reads first, and
 * what its filter and its order go by.
 */
export function LevelInForce({ engine, clinician }: Props) {
  const level = levelInForce({
    riskLevel: engine,
    clinicianLevel: clinician ? { level: clinician } : null,
  });
  const differs = !!clinician && clinician !== engine;
  return (
    <span className={styles.levels}>
      <span className={styles.inForce} data-level-in-force={level}>
        <RiskLevelBadge level={level} />
        {clinician && (
          <span className={styles.mark}>
            {differs ? CLINICIAN_LEVEL_MSG.inForceMark : CLINICIAN_LEVEL_MSG.inForceMarkSame}
          </span>
        )}
      </span>
      {differs && (
        <span className={styles.scale} data-kind="engine">
          <span className={styles.label}>{CLINICIAN_LEVEL_MSG.engineShort}</span>
          <RiskLevelBadge level={engine} />
        </span>
      )}
    </span>
  );
}
