import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { QueryReader, startOfDay } from '../../lib/query-params';
import { adminOnly, signedIn } from '../auth/authenticate';
import { countAuditEntries, listAuditEntries, type AuditLogFilters } from './audit-log.queries';
import { toAuditEntryView } from './audit-log.view';

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;
const MAX_PAGE = 1_000_000;

export interface AuditQuery {
  filters: AuditLogFilters;
  page: number;
  pageSize: number;
}

/**
 * `?userId=&action=&from=&to=&page=&pageSize=`. `from` and `to` are
 * calendar days in the server's time zone, both included.
 */
export function parseAuditQuery(query: unknown): AuditQuery {
  const reader = new QueryReader(query);
  const from = reader.day('from');
  const to = reader.day('to');
  const filters: AuditLogFilters = {
    userId: reader.uuid('userId'),
    action: reader.oneOf('action', AUDIT_ACTIONS),
    from: from && startOfDay(from),
    toExclusive: to && startOfDay(to, 1),
  };
  if (filters.from && filters.toExclusive && filters.from >= filters.toExclusive) {
    reader.problem('to');
  }
  const page = reader.integer('page', 1, MAX_PAGE, 1);
  const pageSize = reader.integer('pageSize', 1, MAX_AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
  reader.done();
  return { filters, page, pageSize };
}

/**
 * The audit log for administrators (docs/permissions.md#audit-log): read-only, newest first,
 * by page. The log itself refuses UPDATE, DELETE and TRUNCATE (migration
 * 0003); this plugin only reads, and its reads are logged too.
 */
export async function auditLogRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { db } = opts.ctx;

  app.get(
    '/api/audit',
    { ...adminOnly, config: { audit: { action: 'audit.read', record: null } } },
    async (request) => {
      const { filters, page, pageSize } = parseAuditQuery(request.query);
      const { user: reader } = signedIn(request);
      const [records, total] = await Promise.all([
        listAuditEntries(db, reader, filters, { limit: pageSize, offset: (page - 1) * pageSize }),
        countAuditEntries(db, filters),
      ]);
      return { ok: true, entries: records.map(toAuditEntryView), total, page, pageSize };
    },
  );
}
