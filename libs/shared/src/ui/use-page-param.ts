import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageCount } from './pagination.component';

/** A page number as the address writes it: a whole number from 1; anything else is page 1. */
export function pageFromParam(raw: string | null): number {
  if (!raw || !/^\d{1,7}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The page of a paged list, kept in the address (`?page=3`), so that the
 * back button from a student's detail returns to the same page and a page
 * can be bookmarked. Page 1 leaves the address clean.
 */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get(name));
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete(name);
        else updated.set(name, String(next));
        return updated;
      }),
    [name, setParams],
  );
  return [page, setPage];
}

/**
 * Back to the last page when the one asked for is past it: the list shrank
 * (a note was signed elsewhere) or the address is an old one.
 */
export function useLastPageWhenPast(
  page: number,
  setPage: (page: number) => void,
  answer: { total: number; pageSize: number } | undefined,
): void {
  useEffect(() => {
    if (!answer) return;
    const last = pageCount(answer.total, answer.pageSize);
    if (page > last) setPage(last);
  }, [answer, page, setPage]);
}
