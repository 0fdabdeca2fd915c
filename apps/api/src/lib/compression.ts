import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** The encodings the API answers in, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli's quality 4 compresses JSON about as well as gzip -9 in a fraction
 * of the time; 11, zlib's default, would cost more than the network saves.
 */
export const BROTLI_QUALITY = 4;

/**
 * Compresses the API's JSON answers for clients that accept it: the
 * caseload list is ~300 KB as text and ~20 KB compressed. Answers under
 * 1 KB go as they are, which also keeps the sign-in answer — the only one
 * carrying a secret, the session token — out of reach of compression
 * side channels (BREACH). PDFs and spreadsheets are compressed already.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/** The encoding to answer in, from the request's Accept-Encoding (null: as is). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const chosen = negotiate(value, [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Compresses a body once, for an answer that will be sent many times. */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, { level: 6 });
}
