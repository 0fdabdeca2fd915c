import { randomBytes } from 'node:crypto';

export interface FormPart {
  /** The form field's name. */
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

export interface MultipartRequest {
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * A multipart/form-data body as a browser's FormData sends it (RFC 7578),
 * built by hand so a test controls every byte: field names, file names,
 * declared types and sizes.
 */
export function multipartBody(parts: FormPart[]): MultipartRequest {
  const boundary = `----PsicoCampusTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = [`form-data; name="${part.name}"`];
    if (part.filename !== undefined) disposition.push(`filename="${part.filename}"`);
    let head = `--${boundary}\r\nContent-Disposition: ${disposition.join('; ')}\r\n`;
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One file in the `file` field, as the import screen sends it. */
export function fileUpload(
  content: Buffer | string,
  filename = 'estudiantes.xlsx',
  contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
): MultipartRequest {
  return multipartBody([{ name: 'file', filename, contentType, content }]);
}
