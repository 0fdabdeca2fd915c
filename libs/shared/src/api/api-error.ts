import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { MSG } from '../domain/messages';
import type { ApiErrorBody, FieldError } from '../domain/api-types';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

type AnyQueryError = FetchBaseQueryError | SerializedError | undefined | null;

/**
 * The Spanish sentence to show for a failed call: the server's `msg` when it
 * sent one, the network sentence when the server could not be reached, and
 * the screen's own fallback otherwise (SEED §8's "server msg, else ..." rule).
 */
export function errorMessage(error: AnyQueryError, fallback: string): string {
  if (!error) return fallback;
  if ('status' in error) {
    if (isApiErrorBody(error.data)) return error.data.msg;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return MSG.common.networkError;
    }
  }
  return fallback;
}

/** The per-field problems of a 400 answer, or an empty list. */
export function fieldErrors(error: AnyQueryError): FieldError[] {
  if (error && 'status' in error && isApiErrorBody(error.data)) return error.data.errors ?? [];
  return [];
}

/** The HTTP status of a failed call, when there was one. */
export function errorStatus(error: AnyQueryError): number | undefined {
  if (error && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}
