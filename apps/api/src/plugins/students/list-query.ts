import { isStorableText, MSG } from '@psicocampus/shared/domain';
import { HttpError } from '../../lib/http-error';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Longer than any two names; a longer search is not a search. */
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 1_000_000;

/** GET /api/students: the whole caseload, or one page of a search. */
export type StudentListQuery =
  { paged: false } | { paged: true; q: string | undefined; page: number; pageSize: number };

function invalid(field: string): HttpError {
  return new HttpError(400, MSG.api.invalidBody, [{ field, msg: MSG.api.invalidBody }]);
}

function positiveInteger(raw: unknown, field: string, max: number): number {
  if (typeof raw !== 'string' || !/^\d{1,7}$/.test(raw.trim())) throw invalid(field);
  const value = Number(raw.trim());
  if (value < 1 || value > max) throw invalid(field);
  return value;
}

/**
 * Reads `?q=`, `?page=` and `?pageSize=`. Without any of them the caller
 * gets the whole caseload (the list screen filters it as one types); with
 * any, one page (default size 50, at most 200). Anything else is a 400.
 */
export function parseStudentListQuery(query: unknown): StudentListQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  const { q, page, pageSize } = params;
  if (q === undefined && page === undefined && pageSize === undefined) return { paged: false };
  if (
    q !== undefined &&
    (typeof q !== 'string' || q.length > MAX_SEARCH_LENGTH || !isStorableText(q))
  ) {
    throw invalid('q');
  }
  return {
    paged: true,
    q: q?.trim() || undefined,
    page: page === undefined ? 1 : positiveInteger(page, 'page', MAX_PAGE),
    pageSize:
      pageSize === undefined
        ? DEFAULT_PAGE_SIZE
        : positiveInteger(pageSize, 'pageSize', MAX_PAGE_SIZE),
  };
}
