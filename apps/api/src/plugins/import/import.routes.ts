import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { signedIn } from '../auth/authenticate';
import { psychologistOnly } from '../students/student-access';
import { createImportParser } from './import-parser';
import { insertImportedStudents } from './import.queries';
import { IMPORT_RETRY_AFTER_SECONDS, ImportSlots } from './import-slots';
import type { ImportBatches } from './import-batches';
import { buildStudentTemplate, TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE } from './template';
import { refuseBeyondEmbeddedCapacity } from '../students/embedded-capacity';

/** docs/limits-and-budgets.md#limits-and-bad-input: an import file holds at most 5 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** An import under way: its place among the imports, and the rows its file held. */
interface ImportRun {
  rows: ImportBatches | null;
  /** The file is being received or read. */
  reading: boolean;
  /** The answer has left, or the caller has gone. */
  answered: boolean;
  release: () => void;
}

/** The uploaded file of the `file` field, whole in memory (it is at most 5 MB). */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(400, MSG.import.noFile);
  let part;
  try {
    part = await request.file();
  } catch (error) {
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, MSG.import.noFile);
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new HttpError(400, MSG.import.noFile);
  }
  try {
    const file = await part.toBuffer();
    if (file.length === 0) throw new HttpError(400, MSG.import.noFile);
    return file;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, MSG.import.tooLarge);
    }
    request.log.info({ err: error }, 'upload interrupted');
    throw new HttpError(400, MSG.import.noFile);
  }
}

/** The import template and the import itself (docs/import-and-reports.md#the-template). */
export async function importRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerTemplateRoute(app);
  const gates = importGates(app);
  await registerUploadRoute(app, ctx, gates);
}

/** The spreadsheet to fill in, built once: it is the same file for everyone. */
function registerTemplateRoute(app: FastifyInstance): void {
  let template: Promise<Buffer> | null = null;

  app.get(
    '/api/students/import/template',
    { ...psychologistOnly, config: { audit: { action: 'template.download', record: null } } },
    async (_request, reply) => {
      // Built once: it is the same file for everyone.
      template ??= buildStudentTemplate().catch((error: unknown) => {
        template = null;
        throw error;
      });
      const file = await template;
      void reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`);
      return file;
    },
  );
}

/** What the upload goes through before its handler: a place among the imports, then the read file. */
interface ImportGates {
  reserve: preHandlerAsyncHookHandler;
  readFile: preHandlerAsyncHookHandler;
  runs: WeakMap<FastifyRequest, ImportRun>;
}

/** The file reader (closed with the server) and the places of the imports under way. */
function importGates(app: FastifyInstance): ImportGates {
  const parser = createImportParser({ log: app.log });
  app.addHook('onClose', () => parser.close());
  const slots = new ImportSlots();
  const runs = new WeakMap<FastifyRequest, ImportRun>();

  /**
   * Before anything is read, a place among the imports under way (one per
   * person, a few per server), held until the answer has left and the file
   * has been read, even when the caller hangs up halfway: 429 when there is
   * none.
   */
  const reserve: preHandlerAsyncHookHandler = async (request, reply) => {
    const taken = slots.take(signedIn(request).user.id);
    if (typeof taken === 'string') {
      throw new HttpError(
        429,
        taken === 'user' ? SERVER_MSG.import.alreadyRunning : SERVER_MSG.import.serverBusy,
        undefined,
        { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS) },
      );
    }
    const run: ImportRun = { rows: null, reading: false, answered: false, release: taken };
    runs.set(request, run);
    reply.raw.once('close', () => {
      run.answered = true;
      if (!run.reading) run.release();
    });
  };

  /**
   * The file is received and read here, before the handler's transaction
   * opens: a transaction held while a thread reads the file would keep a
   * database connection (PGlite's only one) from everyone else.
   */
  const readFile: preHandlerAsyncHookHandler = async (request) => {
    const run = runs.get(request)!;
    run.reading = true;
    try {
      run.rows = await parser.parse(await receiveFile(request), request.log);
    } finally {
      run.reading = false;
      if (run.answered) run.release();
    }
  };
  return { reserve, readFile, runs };
}

/** The upload itself, with the multipart it alone accepts. */
async function registerUploadRoute(
  app: FastifyInstance,
  ctx: AppContext,
  { reserve, readFile, runs }: ImportGates,
): Promise<void> {
  const { db } = ctx;
  // Multipart is accepted by this route alone; everywhere else it is a 415.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 5, fieldSize: 1024, parts: 10 },
    });

    upload.post(
      '/api/students/import',
      {
        preHandler: [psychologistOnly.preHandler, reserve, readFile],
        config: { audit: { action: 'student.import', record: 'import_batch' } },
      },
      async (request) => {
        const { user } = signedIn(request);
        const rows = runs.get(request)!.rows!;
        // Stored on every student it creates, so that the administrators can
        // list them from the audit row (GET /api/admin/students?batch=).
        const batchId = randomUUID();
        const { created, duplicates } = await insertImportedStudents(db, rows, {
          ownerId: user.id,
          now: ctx.now(),
          batchId,
        });
        await refuseBeyondEmbeddedCapacity(ctx, created);
        request.auditRecordId = batchId;
        request.auditDetail = { created, batchId };
        return { ok: true, msg: SERVER_MSG.import.created(created), created, duplicates };
      },
    );
  });
}
