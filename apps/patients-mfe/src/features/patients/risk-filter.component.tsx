import { useId } from 'react';
import { MSG } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { RISK_FILTERS, type RiskFilter } from './risk-view';
import styles from './patients-list.module.css';

function optionLabel(filter: RiskFilter): string {
  if (filter === 'ALL') return MSG.currentRisk.filterAll;
  if (filter === 'SIN_EVALUACION') return MSG.currentRisk.none;
  return MSG.assessment.levels[filter];
}

interface Props {
  value: RiskFilter;
  onChange: (filter: RiskFilter) => void;
}

/**
 * 'Filtrar por nivel de riesgo': one level, 'Sin evaluación', or every
 * student, by the level in force, which it says
 * (docs/columbia-assessment.md#clinicians-level).
 */
export function RiskFilterSelect({ value, onChange }: Props) {
  const id = useId();
  const basisId = `${id}-basis`;
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {MSG.currentRisk.filterLabel}
      </label>
      <select
        id={id}
        aria-describedby={basisId}
        className={styles.filterSelect}
        value={value}
        onChange={(event) => onChange(event.target.value as RiskFilter)}
      >
        {RISK_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {optionLabel(filter)}
          </option>
        ))}
      </select>
      <span id={basisId} className={styles.filterBasis}>
        {CLINICIAN_LEVEL_MSG.listBasis}
      </span>
    </div>
  );
}
