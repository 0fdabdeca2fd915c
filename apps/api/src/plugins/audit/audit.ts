import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction, AuditOutcome, Role } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { auditLog } from '../../db/schema';
import { storableText } from '../../lib/storable-text';

/**
 * The kind of record an entry's `recordId` names: 'user' for staff accounts
 * (sign-in events and the administrators' user calls). Lists and statistics
 * name no record.
 */
export type AuditRecordType = 'student' | 'clinical_note' | 'appointment' | 'user' | 'assessment';

export interface AuditEntry {
  at: Date;
  userId: string | null;
  role: Role | null;
  action: AuditAction;
  recordType: AuditRecordType | null;
  recordId: string | null;
  clientAddress: string | null;
  outcome: AuditOutcome;
  requestId: string | null;
}

/** What a route declares in `config.audit`. */
export interface AuditRouteConfig {
  /**
   * One of the shared list (`AUDIT_ACTIONS` of the domain), the one the
   * administrators' audit screen filters by and labels: a route can only
   * declare an action that screen knows.
   */
  action: AuditAction;
  record: AuditRecordType | null;
}

/** Who acted, when the session does not say it (a login that just succeeded). */
export interface AuditActor {
  id: string;
  role: Role;
}

/** Ids come from URLs too; a hostile one must not bloat the log. */
const MAX_RECORD_ID_LENGTH = 64;

export function outcomeForStatus(status: number): AuditOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 500) return 'error';
  if ([401, 403, 404, 429].includes(status)) return 'denied';
  return 'invalid';
}

const appendAuditStatement = preparedFor((db) =>
  db
    .insert(auditLog)
    .values({
      at: sql.placeholder('at'),
      userId: sql.placeholder('userId'),
      role: sql.placeholder('role'),
      action: sql.placeholder('action'),
      recordType: sql.placeholder('recordType'),
      recordId: sql.placeholder('recordId'),
      clientAddress: sql.placeholder('clientAddress'),
      outcome: sql.placeholder('outcome'),
      requestId: sql.placeholder('requestId'),
    })
    .prepare('audit_append'),
);

export async function appendAudit(db: Database, entry: AuditEntry): Promise<void> {
  await appendAuditStatement(db).execute({
    at: entry.at,
    userId: entry.userId,
    role: entry.role,
    action: entry.action,
    recordType: entry.recordType,
    // A URL's id can carry NUL: the row must still be written.
    recordId:
      entry.recordId === null ? null : storableText(entry.recordId.slice(0, MAX_RECORD_ID_LENGTH)),
    clientAddress: entry.clientAddress,
    outcome: entry.outcome,
    requestId: entry.requestId,
  } satisfies Record<keyof AuditEntry, unknown>);
}

function recordIdOf(request: FastifyRequest): string | null {
  if (request.auditRecordId) return request.auditRecordId;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = params.noteId ?? params.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Writes one audit row for every answer of a route that declares
 * `config: { audit: { action, record } }`, whatever its outcome (a refused
 * read is worth recording as much as a granted one). The row is written
 * before the answer leaves, so whoever sees the data has been recorded.
 * Handlers name a record the URL does not carry (a new student's id) with
 * `request.auditRecordId`.
 */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auditRecordId', null);
  app.decorateRequest('auditActor', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config?.audit;
    if (!audit) return payload;
    const actor = request.auth?.user ?? request.auditActor;
    try {
      await appendAudit(ctx.db, {
        at: ctx.now(),
        userId: actor?.id ?? null,
        role: actor?.role ?? null,
        action: audit.action,
        recordType: audit.record,
        recordId: recordIdOf(request),
        clientAddress: request.ip ?? null,
        outcome: outcomeForStatus(reply.statusCode),
        requestId: request.id,
      });
    } catch (error) {
      // The answer is already decided; a lost audit row is logged loudly
      // with everything needed to reconstruct it, never turned into a 500.
      request.log.error(
        { err: error, audit: { action: audit.action, status: reply.statusCode } },
        'audit write failed',
      );
    }
    return payload;
  });
}
