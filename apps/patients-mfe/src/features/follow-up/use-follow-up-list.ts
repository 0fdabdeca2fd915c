import { useFollowUpQuery } from '@psicocampus/shared';
import { listState } from '../../lib/list-state';
import { useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';

/** Students a page of "Seguimiento prioritario" shows. */
export const FOLLOW_UP_PAGE_SIZE = 20;

/** One page of the caller's "Seguimiento prioritario", in its order, the page kept in the address. */
export function useFollowUpList() {
  const [page, setPage] = usePageParam();
  const query = useFollowUpQuery({ page, pageSize: FOLLOW_UP_PAGE_SIZE });
  // While the next page loads, this one stays, and so does the focus on 'Siguiente'.
  const answer = query.data;
  useLastPageWhenPast(page, setPage, answer);
  return {
    answer,
    setPage,
    state: listState({ isError: query.isError, data: answer }, answer?.entries.length ?? 0),
  };
}
