import { formatDate, MSG } from '@psicocampus/shared/domain';
import type { RiskLevel } from '@psicocampus/shared/columbia';
import { RiskLevelBadge } from './risk-level-badge.component';
import { VisuallyHidden } from './visually-hidden.component';
import levelStyles from './risk-level-badge.module.css';
import styles from './risk-badge.module.css';

/** A student's current level: that of their latest assessment (the API's `latestRisk`). */
export interface CurrentRisk {
  level: RiskLevel;
  /** ISO 8601: when that assessment was saved. */
  assessedAt: string;
}

/** The mark of 'Sin evaluación', as the statistics' chart by level draws it. */
const NO_ASSESSMENT_MARK = '○';

/**
 * A student's current risk level (issue 16): the level's badge (text, mark
 * and colour, so it reads without colour too) with the date of the
 * assessment it comes from, or 'Sin evaluación' when there is none. The
 * date wraps under the badge when the box is narrow.
 */
export function RiskBadge({ risk }: { risk: CurrentRisk | null }) {
  if (!risk) {
    return (
      <span className={styles.risk} data-level="SIN_EVALUACION">
        <span className={`${levelStyles.badge} ${styles.none}`}>
          <span className={levelStyles.mark} aria-hidden="true">
            {NO_ASSESSMENT_MARK}
          </span>
          {MSG.currentRisk.none}
        </span>
      </span>
    );
  }
  const date = formatDate(risk.assessedAt);
  return (
    <span className={styles.risk} data-level={risk.level}>
      <RiskLevelBadge level={risk.level} />
      <time className={styles.date} dateTime={risk.assessedAt}>
        <VisuallyHidden>{`${MSG.currentRisk.assessedOn} `}</VisuallyHidden>
        {date}
      </time>
    </span>
  );
}
