import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CLINICAL_NOTES_PAGE_SIZE,
  clinicalNotesApi,
  useAppDispatch,
  useStudentNotesQuery,
  type Student,
  type StudentNotesPage,
  type StudentNotesRequest,
} from '@psicocampus/shared';
import { useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';
import { LINKED_NOTE_PARAM, NOTES_PAGE_PARAM } from '../../../lib/anchors';
import { listState } from '../../../lib/list-state';

/** The detail's own notes: the first page, as the server counts it. */
function firstPageOf(student: Student): StudentNotesPage {
  return {
    ok: true,
    notes: student.clinicalNotes,
    total: student.clinicalNotesTotal,
    page: 1,
    pageSize: CLINICAL_NOTES_PAGE_SIZE,
  };
}

/**
 * Whether the linked note (`?nota=`) must be looked for: it is not among
 * the detail's notes, there are more pages, and no page was chosen yet.
 */
function mustSeek(student: Student, linked: string | null, params: URLSearchParams): boolean {
  return (
    linked !== null &&
    !params.has(NOTES_PAGE_PARAM) &&
    student.clinicalNotesTotal > student.clinicalNotes.length &&
    !student.clinicalNotes.some((note) => note._id === linked)
  );
}

/**
 * Once the server said which page holds the linked note: that page goes in
 * the address in place of the link's (no new history entry) and in the
 * cache under its number, so that it is not asked for again. A note no page
 * holds (deleted since it was listed) leaves the first page and no link.
 */
function useFollowSoughtPage(studentId: string, found: StudentNotesPage | undefined) {
  const dispatch = useAppDispatch();
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (!found) return;
    if (found.page > 1) {
      const arg = { studentId, page: found.page, pageSize: found.pageSize };
      dispatch(
        clinicalNotesApi.util.upsertQueryEntries([
          { endpointName: 'studentNotes', arg, value: found },
        ]),
      );
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (found.page > 1) next.set(NOTES_PAGE_PARAM, String(found.page));
        else next.delete(LINKED_NOTE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [dispatch, found, setParams, studentId]);
}

/**
 * Moving between the pages of the notes: the page goes in the address
 * (`?notas=2`, a history entry, so the back button returns to it) and a
 * link's note is left behind, so it is not looked for again.
 */
function useNotesPageChange(): (page: number, options?: { replace: boolean }) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (page: number, options?: { replace: boolean }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_NOTE_PARAM);
        if (page <= 1) next.delete(NOTES_PAGE_PARAM);
        else next.set(NOTES_PAGE_PARAM, String(page));
        return next;
      }, options),
    [setParams],
  );
}

/**
 * After a new note is saved: the first page, where it now is, in place of
 * another page or a link (whose note the new one may have pushed off the
 * first page, which would open the next).
 */
export function useShowNewestNotes(): () => void {
  const [params] = useSearchParams();
  const setPage = useNotesPageChange();
  const elsewhere = params.has(NOTES_PAGE_PARAM) || params.has(LINKED_NOTE_PARAM);
  return useCallback(() => {
    if (elsewhere) setPage(1, { replace: true });
  }, [elsewhere, setPage]);
}

/**
 * The page of a student's notes the detail shows (docs/screens-and-routes.md#student-detail):
 * the first comes with the student; the others are read a page at a time
 * (docs/api.md#clinical-notes), the page kept in the address as `?notas=`.
 * A link to one note (`?nota=<id>`) opens the page that holds it.
 */
export function useNotesPage(student: Student) {
  const [page] = usePageParam(NOTES_PAGE_PARAM);
  const [params] = useSearchParams();
  const setPage = useNotesPageChange();
  const linked = params.get(LINKED_NOTE_PARAM);
  const seeking = mustSeek(student, linked, params);
  const request: StudentNotesRequest = seeking
    ? { studentId: student._id, around: linked!, pageSize: CLINICAL_NOTES_PAGE_SIZE }
    : { studentId: student._id, page, pageSize: CLINICAL_NOTES_PAGE_SIZE };
  const query = useStudentNotesQuery(request, { skip: !seeking && page === 1 });
  const first = useMemo(() => firstPageOf(student), [student]);
  // A link the server refuses (a malformed id) is followed like a note no page holds.
  const sought = query.isError ? first : query.currentData;
  useFollowSoughtPage(student._id, seeking ? sought : undefined);
  useLastPageWhenPast(page, setPage, seeking || page === 1 ? undefined : query.currentData);

  // While another page loads, the one on screen stays (and the focus on
  // 'Siguiente'); while the linked note is looked for, the first page shows.
  let answer: StudentNotesPage | undefined;
  if (seeking) answer = query.data ?? first;
  else answer = page === 1 ? first : query.data;
  const notes = answer?.notes ?? [];
  return {
    notes,
    page: answer,
    setPage,
    state: listState({ isError: !seeking && query.isError, data: answer }, notes.length),
    linked,
  };
}
