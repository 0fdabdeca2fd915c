import type { FieldError } from '@psicocampus/shared/domain';

/**
 * An answer the server means to give: a status and a Spanish message (and,
 * for a 400, the problem of each field). Thrown from handlers and rules;
 * the error handler turns it into `{ ok: false, msg, errors }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A refusal whose writes must stand: a failed sign-in attempt that the
 * brute-force limit counts. An audited write rolls back what its handler
 * wrote when the handler throws; with this one, the request's transaction
 * commits (with its audit row) and the refusal is answered afterwards.
 */
export class RecordedRefusal extends HttpError {
  static from(error: HttpError): RecordedRefusal {
    return new RecordedRefusal(error.statusCode, error.message, error.errors, error.headers);
  }
}
