import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  errorMessage,
  useAdminStudentsQuery,
  useStaffChoicesQuery,
  type AdminStudentsFilters,
  type StaffUser,
} from '@psicocampus/shared';
import { pageCount } from '@psicocampus/shared/ui';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface AssignmentFilterValues {
  q: string;
  /** '' for everyone, 'none' for the unassigned, or a psychologist's id. */
  psychologistId: string;
}

const NO_USERS: StaffUser[] = [];

/** Students a page of the assignment table shows. */
export const ASSIGNMENT_PAGE_SIZE = 20;

/**
 * One page of the students of the service with their psychologist (GET
 * /api/admin/students?q=&psychologistId=&batch=&page=&pageSize=) and the
 * total of every match, and the psychologists to filter by and to assign to
 * (only active accounts whose owner has signed up can take students). A new
 * search or filter starts again from the first page.
 */
export function useStudentAssignment() {
  const [filters, setFilterValues] = useState<AssignmentFilterValues>({
    q: '',
    psychologistId: '',
  });
  const [page, setPage] = useState(1);
  const setFilters = useCallback((next: AssignmentFilterValues) => {
    setFilterValues(next);
    setPage(1);
  }, []);
  // An import's batch comes in the address (the audit log links to it), so
  // that the narrowed list can be bookmarked and the back button undoes it.
  const [searchParams, setSearchParams] = useSearchParams();
  const batch = searchParams.get('batch') ?? '';
  const clearBatch = useCallback(() => {
    setPage(1);
    setSearchParams((params) => {
      params.delete('batch');
      return params;
    });
  }, [setSearchParams]);
  const q = useDebouncedValue(filters.q.trim());
  const query = useMemo<AdminStudentsFilters>(
    () => ({
      ...(q ? { q } : {}),
      ...(filters.psychologistId ? { psychologistId: filters.psychologistId } : {}),
      ...(batch ? { batch } : {}),
      page,
      pageSize: ASSIGNMENT_PAGE_SIZE,
    }),
    [q, filters.psychologistId, batch, page],
  );
  const students = useAdminStudentsQuery(query);
  // An assignment can empty the last page of a filtered list: back to the
  // last page there is, adjusted while rendering (no effect, no empty frame).
  const answer = students.data;
  if (answer && page > pageCount(answer.total, answer.pageSize)) {
    setPage(pageCount(answer.total, answer.pageSize));
  }
  // Every psychologist, to filter by and to assign to: one page, at most
  // STAFF_CHOICES_LIMIT, by name (docs/screens-and-routes.md#admin-area).
  const psychologists = useStaffChoicesQuery({ role: 'PSYCHOLOGIST' });
  const allPsychologists = psychologists.data?.users ?? NO_USERS;
  // The server refuses the others (docs/decisions.md#e-mail-changes-and-assignments): an account whose invitation is
  // still pending takes no students until its owner chooses a password.
  const activePsychologists = useMemo(
    () => allPsychologists.filter((user) => user.active && user.hasPassword),
    [allPsychologists],
  );

  return {
    filters,
    setFilters,
    /** The import whose students are shown alone, or ''. */
    batch,
    clearBatch,
    // While a new search runs, the previous answer stays on screen.
    students: students.isError ? undefined : students.data?.students,
    total: students.data?.total ?? 0,
    /** The page shown, as the server answered it. */
    page: students.isError ? undefined : students.data,
    setPage,
    isLoading: students.isLoading,
    loadError: students.isError ? errorMessage(students.error, ADMIN_MSG.loadStudentsError) : null,
    retry: students.refetch,
    allPsychologists,
    activePsychologists,
  };
}
