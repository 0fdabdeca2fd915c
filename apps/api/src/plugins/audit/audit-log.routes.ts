import type { FastifyInstance } from 'fastify';
import type { AuditChainReport } from '@psicocampus/shared/domain';
import { EVERY_AUDIT_ACTION } from '@psicocampus/shared/audit-labels';
import type { AppContext } from '../../context';
import { readPage } from '../../lib/page-params';
import { QueryReader, startOfDay } from '../../lib/query-params';
import { adminOnly, signedIn } from '../auth/authenticate';
import { verifyAuditChain } from './audit-chain';
import { countAuditEntries, listAuditEntries, type AuditLogFilters } from './audit-log.queries';
import { toAuditEntryView } from './audit-log.view';

/** The audit log's own page sizes (its OpenAPI entry states the same constants). */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;

export interface AuditQuery {
  filters: AuditLogFilters;
  page: number;
  pageSize: number;
}

/**
 * `?userId=&action=&from=&to=&page=&pageSize=`. `from` and `to` are
 * calendar days on the service's clock (`timeZone`), both included.
 */
export function parseAuditQuery(query: unknown, timeZone: string): AuditQuery {
  const reader = new QueryReader(query);
  const from = reader.day('from');
  const to = reader.day('to');
  const filters: AuditLogFilters = {
    userId: reader.uuid('userId'),
    action: reader.oneOf('action', EVERY_AUDIT_ACTION),
    from: from && startOfDay(from, timeZone),
    toExclusive: to && startOfDay(to, timeZone, 1),
  };
  if (filters.from && filters.toExclusive && filters.from >= filters.toExclusive) {
    reader.problem('to');
  }
  const { page, pageSize } = readPage(reader, AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE);
  reader.done();
  return { filters, page, pageSize };
}

/**
 * The audit log for administrators (docs/permissions.md#audit-log): read-only, newest first,
 * by page, and the check of its chain (docs/data-model.md#audit-chain). The
 * log itself refuses UPDATE, DELETE and TRUNCATE (migration 0003); this
 * plugin only reads, and its reads are logged too.
 */
export async function auditLogRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { db } = opts.ctx;

  app.get(
    '/api/audit',
    { ...adminOnly, config: { audit: { action: 'audit.read', record: null } } },
    async (request) => {
      const { filters, page, pageSize } = parseAuditQuery(
        request.query,
        opts.ctx.config.serviceTimeZone,
      );
      const { user: reader } = signedIn(request);
      const [records, total] = await Promise.all([
        listAuditEntries(db, reader, filters, { limit: pageSize, offset: (page - 1) * pageSize }),
        countAuditEntries(db, filters),
      ]);
      return { ok: true, entries: records.map(toAuditEntryView), total, page, pageSize };
    },
  );

  // One check at a time: an administrator who asks again while one runs
  // gets its answer, rather than a second pass over the whole log.
  let running: Promise<AuditChainReport> | null = null;
  app.get(
    '/api/audit/verify',
    { ...adminOnly, config: { audit: { action: 'audit.verify', record: null } } },
    async () => {
      running ??= verifyAuditChain(db).finally(() => {
        running = null;
      });
      return { ok: true, ...(await running) };
    },
  );
}
