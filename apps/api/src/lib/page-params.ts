import {
  LIST_MAX_PAGE,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  type PageInfo,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { QueryReader } from './query-params';

/** One page of a list, as the database reads it. */
export interface PageParams {
  page: number;
  pageSize: number;
  /** Rows before this page: (page - 1) × pageSize. */
  offset: number;
}

/**
 * `?page=&pageSize=` of a paged list (docs/api.md#paged-lists), the one way
 * every paged call reads them: the page from 1 (at most LIST_MAX_PAGE),
 * `defaultSize` items unless told otherwise, at most `maxSize` (the shared
 * LIST_MAX_PAGE_SIZE unless the call has its own, which its OpenAPI entry
 * states from the same constant). A refused one is a problem of the
 * reader's 400, on its field, with the bounds in its message.
 */
export function readPage(
  reader: QueryReader,
  defaultSize: number = LIST_PAGE_SIZE,
  maxSize: number = LIST_MAX_PAGE_SIZE,
): PageParams {
  const page = reader.integer('page', 1, LIST_MAX_PAGE, 1, SERVER_MSG.paging.page(LIST_MAX_PAGE));
  const pageSize = reader.integer(
    'pageSize',
    1,
    maxSize,
    defaultSize,
    SERVER_MSG.paging.pageSize(maxSize),
  );
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** What a paged answer says beside its items. */
export function pageInfo(params: PageParams, total: number): PageInfo {
  return { total, page: params.page, pageSize: params.pageSize };
}

/**
 * Whether a call that first answered a whole list is asked for a page
 * (`page` or `pageSize`, or another of `names`): such calls keep their
 * first answer for the clients written against it (docs/api.md#paged-lists).
 */
export function asksForPage(
  query: unknown,
  names: readonly string[] = ['page', 'pageSize'],
): boolean {
  if (typeof query !== 'object' || query === null) return false;
  const params = query as Record<string, unknown>;
  return names.some((name) => params[name] !== undefined && params[name] !== '');
}
