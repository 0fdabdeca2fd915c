import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useId } from 'react';
import { fullName, type StaffUser } from '@psicocampus/shared';
import type { AssignmentFilterValues } from './use-student-assignment';
import styles from '../../../lib/filter-controls.module.css';

interface Props {
  value: AssignmentFilterValues;
  onChange: (next: AssignmentFilterValues) => void;
  /** Every psychologist, deactivated ones too (they may still have students). */
  psychologists: readonly StaffUser[];
}

/** 'Buscar estudiante...' and the psychologist ('Sin asignar' among them). */
export function AssignmentFilters({ value, onChange, psychologists }: Props) {
  const id = useId();
  const M = ADMIN_MSG;
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{M.studentsFiltersLegend}</legend>
      <div className={`${styles.filter} ${styles.grow}`}>
        <label htmlFor={`${id}-q`}>{M.searchStudentsLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.control}
          placeholder={M.searchStudents}
          value={value.q}
          onChange={(event) => onChange({ ...value, q: event.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-psychologist`}>{M.psychologistFilter}</label>
        <select
          id={`${id}-psychologist`}
          className={styles.control}
          value={value.psychologistId}
          onChange={(event) => onChange({ ...value, psychologistId: event.target.value })}
        >
          <option value="">{M.allPsychologists}</option>
          <option value="none">{M.unassigned}</option>
          {psychologists.map((user) => (
            <option key={user._id} value={user._id}>
              {fullName(user)}
              {user.active ? '' : ` ${M.inactiveSuffix}`}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
