import { useCallback } from 'react';
import { sessionActive, sessionEnded, useAppStore, type AppStore } from '@psicocampus/shared/core';

/** A failed transfer, shaped like an RTK Query error so errorMessage() reads it. */
export interface TransferError {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/** The file name of a Content-Disposition header (RFC 6266, UTF-8 form preferred). */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** How much of a download has arrived; `total` when the server said it and it can be trusted. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/**
 * The answer's body, read a piece at a time so `onProgress` can say how far
 * it is. A compressed answer's Content-Length counts the compressed bytes
 * while the reader hands out decompressed ones, and a streamed one (the FHIR
 * Bundle) has none: then only what arrived is known.
 */
async function readBody(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const length = Number(response.headers.get('content-length'));
  const declared = !response.headers.get('content-encoding') && length > 0 ? length : null;
  const parts: BlobPart[] = [];
  let received = 0;
  onProgress({ received, total: declared });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ received, total: declared !== null && received <= declared ? declared : null });
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before freeing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** As the API slice does: the session counts from when the call was sent. */
function afterCall(store: AppStore, token: string | null, status: number, sentAt: number): void {
  if (!token || store.getState().session.token !== token) return;
  if (status === 401) store.dispatch(sessionEnded({ reason: 'expired' }));
  else if (status < 400) store.dispatch(sessionActive(sentAt));
}

/**
 * Downloads a file from the API with the session's token (docs/sign-in-and-sessions.md#sessions: the
 * PDFs use the same stored token as every other call) and saves it under
 * the server's file name. `onProgress`, when given, hears how much arrived.
 */
export function useDownload(): (
  path: string,
  fallbackName: string,
  onProgress?: (progress: DownloadProgress) => void,
) => Promise<void> {
  const store = useAppStore();
  return useCallback(
    async (path, fallbackName, onProgress) => {
      const { config, session } = store.getState();
      let response: Response;
      const sentAt = Date.now();
      try {
        response = await fetch(`${config.apiBaseUrl}${path}`, {
          headers: session.token ? { 'x-token': session.token } : {},
        });
      } catch {
        throw { status: 'FETCH_ERROR' } satisfies TransferError;
      }
      afterCall(store, session.token, response.status, sentAt);
      if (!response.ok) {
        const data: unknown = await response.json().catch(() => undefined);
        throw { status: response.status, data } satisfies TransferError;
      }
      let blob: Blob;
      try {
        blob = onProgress ? await readBody(response, onProgress) : await response.blob();
      } catch {
        // The connection dropped while the body arrived (a streamed answer fails this way).
        throw { status: 'FETCH_ERROR' } satisfies TransferError;
      }
      saveBlob(blob, fileNameFrom(response.headers.get('content-disposition'), fallbackName));
    },
    [store],
  );
}

/**
 * Uploads a file as multipart/form-data, reporting progress (fetch cannot),
 * and resolves with the server's JSON answer; rejects like a failed query.
 */
export function useUpload(): <T>(
  path: string,
  field: string,
  file: File,
  onProgress: (percent: number) => void,
) => Promise<T> {
  const store = useAppStore();
  return useCallback(
    <T>(path: string, field: string, file: File, onProgress: (percent: number) => void) =>
      new Promise<T>((resolve, reject) => {
        const { config, session } = store.getState();
        const request = new XMLHttpRequest();
        request.open('POST', `${config.apiBaseUrl}${path}`);
        if (session.token) request.setRequestHeader('x-token', session.token);
        request.responseType = 'text';
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
        };
        request.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies TransferError);
        request.onload = () => {
          afterCall(store, session.token, request.status, sentAt);
          let data: unknown;
          try {
            data = JSON.parse(request.responseText);
          } catch {
            data = undefined;
          }
          if (request.status >= 200 && request.status < 300) resolve(data as T);
          else reject({ status: request.status, data } satisfies TransferError);
        };
        const form = new FormData();
        form.append(field, file, file.name);
        const sentAt = Date.now();
        request.send(form);
      }),
    [store],
  );
}
