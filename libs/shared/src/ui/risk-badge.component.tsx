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
 * A student's current risk level (docs/screens-and-routes.md#patients-list): the level's badge (text, mark
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
  return (
    <span className={styles.risk} data-level={risk.level}>
      <RiskLevelBadge level={risk.level} />
      <AssessedOn at={risk.assessedAt} />
    </span>
  );
}

/**
 * The date of the assessment a level comes from, read as 'evaluado el 3 de
 * marzo de 2026' by a screen reader. `wrap`: the date may break between its
 * words in a narrow cell (never inside one), rather than be cut.
 */
export function AssessedOn({ at, wrap = false }: { at: string; wrap?: boolean }) {
  return (
    <time className={wrap ? `${styles.date} ${styles.wraps}` : styles.date} dateTime={at}>
      <VisuallyHidden>{`${MSG.currentRisk.assessedOn} `}</VisuallyHidden>
      {formatDate(at)}
    </time>
  );
}
