import { LIST_MAX_PAGE, LIST_MAX_PAGE_SIZE } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { MAX_AUDIT_PAGE_SIZE } from '../../src/plugins/audit/audit-log.routes';
import { MAX_MAIL_PAGE_SIZE } from '../../src/plugins/mail/mail.routes';
import type { DemoAccountKey } from './test-server';

/**
 * Every paged call of the API (docs/api.md#paged-lists), with whom the call
 * serves and the largest page it gives: the server's refusals and the
 * OpenAPI document are both checked against this one table.
 */
export interface PagedCall {
  /** `GET /api/path` as the server registers it; the path alone, with `?page=` or `?pageSize=`, asks for a page. */
  route: string;
  /**
   * What the call needs beside the page to answer one (`studentId=:id`), for
   * a call whose other form answers something else; `:id` as in the route.
   */
  query?: string;
  as: DemoAccountKey;
  maxPageSize: number;
}

export const PAGED_CALLS: readonly PagedCall[] = [
  {
    route: 'GET /api/students',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    // `:id` is a student of the caller's caseload: the test makes one.
    route: 'GET /api/students/:id/clinical-notes',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/students/:id/history',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/students/:id/safety-plan/revisions',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/clinical-notes/pending-signature',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/follow-up',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/appointments',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/appointments/unrecorded',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/suicide-assessments',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    // A student's assessments, asked by page ('Historial de evaluaciones').
    route: 'GET /api/suicide-assessments',
    query: 'studentId=:id',
    as: 'psychologist',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/admin/students',
    as: 'admin',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  {
    route: 'GET /api/admin/students/archived',
    as: 'admin',
    maxPageSize: LIST_MAX_PAGE_SIZE,
  },
  { route: 'GET /api/users', as: 'admin', maxPageSize: LIST_MAX_PAGE_SIZE },
  { route: 'GET /api/audit', as: 'admin', maxPageSize: MAX_AUDIT_PAGE_SIZE },
  { route: 'GET /api/mail', as: 'admin', maxPageSize: MAX_MAIL_PAGE_SIZE },
];

/** What a refused `page` or `pageSize` says on its field: the bounds it broke. */
export function pagingMessage(
  field: 'page' | 'pageSize',
  maxPageSize: number = LIST_MAX_PAGE_SIZE,
): string {
  return field === 'page'
    ? SERVER_MSG.paging.page(LIST_MAX_PAGE)
    : SERVER_MSG.paging.pageSize(maxPageSize);
}
