import { useEffect, useState } from 'react';
import { useStudentSearchQuery } from '@psicocampus/shared';

/** How many matches the picker lists: enough to choose from, never a caseload. */
export const STUDENT_MATCHES = 20;
/** A pause in the typing before the server is asked: once per pause, not per key. */
const PAUSE_MS = 250;

/** `value`, once it has stopped changing for PAUSE_MS. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The caller's students that match what is typed (GET /api/students?q=,
 * docs/api.md#students), the first STUDENT_MATCHES by last name, with how
 * many match in all. `searching` while the text and the answer differ, and
 * then no match at all: the matches of an earlier text (RTK Query's `data`
 * keeps them while a new search is under way) would let Enter choose a
 * student the text typed does not name.
 */
export function useStudentSearch(text: string) {
  const typed = text.trim();
  const q = useSettled(typed);
  const search = useStudentSearchQuery({ q, pageSize: STUDENT_MATCHES });
  const answer = q === typed ? search.currentData : undefined;
  return {
    students: answer?.students ?? [],
    total: answer?.total ?? 0,
    searching: search.isFetching || q !== typed,
    failed: search.isError,
  };
}
