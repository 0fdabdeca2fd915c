import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  errorMessage,
  useAdminStudentsQuery,
  useUsersQuery,
  type AdminStudentsFilters,
  type StaffUser,
} from '@psicocampus/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface AssignmentFilterValues {
  q: string;
  /** '' for everyone, 'none' for the unassigned, or a psychologist's id. */
  psychologistId: string;
}

const NO_USERS: StaffUser[] = [];

/**
 * The students of the service with their psychologist (GET
 * /api/admin/students?q=&psychologistId=&batch=), and the psychologists to filter
 * by and to assign to (only active accounts whose owner has signed up can
 * take students).
 */
export function useStudentAssignment() {
  const [filters, setFilters] = useState<AssignmentFilterValues>({ q: '', psychologistId: '' });
  // An import's batch comes in the address (the audit log links to it), so
  // that the narrowed list can be bookmarked and the back button undoes it.
  const [searchParams, setSearchParams] = useSearchParams();
  const batch = searchParams.get('batch') ?? '';
  const clearBatch = useCallback(
    () =>
      setSearchParams((params) => {
        params.delete('batch');
        return params;
      }),
    [setSearchParams],
  );
  const q = useDebouncedValue(filters.q.trim());
  const query = useMemo<AdminStudentsFilters>(
    () => ({
      ...(q ? { q } : {}),
      ...(filters.psychologistId ? { psychologistId: filters.psychologistId } : {}),
      ...(batch ? { batch } : {}),
    }),
    [q, filters.psychologistId, batch],
  );
  const students = useAdminStudentsQuery(query);
  const psychologists = useUsersQuery({ role: 'PSYCHOLOGIST' });
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
    isLoading: students.isLoading,
    loadError: students.isError ? errorMessage(students.error, ADMIN_MSG.loadStudentsError) : null,
    retry: students.refetch,
    allPsychologists,
    activePsychologists,
  };
}
