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
