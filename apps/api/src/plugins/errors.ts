import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type ApiErrorBody } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { isDataException } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';
import { ClinicalTextUnreadableError } from '../security/clinical-texts';
import { FHIR_JSON, isFhirUrl, operationOutcome } from './fhir/fhir-http';

/** The Spanish sentence for a client error Fastify itself raised. */
function messageForStatus(error: FastifyError): string {
  switch (error.statusCode) {
    case 401:
      return MSG.api.unauthorized;
    case 403:
      return MSG.api.forbidden;
    case 404:
      return MSG.api.notFound;
    case 413:
      return MSG.api.bodyTooLarge;
    case 415:
      return MSG.api.unsupportedMediaType;
    default:
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return MSG.api.invalidJson;
      }
      return MSG.api.invalidBody;
  }
}

/** What the server answers for an error: its status, headers and Spanish body. */
export interface ErrorAnswer {
  status: number;
  headers?: Record<string, string>;
  body: ApiErrorBody;
}

/**
 * The answer to an error, logged as it deserves: server faults with the
 * request id, answered without their details. The FHIR routes give the same
 * answer as an OperationOutcome (plugins/fhir/fhir-http.ts).
 */
export function errorAnswer(error: FastifyError | HttpError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    const body: ApiErrorBody = { ok: false, msg: error.message };
    if (error.errors?.length) body.errors = error.errors;
    return { status: error.statusCode, headers: error.headers, body };
  }
  if (error instanceof ClinicalTextUnreadableError) {
    // The key or the database is the operator's to mend: never the text, but where it is.
    request.log.error({ err: error }, 'clinical text cannot be opened');
    return { status: 503, body: { ok: false, msg: SERVER_MSG.sealedText.unreadable } };
  }
  if (isDataException(error)) {
    // Logged as a warning: the request was wrong, but validation let it through.
    request.log.warn({ err: error }, 'value refused by the database');
    return { status: 400, body: { ok: false, msg: MSG.api.valueRefused } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, status }, 'client error');
    return { status, body: { ok: false, msg: messageForStatus(error) } };
  }
  request.log.error({ err: error }, 'server error');
  return { status: 500, body: { ok: false, msg: MSG.api.internal, requestId: request.id } };
}

/**
 * Every error leaves the server as `{ ok: false, msg }` in Spanish. Server
 * faults are logged with the request id and answered without their details:
 * no stack trace, SQL or file path ever reaches a browser (docs/limits-and-budgets.md#limits-and-bad-input).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request);
    if (headers) void reply.headers(headers);
    return reply.status(status).send(body);
  });
}

/**
 * Fastify answers a URL its router cannot read (a broken %-escape, an id over
 * the router's 100 characters) before any hook or error handler runs, in
 * English JSON that echoes the path. Given as the server's `frameworkErrors`
 * option, this answers it like every other refusal.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ code: error.code }, 'unreadable request');
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.header('x-request-id', request.id).status(status);
  if (isFhirUrl(request.url)) {
    void reply
      .type(`${FHIR_JSON}; charset=utf-8`)
      .send(operationOutcome(status, MSG.api.invalidUrl));
    return;
  }
  const body: ApiErrorBody = { ok: false, msg: MSG.api.invalidUrl };
  void reply.send(body);
}
