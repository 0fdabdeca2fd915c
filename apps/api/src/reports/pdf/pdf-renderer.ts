import { availableParallelism } from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import { API_ROOT } from '../../paths';
import type { ReportData } from './report-data';

export interface PdfRenderer {
  render(data: ReportData): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * PDFs are laid out in a small pool of worker threads, so that a ten-page
 * report never stalls the other calls (docs/limits-and-budgets.md#speed-and-size-budgets). From the sources (tests,
 * `npm run dev`) the worker is TypeScript loaded through tsx; the production
 * bundle ships it compiled as dist/pdf-worker.js.
 */
export function createPdfRenderer(): PdfRenderer {
  const fromSources = __filename.endsWith('.ts');
  const pool = new Piscina({
    filename: fromSources
      ? path.join(API_ROOT, 'src/reports/pdf/pdf-worker.ts')
      : path.join(API_ROOT, 'dist/pdf-worker.js'),
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return {
    async render(data) {
      const bytes: Uint8Array = await pool.run(data);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.destroy(),
  };
}
