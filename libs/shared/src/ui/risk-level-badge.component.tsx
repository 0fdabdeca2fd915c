import { MSG } from '@psicocampus/shared/domain';
import type { RiskLevel } from '@psicocampus/shared/columbia';
import styles from './risk-level-badge.module.css';

/** Marks in front of the label: the level reads without colour too (WCAG 1.4.1). */
export const RISK_LEVEL_MARKS: Record<RiskLevel, string> = {
  BAJO: '●',
  MODERADO: '▲',
  ALTO: '◆',
  MUY_ALTO: '■',
  NO_APLICA: '—',
  INDETERMINADO: '?',
};

/** A risk level as the product shows it: its Spanish label, a mark and a colour. */
export function RiskLevelBadge({ level }: { level: RiskLevel }) {
  return (
    <span className={`${styles.badge} ${styles[level]}`} data-level={level}>
      <span className={styles.mark} aria-hidden="true">
        {RISK_LEVEL_MARKS[level]}
      </span>
      {MSG.assessment.levels[level]}
    </span>
  );
}
