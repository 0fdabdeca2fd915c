import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import Piscina from 'piscina';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { HttpError } from '../../lib/http-error';
import { API_ROOT } from '../../paths';
import type { ImportParseOutcome, ImportParseTask } from './import-worker';
import type { ImportBatches } from './import-batches';

/**
 * One thread reads imports, one file at a time: a second import waits for
 * the first rather than take the CPU the other calls need (the PDFs have
 * their own pool), and the memory an import can take is that of one thread.
 */
const IMPORT_THREADS = 1;
/**
 * The thread's heap: 5,000 rows of the template take about 40 MB once read;
 * a file within every limit of spreadsheet.ts (200,000 cells), about 150 MB.
 * Past this the thread dies, the file is refused, and the server lives on.
 */
export const IMPORT_WORKER_HEAP_MB = 192;

/** Far more than any file within the limits takes (a 5,000-row file: about 1 s). */
const IMPORT_TIMEOUT_MS = 60_000;

export interface ImportParser {
  /** The file's valid rows, as insert batches; an HttpError (400 or 503) when there are none to import. */
  parse(file: Buffer, log: FastifyBaseLogger): Promise<ImportBatches>;
  close(): Promise<void>;
}

/**
 * Spreadsheets are read in a worker thread (import-worker.ts), so that
 * unzipping and validating thousands of rows never stalls the other calls
 * (docs/limits-and-budgets.md#speed-and-size-budgets). From the sources (tests, `npm run dev`) the worker is
 * TypeScript loaded through tsx; the production bundle ships it compiled as
 * dist/import-worker.js.
 */
export function createImportParser({
  log,
  heapMb = IMPORT_WORKER_HEAP_MB,
}: {
  /** Where a thread that dies between two imports is reported. */
  log: FastifyBaseLogger;
  heapMb?: number;
}): ImportParser {
  const fromSources = __filename.endsWith('.ts');
  const pool = new Piscina<ImportParseTask, ImportParseOutcome>({
    filename: fromSources
      ? path.join(API_ROOT, 'src/plugins/import/import-worker.ts')
      : path.join(API_ROOT, 'dist/import-worker.js'),
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: IMPORT_THREADS,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  // A thread that dies with no import under way is reported by the pool as
  // an 'error' event: unheard, it would end the whole server.
  pool.on('error', (error: unknown) => log.error({ err: error }, 'import worker died'));
  return {
    async parse(file, log) {
      // The bytes move to the thread instead of being copied there.
      const bytes = new Uint8Array(file.byteLength);
      bytes.set(file);
      let outcome: ImportParseOutcome;
      try {
        outcome = await pool.run(
          { file: bytes },
          {
            transferList: [bytes.buffer],
            // A thread that never answers must not hold the import's place forever.
            signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
          },
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          log.warn({ err: error }, 'import worker ran out of memory');
          throw new HttpError(400, SERVER_MSG.import.tooMuchContent);
        }
        log.error({ err: error }, 'import worker failed');
        throw new HttpError(503, SERVER_MSG.import.unavailable);
      }
      if (outcome.ok) return outcome.rows;
      if (outcome.log) log.info(outcome.log.detail, outcome.log.message);
      throw new HttpError(outcome.status, outcome.msg, outcome.errors);
    },
    close: () => pool.destroy(),
  };
}
