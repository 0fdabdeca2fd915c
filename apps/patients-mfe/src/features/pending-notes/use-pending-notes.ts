import { usePendingSignatureNotesQuery } from '@psicocampus/shared';
import { listState } from '../../lib/list-state';
import { useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';

/** Notes a page of 'Notas pendientes de firma' shows. */
export const PENDING_NOTES_PAGE_SIZE = 20;

/** One page of the caller's notes pending signature, oldest first, the page kept in the address. */
export function usePendingNotes() {
  const [page, setPage] = usePageParam();
  const query = usePendingSignatureNotesQuery({ page, pageSize: PENDING_NOTES_PAGE_SIZE });
  // While the next page loads, this one stays, and so does the focus on 'Siguiente'.
  const answer = query.data;
  useLastPageWhenPast(page, setPage, answer);
  return {
    notes: answer?.notes ?? [],
    page: answer,
    setPage,
    state: listState({ isError: query.isError, data: answer }, answer?.notes.length ?? 0),
  };
}
