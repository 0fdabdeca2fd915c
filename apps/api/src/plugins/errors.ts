import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, type ApiErrorBody } from '@psicocampus/shared/domain';
import { HttpError } from '../lib/http-error';

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

/**
 * Every error leaves the server as `{ ok: false, msg }` in Spanish. Server
 * faults are logged with the request id and answered without their details:
 * no stack trace, SQL or file path ever reaches a browser (PRODUCT §10).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ApiErrorBody = { ok: false, msg: error.message };
      if (error.errors?.length) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      return reply.status(status).send({ ok: false, msg: messageForStatus(error) });
    }
    request.log.error({ err: error }, 'server error');
    const body: ApiErrorBody = { ok: false, msg: MSG.api.internal, requestId: request.id };
    return reply.status(500).send(body);
  });
}
