import type { FieldError } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { MSG } from '@psicocampus/shared/domain';
import { HttpError } from '../../lib/http-error';
import { yieldToServerThread } from '../../lib/thread-priority';
import {
  readFirstSheet,
  spreadsheetKind,
  SpreadsheetTooLargeError,
  UnreadableSpreadsheetError,
  UnsupportedSpreadsheetError,
} from './spreadsheet';
import { toImportBatches, type ImportBatches } from './import-batches';
import { readStudentRows } from './student-rows';

yieldToServerThread();

/** What the server thread hands over: the uploaded bytes, moved, not copied. */
export interface ImportParseTask {
  file: Uint8Array;
}

/**
 * What comes back: the validated rows as insert batches (import-batches.ts), or the answer that refuses the file
 * (its status, Spanish message and row-by-row problems), with what the log
 * should say of it. Plain data: it crosses between threads.
 */
export type ImportParseOutcome =
  | { ok: true; rows: ImportBatches }
  | {
      ok: false;
      status: number;
      msg: string;
      errors?: FieldError[];
      log?: { message: string; detail: Record<string, string | number> };
    };

function refusal(
  status: number,
  msg: string,
  log?: { message: string; detail: Record<string, string | number> },
): ImportParseOutcome {
  return { ok: false, status, msg, ...(log ? { log } : {}) };
}

/**
 * Runs in a worker thread (see import-parser.ts): unzipping, parsing and
 * validating thousands of rows is CPU and memory that would otherwise hold
 * the event loop, and every other call, for a second or more.
 */
export default async function parseImport({ file }: ImportParseTask): Promise<ImportParseOutcome> {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const kind = spreadsheetKind(bytes);
  if (!kind) return refusal(400, MSG.import.wrongType);
  try {
    const sheet = await readFirstSheet(bytes, kind);
    return { ok: true, rows: toImportBatches(readStudentRows(sheet)) };
  } catch (error) {
    if (error instanceof SpreadsheetTooLargeError) {
      return refusal(
        400,
        error.excess === 'rows' ? SERVER_MSG.import.tooManyRows : SERVER_MSG.import.tooMuchContent,
        {
          message: 'spreadsheet over the limits',
          detail: { kind, excess: error.excess, inflatedBytes: error.inflatedBytes },
        },
      );
    }
    if (error instanceof UnsupportedSpreadsheetError) {
      return refusal(
        400,
        error.kind === 'ods' ? MSG.import.odsFile : SERVER_MSG.import.encryptedFile,
        {
          message: 'unsupported spreadsheet',
          detail: { kind, reason: error.kind },
        },
      );
    }
    if (error instanceof UnreadableSpreadsheetError) {
      return refusal(400, SERVER_MSG.import.unreadable[error.part], {
        message: 'unreadable spreadsheet',
        detail: { kind, part: error.part, reason: error.message },
      });
    }
    if (error instanceof HttpError) {
      return {
        ok: false,
        status: error.statusCode,
        msg: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
    }
    throw error;
  }
}
