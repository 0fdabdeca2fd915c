import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { signedIn } from '../auth/authenticate';
import { psychologistOnly } from '../students/student-access';
import { insertImportedStudents } from './import.queries';
import {
  readFirstSheet,
  spreadsheetKind,
  SpreadsheetTooLargeError,
  UnreadableSpreadsheetError,
} from './spreadsheet';
import { readStudentRows } from './student-rows';
import { buildStudentTemplate, TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE } from './template';

/** PRODUCT §10: an import file holds at most 5 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

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

/** The import template and the import itself (PRODUCT §6). */
export async function importRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;
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
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
        .send(await template);
    },
  );

  // Multipart is accepted by this route alone; everywhere else it is a 415.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 5, fieldSize: 1024, parts: 10 },
    });

    upload.post(
      '/api/students/import',
      { ...psychologistOnly, config: { audit: { action: 'student.import', record: 'student' } } },
      async (request) => {
        const { user } = signedIn(request);
        const file = await receiveFile(request);
        const kind = spreadsheetKind(file);
        if (!kind) throw new HttpError(400, MSG.import.wrongType);
        const sheet = await readFirstSheet(file, kind).catch((error: unknown) => {
          if (error instanceof SpreadsheetTooLargeError) {
            request.log.info(
              { kind, excess: error.excess, inflatedBytes: error.inflatedBytes },
              'spreadsheet over the limits',
            );
            throw new HttpError(
              400,
              error.excess === 'rows' ? MSG.import.tooManyRows : MSG.import.tooMuchContent,
            );
          }
          if (!(error instanceof UnreadableSpreadsheetError)) throw error;
          request.log.info({ err: error, kind }, 'unreadable spreadsheet');
          throw new HttpError(400, MSG.import.unreadable);
        });
        const rows = readStudentRows(sheet);
        const { created, duplicates } = await insertImportedStudents(db, rows, user.id, ctx.now());
        return { ok: true, msg: MSG.import.created(created), created, duplicates };
      },
    );
  });
}
