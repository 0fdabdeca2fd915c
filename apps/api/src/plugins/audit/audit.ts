import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { MSG, type AuditAction, type AuditOutcome, type Role } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import {
  appointments,
  auditLog,
  clinicalNotes,
  students,
  suicideAssessments,
  users,
} from '../../db/schema';
import { inTransaction } from '../../db/unit-of-work';
import { HttpError, RecordedRefusal } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { storableText } from '../../lib/storable-text';

/**
 * The kind of record an entry's `recordId` names: 'user' for staff accounts
 * (sign-in events and the administrators' user calls). Lists and statistics
 * name no record.
 */
export type AuditRecordType =
  | 'student'
  | 'clinical_note'
  | 'appointment'
  | 'user'
  | 'assessment'
  /** An import: its id is stored on every student it created. */
  | 'import_batch'
  /** A queued mail (GET /api/mail, its retry). */
  | 'mail';

/** Counts and ids that say what a write did; never clinical text. */
export type AuditDetail = Record<string, string | number | boolean | null>;

/**
 * An audit row as the server writes it. Its time, place in the chain and
 * hashes are the database's to set (migration 0018): an entry cannot say them.
 */
export interface AuditEntry {
  userId: string | null;
  role: Role | null;
  action: AuditAction;
  recordType: AuditRecordType | null;
  recordId: string | null;
  clientAddress: string | null;
  outcome: AuditOutcome;
  requestId: string | null;
  detail: AuditDetail | null;
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

/** The records whose absence an audit row can tell: each by its table's id. */
const RECORD_IDS = {
  student: students.id,
  clinical_note: clinicalNotes.id,
  appointment: appointments.id,
  assessment: suicideAssessments.id,
  user: users.id,
} as const;

/**
 * Whether the record an entry names exists at all. A 404 is the same answer
 * for someone else's record and for one that is not there
 * (docs/permissions.md#psychologists); the audit row tells them apart: a
 * record deleted a moment before refused no one ('missing', not 'denied').
 * Unknown when the entry names no such record, or the lookup fails.
 */
async function recordExists(db: Database, entry: AuditEntry): Promise<boolean | null> {
  const type = entry.recordType;
  if (!type || !(type in RECORD_IDS) || entry.recordId === null) return null;
  if (!isUuid(entry.recordId)) return false;
  const id = RECORD_IDS[type as keyof typeof RECORD_IDS];
  try {
    const [row] = await db
      .select({ one: sql`1` })
      .from(id.table)
      .where(eq(id, entry.recordId))
      .limit(1);
    return row !== undefined;
  } catch {
    return null;
  }
}

/** The entry of an answer with `status`: a 404 for a record that does not exist is 'missing'. */
async function answeredEntry(
  ctx: AppContext,
  request: FastifyRequest,
  audit: AuditRouteConfig,
  status: number,
): Promise<AuditEntry> {
  const entry = entryFor(request, audit, status);
  if (status === 404 && (await recordExists(ctx.db, entry)) === false) entry.outcome = 'missing';
  return entry;
}

/** The row's columns as placeholders (`audit_userId`, …), its outcome given by the statement. */
function auditRowValues(outcome: SQL) {
  return {
    userId: sql.placeholder('audit_userId'),
    role: sql.placeholder('audit_role'),
    action: sql.placeholder('audit_action'),
    recordType: sql.placeholder('audit_recordType'),
    recordId: sql.placeholder('audit_recordId'),
    clientAddress: sql.placeholder('audit_clientAddress'),
    outcome,
    requestId: sql.placeholder('audit_requestId'),
    detail: sql.placeholder('audit_detail'),
  };
}

/** The values of `auditRowValues`' placeholders for one entry. */
export type AuditParams = Record<`audit_${keyof AuditEntry}`, unknown>;

function auditParams(entry: AuditEntry): AuditParams {
  return {
    audit_userId: entry.userId,
    audit_role: entry.role,
    audit_action: entry.action,
    audit_recordType: entry.recordType,
    // A URL's id can carry NUL: the row must still be written.
    audit_recordId:
      entry.recordId === null ? null : storableText(entry.recordId.slice(0, MAX_RECORD_ID_LENGTH)),
    audit_clientAddress: entry.clientAddress,
    audit_outcome: entry.outcome,
    audit_requestId: entry.requestId,
    // node-postgres would send a plain object as text; both drivers take JSON text for jsonb.
    audit_detail: entry.detail === null ? null : JSON.stringify(entry.detail),
  };
}

const appendAuditStatement = preparedFor((db) =>
  db
    .insert(auditLog)
    .values(auditRowValues(sql`${sql.placeholder('audit_outcome')}`))
    .prepare('audit_append'),
);

export async function appendAudit(db: Database, entry: AuditEntry): Promise<void> {
  await appendAuditStatement(db).execute(auditParams(entry));
}

/**
 * The audit row of a read, as a common table expression to put in front of
 * the read's own statement (`db.with(readAuditRow(db, outcome)).select(…)`):
 * the row and the read then cost one round trip, and PostgreSQL writes the
 * row whether or not the read finds anything, or neither when the statement
 * fails. `outcome` is SQL, so that the statement can say whether the record
 * was there ('success') or not ('denied'). Run it with `recordedRead`.
 */
export function readAuditRow(db: Database, outcome: SQL) {
  return db.$with('audit_row', {}).as(db.insert(auditLog).values(auditRowValues(outcome)).getSQL());
}

/**
 * Runs a read whose statement writes its own audit row (`readAuditRow`),
 * with that row's placeholders filled from the request. The row is then
 * not written again when the answer leaves. A statement that fails has
 * written nothing and shown nothing: the answer is the same 503 as any read
 * whose row cannot be written (fail closed).
 */
export async function recordedRead<T>(
  request: FastifyRequest,
  read: (params: AuditParams) => Promise<T>,
): Promise<T> {
  const audit = request.routeOptions.config?.audit;
  if (!audit) throw new Error(`${request.routeOptions.url}: recordedRead needs config.audit`);
  let result: T;
  try {
    // The outcome comes from the statement; 200 only fills the placeholder.
    result = await read(auditParams(entryFor(request, audit, 200)));
  } catch (error) {
    request.log.error({ err: error, audit: { action: audit.action } }, 'audited read failed');
    throw new HttpError(503, MSG.api.auditUnavailable);
  }
  request.auditWritten = true;
  return result;
}

function recordIdOf(request: FastifyRequest): string | null {
  if (request.auditRecordId) return request.auditRecordId;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = params.noteId ?? params.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function entryFor(request: FastifyRequest, audit: AuditRouteConfig, status: number): AuditEntry {
  const actor = request.auth?.user ?? request.auditActor;
  return {
    userId: actor?.id ?? null,
    role: actor?.role ?? null,
    action: request.auditAction ?? audit.action,
    recordType: audit.record,
    recordId: recordIdOf(request),
    clientAddress: request.ip ?? null,
    outcome: outcomeForStatus(status),
    requestId: request.id,
    detail: request.auditDetail,
  };
}

const READS = new Set(['GET', 'HEAD']);

const REPRESENTATION_HEADERS = [
  'content-type',
  'content-disposition',
  'content-encoding',
  'content-length',
];

/**
 * The route's handler, with its audit row made part of its work:
 * - a write runs in one transaction with its audit row: both commit, or
 *   neither (a handler that throws rolls back; a `RecordedRefusal` commits
 *   what it recorded, then is answered);
 * - a read is answered only once its audit row is written; when it cannot
 *   be, the answer is a 503 and nothing is shown (fail closed).
 * The handler must return its answer rather than send it: an answer already
 * on its way could not wait for its row.
 */
function auditedHandler(
  ctx: AppContext,
  route: RouteOptions,
  audit: AuditRouteConfig,
): RouteHandlerMethod {
  const handler = route.handler;
  const record = async (request: FastifyRequest, status: number) => {
    try {
      await appendAudit(ctx.db, await answeredEntry(ctx, request, audit, status));
    } catch (error) {
      request.log.error(
        { err: error, audit: { action: audit.action, status } },
        'audit write failed',
      );
      throw new HttpError(503, MSG.api.auditUnavailable);
    }
    request.auditWritten = true;
  };
  const answered = (reply: FastifyReply, result: unknown) => {
    if (reply.sent || result === reply) {
      throw new Error(`${route.method} ${route.url}: an audited handler must return its answer`);
    }
  };

  if ([route.method].flat().every((method) => READS.has(method))) {
    return async function readAndRecord(this: FastifyInstance, request, reply) {
      const result: unknown = await handler.call(this, request, reply);
      answered(reply, result);
      if (request.auditWritten) return result;
      try {
        await record(request, reply.statusCode);
      } catch (error) {
        // The refusal replaces the answer the handler had described (a PDF
        // attachment, an already compressed list).
        for (const header of REPRESENTATION_HEADERS) reply.removeHeader(header);
        throw error;
      }
      return result;
    };
  }
  return async function writeAndRecord(this: FastifyInstance, request, reply) {
    const outcome = await inTransaction(ctx.db, async () => {
      try {
        const result: unknown = await handler.call(this, request, reply);
        answered(reply, result);
        await record(request, reply.statusCode);
        return { result };
      } catch (error) {
        if (!(error instanceof RecordedRefusal)) throw error;
        await record(request, error.statusCode);
        return { refusal: error };
      }
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.result;
  };
}

/**
 * Every answer of a route that declares `config: { audit: { action, record } }`
 * gets one audit row, whatever its outcome (a refused read is worth
 * recording as much as a granted one). Granted reads and writes are recorded
 * by the handler itself (`auditedHandler`); what is refused before or by the
 * handler is recorded as its answer leaves. Handlers name a record the URL
 * does not carry (a new student's id) with `request.auditRecordId`, say
 * what a write did in numbers with `request.auditDetail`, and name a more
 * precise action of the shared list, once they know it, with
 * `request.auditAction` (an assignment that turns out to be a reassignment).
 */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auditRecordId', null);
  app.decorateRequest('auditActor', null);
  app.decorateRequest('auditDetail', null);
  app.decorateRequest('auditAction', null);
  app.decorateRequest('auditWritten', false);
  app.addHook('onRoute', (route) => {
    const audit = route.config?.audit;
    if (audit) route.handler = auditedHandler(ctx, route, audit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config?.audit;
    if (!audit || request.auditWritten) return payload;
    try {
      await appendAudit(ctx.db, await answeredEntry(ctx, request, audit, reply.statusCode));
    } catch (error) {
      // A refusal: nothing was shown or changed, so the answer stands; the
      // lost row is logged loudly with what is needed to reconstruct it.
      request.log.error(
        { err: error, audit: { action: audit.action, status: reply.statusCode } },
        'audit write failed',
      );
    }
    return payload;
  });
}
