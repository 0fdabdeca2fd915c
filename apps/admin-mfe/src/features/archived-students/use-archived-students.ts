import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useMemo, useState } from 'react';
import {
  errorMessage,
  useArchivedStudentsQuery,
  useStaffChoicesQuery,
  type StaffUser,
} from '@psicocampus/shared';
import { pageCount } from '@psicocampus/shared/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Archived students a page shows, as the assignment's pages do. */
export const ARCHIVED_PAGE_SIZE = 20;

const NO_USERS: StaffUser[] = [];

/**
 * One page of the archived students (GET /api/admin/students/archived?q=&page=&pageSize=)
 * with the total of every match, and the psychologists one may be restored
 * to: active accounts whose owner has chosen a password, as for an
 * assignment (docs/api.md#archived-students). A new search starts from page 1.
 */
export function useArchivedStudents() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  const q = useDebouncedValue(search.trim());
  const list = useArchivedStudentsQuery({
    ...(q ? { q } : {}),
    page,
    pageSize: ARCHIVED_PAGE_SIZE,
  });
  // A restore can empty the last page: back to the last page there is.
  const answer = list.data;
  if (answer && answer.total > 0 && page > pageCount(answer.total, answer.pageSize)) {
    setPage(pageCount(answer.total, answer.pageSize));
  }
  const psychologists = useStaffChoicesQuery({ role: 'PSYCHOLOGIST' });
  const all = psychologists.data?.users ?? NO_USERS;
  const activePsychologists = useMemo(
    () => all.filter((user) => user.active && user.hasPassword),
    [all],
  );
  return {
    search,
    setSearch,
    /** Whether a search narrows the list (the empty state says so). */
    searching: q !== '',
    students: list.isError ? undefined : answer?.students,
    page: list.isError ? undefined : answer,
    setPage,
    isLoading: list.isLoading,
    loadError: list.isError ? errorMessage(list.error, ADMIN_MSG.archived.loadError) : null,
    retry: list.refetch,
    activePsychologists,
  };
}
