import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { asksForPage, readPage, type PageParams } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';

/**
 * One page of a list of appointments (the caseload's, 'Historial', or one
 * student's): those starting at `after` or later, soonest first; those
 * starting before `before`, the latest first; or, with neither, all of
 * them, soonest first.
 */
export interface PeriodPage extends PageParams {
  after?: Date;
  before?: Date;
}

/** What asks for a student's appointments by page; without any, the whole list as before. */
const PAGE_PARAMETERS = ['after', 'before', 'page', 'pageSize'] as const;

/**
 * Whether `?studentId=` comes with a page or a period (docs/api.md#appointments).
 * Without one, the call keeps its first answer, every appointment, for the
 * clients written against it; the screens always ask by page.
 */
export function asksForPeriodPage(query: unknown): boolean {
  return asksForPage(query, PAGE_PARAMETERS);
}

/**
 * `?after=&before=&page=&pageSize=` (docs/api.md#appointments); one end at
 * most, since the order follows it. Anything else is a 400 naming the field.
 */
export function parsePeriodPage(query: unknown): PeriodPage {
  const reader = new QueryReader(query);
  const after = reader.instant('after');
  const before = reader.instant('before');
  if (after && before) reader.problem('before', SERVER_MSG.appointments.afterOrBefore);
  const page = readPage(reader);
  reader.done();
  return { ...page, after, before };
}

/** The latest first when only `before` bounds the page; soonest first otherwise. */
export function latestFirst(page: Pick<PeriodPage, 'after' | 'before'>): boolean {
  return page.before !== undefined && page.after === undefined;
}
