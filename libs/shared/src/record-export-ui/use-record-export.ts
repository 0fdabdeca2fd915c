import { useCallback, useRef, useState } from 'react';
import { errorMessage, useDownload, type DownloadProgress } from '@psicocampus/shared';
import { RECORD_EXPORT_MSG, type RecordExportFormat } from '@psicocampus/shared/record-export';
import { showError } from '@psicocampus/shared/ui';

const S = RECORD_EXPORT_MSG.screen;

/** The export under way: whose (`key`), in which format, and how far it is. */
export interface RecordExportInFlight {
  key: string;
  format: RecordExportFormat;
  progress: DownloadProgress;
}

/**
 * Downloads a whole record (docs/api.md#record-export) with the session's
 * token, one at a time, saying how far it is. A refusal shows the server's
 * Spanish sentence (the 413 says how large the record is), else `fallback`.
 * `start` resolves true once the file was handed to the browser.
 */
export function useRecordExport(fallback: string) {
  const download = useDownload();
  const [inFlight, setInFlight] = useState<RecordExportInFlight | null>(null);
  // A second click while one runs starts nothing: the state may not have re-rendered yet.
  const running = useRef(false);

  const start = useCallback(
    async (key: string, format: RecordExportFormat, path: string): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setInFlight({ key, format, progress: { received: 0, total: null } });
      try {
        await download(path, S.fallbackFileName[format], (progress) =>
          setInFlight({ key, format, progress }),
        );
        return true;
      } catch (error) {
        // The progress goes before the message, which waits for 'Aceptar'.
        setInFlight(null);
        await showError(errorMessage(error, fallback));
        return false;
      } finally {
        running.current = false;
        setInFlight(null);
      }
    },
    [download, fallback],
  );

  return { start, inFlight };
}
