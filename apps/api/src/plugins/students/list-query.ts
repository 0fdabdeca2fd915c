import { readPage } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';

/** Longer than any two names; a longer search is not a search. */
const MAX_SEARCH_LENGTH = 100;

/** GET /api/students: the whole caseload, or one page of a search. */
export type StudentListQuery =
  { paged: false } | { paged: true; q: string | undefined; page: number; pageSize: number };

/**
 * Reads `?q=`, `?page=` and `?pageSize=`. Without any of them the caller
 * gets the whole caseload (the list screen filters it as one types); with
 * any, one page, read as every paged list reads it (docs/api.md#paged-lists).
 * Anything else is one 400 naming each wrong parameter.
 */
export function parseStudentListQuery(query: unknown): StudentListQuery {
  const { q, page, pageSize } = (query ?? {}) as Record<string, unknown>;
  if (q === undefined && page === undefined && pageSize === undefined) return { paged: false };
  const reader = new QueryReader(query);
  const search = reader.text('q', MAX_SEARCH_LENGTH);
  const read = readPage(reader);
  reader.done();
  return { paged: true, q: search, page: read.page, pageSize: read.pageSize };
}
