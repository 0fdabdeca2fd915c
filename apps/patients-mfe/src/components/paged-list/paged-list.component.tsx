import type { ReactNode } from 'react';
import { EmptyState, LoadingMessage, Notice, Pagination } from '@psicocampus/shared/ui';
import type { ListState } from '../../lib/list-state';

interface Props {
  state: ListState;
  loadingText: string;
  errorText: string;
  emptyText: string;
  /** The page shown, as the server answered it, with the total of every item. */
  page: { page: number; pageSize: number; total: number } | undefined;
  onPageChange: (page: number) => void;
  /** Names the pages' navigation landmark ('Páginas de las citas pasadas'). */
  label: string;
  /** The total, as the list says it ('91 notas sin firmar'). */
  totalText: (total: number) => string;
  children: ReactNode;
}

/**
 * A list that can grow, one page at a time with its total
 * (docs/api.md#paged-lists): the rows of the page, and 'Anterior' /
 * 'Página X de Y · N …' / 'Siguiente' under them.
 */
export function PagedList({
  state,
  loadingText,
  errorText,
  emptyText,
  page,
  onPageChange,
  label,
  totalText,
  children,
}: Props) {
  return (
    <>
      {state === 'loading' && <LoadingMessage text={loadingText} />}
      {state === 'error' && <Notice tone="error">{errorText}</Notice>}
      {state === 'empty' && <EmptyState text={emptyText} />}
      {state === 'ready' && children}
      {state === 'ready' && page && (
        <Pagination
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onPageChange={onPageChange}
          label={label}
          totalText={totalText(page.total)}
        />
      )}
    </>
  );
}
