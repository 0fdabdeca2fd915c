import 'fastify';
import type { AuditAction } from '@psicocampus/shared/domain';
import type { RouteSummary } from './app';
import type { AppContext } from './context';
import type { AuditActor, AuditDetail, AuditRouteConfig } from './plugins/audit/audit';
import type { AuthContext } from './plugins/auth/authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, recovery, health). */
    public?: boolean;
    /** Every answer of this route is appended to the audit log (docs/permissions.md#audit-log). */
    audit?: AuditRouteConfig;
  }

  interface FastifyInstance {
    /** The server's shared services (database, mail, clock, configuration). */
    ctx: AppContext;
    /** Every route registered, in order (HEAD twins of GET routes included). */
    routeTable: readonly RouteSummary[];
  }

  interface FastifyRequest {
    /** The signed-in user and session; null on public routes. */
    auth: AuthContext | null;
    /** The audited record when the URL does not name it (a created record, the user of a login). */
    auditRecordId: string | null;
    /** Who acted when there is no session yet (a successful login). */
    auditActor: AuditActor | null;
    /** What a write did, in counts and ids (an import's students and batch); never clinical text. */
    auditDetail: AuditDetail | null;
    /** The route's action made precise by its handler (a reassignment); one of the shared list. */
    auditAction: AuditAction | null;
    /** Whether this request's audit row is already written. */
    auditWritten: boolean;
  }
}
