import { useMemo, useState } from 'react';
import {
  errorMessage,
  MSG,
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
 * /api/admin/students?q=&psychologistId=), and the psychologists to filter
 * by and to assign to (only active accounts whose owner has signed up can
 * take students).
 */
export function useStudentAssignment() {
  const [filters, setFilters] = useState<AssignmentFilterValues>({ q: '', psychologistId: '' });
  const q = useDebouncedValue(filters.q.trim());
  const query = useMemo<AdminStudentsFilters>(
    () => ({
      ...(q ? { q } : {}),
      ...(filters.psychologistId ? { psychologistId: filters.psychologistId } : {}),
    }),
    [q, filters.psychologistId],
  );
  const students = useAdminStudentsQuery(query);
  const psychologists = useUsersQuery({ role: 'PSYCHOLOGIST' });
  const allPsychologists = psychologists.data?.users ?? NO_USERS;
  // The server refuses the others (PRODUCT §13): an account whose invitation is
  // still pending takes no students until its owner chooses a password.
  const activePsychologists = useMemo(
    () => allPsychologists.filter((user) => user.active && user.hasPassword),
    [allPsychologists],
  );

  return {
    filters,
    setFilters,
    // While a new search runs, the previous answer stays on screen.
    students: students.isError ? undefined : students.data?.students,
    total: students.data?.total ?? 0,
    isLoading: students.isLoading,
    loadError: students.isError ? errorMessage(students.error, MSG.admin.loadStudentsError) : null,
    retry: students.refetch,
    allPsychologists,
    activePsychologists,
  };
}
