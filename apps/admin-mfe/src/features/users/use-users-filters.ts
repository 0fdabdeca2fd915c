import { useMemo, useState } from 'react';
import type { Role, UsersFilters } from '@psicocampus/shared';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface UsersFilterValues {
  q: string;
  role: Role | '';
  status: 'active' | 'inactive' | '';
}

export const NO_USER_FILTERS: UsersFilterValues = { q: '', role: '', status: '' };

/**
 * The search box and the role and status filters of the users list. The
 * server searches (GET /api/users?q=&role=&status=); the typed text is sent
 * once the user pauses.
 */
export function useUsersFilters() {
  const [values, setValues] = useState<UsersFilterValues>(NO_USER_FILTERS);
  const q = useDebouncedValue(values.q.trim());
  const query = useMemo<UsersFilters>(
    () => ({
      ...(q ? { q } : {}),
      ...(values.role ? { role: values.role } : {}),
      ...(values.status ? { status: values.status } : {}),
    }),
    [q, values.role, values.status],
  );
  return {
    values,
    setValues,
    query,
    active: Boolean(values.q.trim() || values.role || values.status),
  };
}
