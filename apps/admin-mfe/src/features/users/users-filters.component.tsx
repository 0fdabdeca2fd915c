import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useId } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@psicocampus/shared';
import type { UsersFilterValues } from './use-users-filters';
import styles from '../../lib/filter-controls.module.css';

interface Props {
  value: UsersFilterValues;
  onChange: (next: UsersFilterValues) => void;
}

/** 'Buscar por nombre o correo...', the role and the state of the account. */
export function UsersFilters({ value, onChange }: Props) {
  const id = useId();
  const M = ADMIN_MSG;
  const set = (change: Partial<UsersFilterValues>) => onChange({ ...value, ...change });
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{M.usersFiltersLegend}</legend>
      <div className={`${styles.filter} ${styles.grow}`}>
        <label htmlFor={`${id}-q`}>{M.searchUsersLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.control}
          placeholder={M.searchUsers}
          value={value.q}
          onChange={(event) => set({ q: event.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-role`}>{M.roleFilter}</label>
        <select
          id={`${id}-role`}
          className={styles.control}
          value={value.role}
          onChange={(event) => set({ role: event.target.value as Role | '' })}
        >
          <option value="">{M.allRoles}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-status`}>{M.statusFilter}</label>
        <select
          id={`${id}-status`}
          className={styles.control}
          value={value.status}
          onChange={(event) => set({ status: event.target.value as UsersFilterValues['status'] })}
        >
          <option value="">{M.allStatuses}</option>
          <option value="active">{M.active}</option>
          <option value="inactive">{M.inactive}</option>
        </select>
      </div>
    </fieldset>
  );
}
