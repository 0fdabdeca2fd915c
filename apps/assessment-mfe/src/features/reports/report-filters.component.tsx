import { useId } from 'react';
import { MSG, RISK_LEVELS, type RiskLevel } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { Button } from '@psicocampus/shared/ui';
import type { ReportFilters as Filters } from './use-report-filters';
import styles from './reports.module.css';

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
  active: boolean;
}

/** Level and date range (both dates included) of 'Evaluaciones'. */
export function ReportFilters({ value, onChange, active }: Props) {
  const id = useId();
  const set = (change: Partial<Filters>) => onChange({ ...value, ...change });
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{MSG.assessment.filtersLegend}</legend>
      <div className={styles.filter}>
        <label htmlFor={`${id}-level`}>{MSG.assessment.filterLevel}</label>
        <select
          id={`${id}-level`}
          aria-describedby={`${id}-level-basis`}
          className={styles.control}
          value={value.riskLevel}
          onChange={(event) => set({ riskLevel: event.target.value as RiskLevel | '' })}
        >
          <option value="">{MSG.assessment.allLevels}</option>
          {RISK_LEVELS.map((level) => (
            <option key={level} value={level}>
              {MSG.assessment.levels[level]}
            </option>
          ))}
        </select>
        <span id={`${id}-level-basis`} className={styles.hint}>
          {CLINICIAN_LEVEL_MSG.filterBasis}
        </span>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-from`}>{MSG.assessment.filterFrom}</label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.control}
          value={value.from}
          max={value.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-to`}>{MSG.assessment.filterTo}</label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.control}
          value={value.to}
          min={value.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      {active && (
        <Button
          variant="secondary"
          className={styles.clear}
          onClick={() => onChange({ riskLevel: '', from: '', to: '' })}
        >
          {MSG.assessment.clearFilters}
        </Button>
      )}
    </fieldset>
  );
}
