import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** The parts of the OpenAPI document the check reads. */
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
}
interface MediaObject {
  schema?: unknown;
}
interface OperationObject {
  requestBody?: { content: Record<string, MediaObject> };
  responses: Record<string, { content?: Record<string, MediaObject> }>;
}

/** `/api/students/:id` as the document writes it. */
const documentPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
/** The answer's text, uncompressed as a browser would. */
function bodyText(response: LightMyRequestResponse): string {
  const payload = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(payload).toString('utf8');
    case 'br':
      return brotliDecompressSync(payload).toString('utf8');
    case 'deflate':
      return inflateSync(payload).toString('utf8');
    default:
      return response.body;
  }
}

/**
 * ajv's account of the errors, each once (every error is collected, so a
 * run lists all of an answer's), naming the field an object does not
 * describe: answers are closed (openapi/answers.ts).
 */
function explain(errors: ErrorObject[] | null | undefined): string {
  const lines = (errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` '${String(error.params.additionalProperty)}'`
        : '';
    return `data${error.instancePath} ${error.message ?? error.keyword}${extra}`;
  });
  return [...new Set(lines)].join(', ');
}

/** A JSON Pointer token. */
const token = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks the server's answers against its own OpenAPI document: the status
 * must be one the document names (or an error, which its `default` covers),
 * the JSON body must match that answer's schema, and a body the server
 * accepted must match the request schema the document shows. Mismatches are
 * collected, so that one run lists them all.
 */
export class ContractCheck {
  readonly mismatches: string[] = [];
  readonly checked = new Set<string>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv.addSchema(document as object, 'openapi');
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  private fail(route: string, status: number, problem: string) {
    this.mismatches.push(`${route} → ${status}: ${problem}`);
  }

  check(
    method: string,
    routeUrl: string | undefined,
    request: InjectOptions,
    response: LightMyRequestResponse,
  ) {
    if (!routeUrl || !routeUrl.startsWith('/api') || method === 'HEAD' || method === 'OPTIONS') {
      return;
    }
    const route = `${method} ${routeUrl}`;
    const status = response.statusCode;
    const path = documentPath(routeUrl);
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) return this.fail(route, status, 'the document does not name this route');
    this.checked.add(`${route} ${status}`);
    const base = `/paths/${token(path)}/${method.toLowerCase()}`;

    const key = operation.responses[String(status)]
      ? String(status)
      : status >= 400
        ? 'default'
        : null;
    if (!key) return this.fail(route, status, 'the document names no such status');
    const content = operation.responses[key]?.content ?? {};
    const type = String(response.headers['content-type'] ?? '').split(';')[0];
    if (!content[type]) {
      return this.fail(
        route,
        status,
        `answered ${type || 'nothing'}; the document says ${Object.keys(content).join(', ')}`,
      );
    }
    // JSON, and FHIR's own JSON (application/fhir+json).
    if (type === 'application/json' || type.endsWith('+json')) {
      const validate = this.validator(
        `${base}/responses/${token(key)}/content/${token(type)}/schema`,
      );
      let body: unknown;
      try {
        body = JSON.parse(bodyText(response));
      } catch {
        return this.fail(route, status, 'the answer is not JSON');
      }
      if (!validate(body)) {
        this.fail(route, status, `answer: ${explain(validate.errors)}`);
      }
    }

    const json = operation.requestBody?.content['application/json'];
    const payload = request.payload;
    const plainObject =
      typeof payload === 'object' &&
      payload !== null &&
      Object.getPrototypeOf(payload) === Object.prototype;
    if (status < 300 && json && plainObject) {
      const validate = this.validator(`${base}/requestBody/content/application~1json/schema`);
      if (!validate(payload)) {
        this.fail(
          route,
          status,
          `accepted a body the document refuses: ${explain(validate.errors)}`,
        );
      }
    }
  }
}
