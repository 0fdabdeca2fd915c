import { useCallback } from 'react';
import { useUsersQuery } from '@psicocampus/shared';
import { useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';
import { useUsersFilters, type UsersFilterValues } from './use-users-filters';

/** Accounts a page of 'Usuarios' shows. */
export const USERS_PAGE_SIZE = 20;

/**
 * 'Usuarios' one page at a time (docs/api.md#paged-lists): the accounts the
 * search and filters keep, searched on the server, USERS_PAGE_SIZE a page
 * with their total. The page is in the address (`?page=2`); a new search
 * or filter starts again from the first page.
 */
export function useUsersList() {
  const filters = useUsersFilters();
  const [page, setPage] = usePageParam();
  const { setValues } = filters;
  const setFilters = useCallback(
    (next: UsersFilterValues) => {
      setValues(next);
      // Only when it changes: each change of the address is a step of the back button.
      if (page !== 1) setPage(1);
    },
    [page, setPage, setValues],
  );
  const list = useUsersQuery({
    ...filters.query,
    ...(page > 1 ? { page } : {}),
    pageSize: USERS_PAGE_SIZE,
  });
  // While another page or search loads, the previous answer stays on screen.
  const answer = list.isError ? undefined : list.data;
  // A deactivation under a status filter can empty the last page.
  useLastPageWhenPast(page, setPage, answer);
  return { filters: { ...filters, setValues: setFilters }, list, answer, setPage };
}
