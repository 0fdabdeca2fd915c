import { useId } from 'react';
import { fullName, MSG, type AuditAction, type StaffUser } from '@psicocampus/shared';
import { AUDIT_ACTION_LABELS, EVERY_AUDIT_ACTION } from '@psicocampus/shared/audit-labels';
import { Button } from '@psicocampus/shared/ui';
import { NO_AUDIT_FILTERS, type AuditFilterValues } from './use-audit-filters';
import styles from '../../lib/filter-controls.module.css';

interface Props {
  value: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
  active: boolean;
  users: readonly StaffUser[];
}

/** Who, what and when (both dates included), applied as they change. */
export function AuditFilters({ value, onChange, active, users }: Props) {
  const id = useId();
  const A = MSG.audit;
  const set = (change: Partial<AuditFilterValues>) => onChange({ ...value, ...change });
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{A.filtersLegend}</legend>
      <div className={styles.filter}>
        <label htmlFor={`${id}-user`}>{A.filterUser}</label>
        <select
          id={`${id}-user`}
          className={styles.control}
          value={value.userId}
          onChange={(event) => set({ userId: event.target.value })}
        >
          <option value="">{A.allUsers}</option>
          {users.map((user) => (
            <option key={user._id} value={user._id}>
              {fullName(user)} ({user.email})
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-action`}>{A.filterAction}</label>
        <select
          id={`${id}-action`}
          className={styles.control}
          value={value.action}
          onChange={(event) => set({ action: event.target.value as AuditAction | '' })}
        >
          <option value="">{A.allActions}</option>
          {EVERY_AUDIT_ACTION.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-from`}>{A.filterFrom}</label>
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
        <label htmlFor={`${id}-to`}>{A.filterTo}</label>
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
        <Button variant="secondary" onClick={() => onChange(NO_AUDIT_FILTERS)}>
          {A.clear}
        </Button>
      )}
    </fieldset>
  );
}
