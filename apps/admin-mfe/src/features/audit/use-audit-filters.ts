import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditAction, AuditFilters } from '@psicocampus/shared';
import { isLoggedAuditAction } from '@psicocampus/shared/audit-labels';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditFilterValues {
  /** '' for everyone. */
  userId: string;
  action: AuditAction | '';
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { userId: '', action: '', from: '', to: '' };

/**
 * The audit log's filters and page, kept in the address
 * (?userId=&action=&from=&to=&page=) so a view can be shared, reloaded and
 * left with the back button. Values that make no sense are ignored.
 */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();

  const { filters, page } = useMemo(() => {
    const date = (name: string) => {
      const value = params.get(name) ?? '';
      return ISO_DATE.test(value) ? value : '';
    };
    const userId = params.get('userId') ?? '';
    const action = params.get('action');
    const pageNumber = Number(params.get('page'));
    return {
      filters: {
        userId: UUID.test(userId) ? userId : '',
        action: isLoggedAuditAction(action) ? action : '',
        from: date('from'),
        to: date('to'),
      } satisfies AuditFilterValues,
      page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    };
  }, [params]);

  const navigate = useCallback(
    (next: AuditFilterValues, nextPage: number) => {
      const entries: [string, string][] = Object.entries(next).filter(([, value]) => value !== '');
      if (nextPage > 1) entries.push(['page', String(nextPage)]);
      setParams(new URLSearchParams(entries));
    },
    [setParams],
  );

  return {
    filters,
    page,
    /** New filters start again at the first page. */
    setFilters: useCallback((next: AuditFilterValues) => navigate(next, 1), [navigate]),
    setPage: useCallback((next: number) => navigate(filters, next), [filters, navigate]),
    active: Object.values(filters).some((value) => value !== ''),
  };
}

/** What the API is asked (GET /api/audit?userId=&action=&from=&to=&page=&pageSize=). */
export function auditQuery(filters: AuditFilterValues, page: number): AuditFilters {
  return {
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}
