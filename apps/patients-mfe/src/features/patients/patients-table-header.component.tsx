import { MSG } from '@psicocampus/shared';
import { VisuallyHidden } from '@psicocampus/shared/ui';
import type { RiskSort } from './risk-view';
import styles from './patients-table.module.css';

const SORT_ARROWS: Record<RiskSort, string> = { none: '↕', descending: '↓', ascending: '↑' };
const SORT_NAMES = {
  descending: MSG.currentRisk.sortedDescending,
  ascending: MSG.currentRisk.sortedAscending,
} as const;

interface Props {
  /** The order of the 'Nivel de riesgo' column, and what its header's button does. */
  riskSort: RiskSort;
  onRiskSort: () => void;
}

/** The column headings; 'Nivel de riesgo' is a button that sorts, and says how it is sorted. */
export function PatientsTableHeader({ riskSort, onRiskSort }: Props) {
  return (
    <div role="rowgroup" className={styles.head}>
      <div role="row" aria-rowindex={1} className={styles.row}>
        <div role="columnheader" className={styles.otherHeader}>
          {MSG.students.columnStudent}
        </div>
        <div role="columnheader" aria-sort={riskSort} className={styles.riskHeader}>
          <button
            type="button"
            className={styles.sortButton}
            title={MSG.currentRisk.sortBy}
            onClick={onRiskSort}
          >
            {MSG.currentRisk.column}
            <span className={styles.sortArrow} aria-hidden="true">
              {SORT_ARROWS[riskSort]}
            </span>
            {riskSort !== 'none' && <VisuallyHidden>{` (${SORT_NAMES[riskSort]})`}</VisuallyHidden>}
          </button>
        </div>
        <div role="columnheader" className={styles.otherHeader}>
          {MSG.students.columnEmail}
        </div>
        <div role="columnheader" className={styles.otherHeader}>
          {MSG.students.columnCareer}
        </div>
        <div role="columnheader" className={`${styles.otherHeader} ${styles.actionsHeader}`}>
          {MSG.students.columnActions}
        </div>
      </div>
    </div>
  );
}
