import { useId } from 'react';
import { MSG } from '@psicocampus/shared';
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

/** 'Filtrar por nivel de riesgo': one level, 'Sin evaluación', or every student (issue 16). */
export function RiskFilterSelect({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {MSG.currentRisk.filterLabel}
      </label>
      <select
        id={id}
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
    </div>
  );
}
