import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationOutcome } from './fhir-types';

/**
 * FHIR's side of HTTP for docs/api.md#fhir: which JSON a client asked for,
 * and refusals as OperationOutcomes. The texts are the API's Spanish ones.
 */

export const FHIR_PREFIX = '/api/fhir';

export const FHIR_JSON = 'application/fhir+json';
export const PLAIN_JSON = 'application/json';
export type FhirMediaType = typeof FHIR_JSON | typeof PLAIN_JSON;

/** Whether a request's URL is one of the FHIR API (for answers given before any route is found). */
export function isFhirUrl(url: string): boolean {
  return (
    url === FHIR_PREFIX || url.startsWith(`${FHIR_PREFIX}/`) || url.startsWith(`${FHIR_PREFIX}?`)
  );
}

/** R4's `_format` values for JSON (http.html#mime-type). */
const FORMATS: Readonly<Record<string, FhirMediaType>> = {
  json: FHIR_JSON,
  [FHIR_JSON]: FHIR_JSON,
  [PLAIN_JSON]: PLAIN_JSON,
};

interface Preference {
  type: string;
  q: number;
}

function preferences(accept: string): Preference[] {
  return accept
    .split(',')
    .map((part) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const qParam = params.find((param) => param.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type: range, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((preference) => preference.type !== '');
}

/** How much the client wants `type` (0: not at all), by the most specific range that names it. */
function quality(type: string, wanted: readonly Preference[]): number {
  const [major] = type.split('/');
  const exact = wanted.find((preference) => preference.type === type);
  if (exact) return exact.q;
  const family = wanted.find((preference) => preference.type === `${major}/*`);
  if (family) return family.q;
  return wanted.find((preference) => preference.type === '*/*')?.q ?? 0;
}

/**
 * The JSON to answer in: `_format` when given, else the Accept header (FHIR's
 * own type when both are equally welcome, or nothing is said); null when
 * the client accepts neither.
 */
export function negotiateFhirType(request: FastifyRequest): FhirMediaType | null {
  const format = (request.query as Record<string, unknown> | undefined)?._format;
  if (format !== undefined) {
    return typeof format === 'string' && Object.hasOwn(FORMATS, format.toLowerCase())
      ? FORMATS[format.toLowerCase()]!
      : null;
  }
  const header = request.headers.accept;
  const accept = Array.isArray(header) ? header.join(',') : header;
  if (!accept?.trim()) return FHIR_JSON;
  const wanted = preferences(accept);
  const fhir = quality(FHIR_JSON, wanted);
  const plain = quality(PLAIN_JSON, wanted);
  if (fhir <= 0 && plain <= 0) return null;
  return plain > fhir ? PLAIN_JSON : FHIR_JSON;
}

const chosen = new WeakMap<FastifyRequest, FhirMediaType>();

/** Remembers the request's media type, for its answer and for its refusal alike. */
export function rememberFhirType(request: FastifyRequest, type: FhirMediaType): void {
  chosen.set(request, type);
}

/** Sets the FHIR answer's content type (and that it depends on Accept). */
export function fhirReply(reply: FastifyReply, request: FastifyRequest): FastifyReply {
  return reply.type(`${chosen.get(request) ?? FHIR_JSON}; charset=utf-8`).header('vary', 'accept');
}

/** R4's issue-type code for an HTTP status (valueset-issue-type). */
function issueCode(status: number): string {
  switch (status) {
    case 400:
      return 'invalid';
    case 401:
      return 'login';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 406:
      return 'not-supported';
    case 413:
      return 'too-long';
    case 429:
      return 'throttled';
    case 503:
      return 'transient';
    default:
      return status >= 500 ? 'exception' : 'processing';
  }
}

/** A refusal as FHIR says one: the API's Spanish message as both the issue's text and its diagnostics. */
export function operationOutcome(status: number, message: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: issueCode(status),
        details: { text: message },
        diagnostics: message,
      },
    ],
  };
}
