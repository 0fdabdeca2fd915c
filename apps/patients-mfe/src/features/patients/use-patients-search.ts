import { useMemo, useState } from 'react';
import { searchKey, type StudentSummary } from '@psicocampus/shared';

interface Indexed {
  student: StudentSummary;
  /** 'jose perez': the full name without accents, lower case. */
  key: string;
}

/**
 * The list's search (docs/screens-and-routes.md#patients-list and docs/limits-and-budgets.md#speed-and-size-budgets): first or last name, case- and
 * accent-insensitive substring, over the whole caseload. The index is built
 * once per answer. The filter runs with the keystroke, in the same render:
 * over 5,000 students it takes well under a millisecond and the table draws
 * only the rows in view, whereas deferring it (useDeferredValue) would show
 * every result one frame late (bench:web measures it).
 */
export function usePatientsSearch(students: readonly StudentSummary[]) {
  const [query, setQuery] = useState('');

  const index = useMemo<Indexed[]>(
    () =>
      students.map((student) => ({
        student,
        key: searchKey(`${student.firstName} ${student.lastName}`).replace(/\s+/g, ' '),
      })),
    [students],
  );

  const results = useMemo(() => {
    const needle = searchKey(query.trim()).replace(/\s+/g, ' ');
    if (!needle) return students;
    return index.filter((entry) => entry.key.includes(needle)).map((entry) => entry.student);
  }, [query, index, students]);

  return {
    query,
    setQuery,
    results,
    /** Whether a search is active (the table shows a subset). */
    searching: query.trim() !== '',
  };
}
