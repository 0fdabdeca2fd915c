import type { ApiErrorBody, FieldError } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

/** A failed call as RTK Query reports it (`{ status, data }`), from a hook or `unwrap()`. */
function asQueryError(error: unknown): { status: unknown; data?: unknown } | null {
  return typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status: unknown; data?: unknown })
    : null;
}

/**
 * The Spanish sentence to show for a failed call: the server's `msg` when it
 * sent one, the network sentence when the server could not be reached, and
 * the screen's own fallback otherwise (the "server msg, else ..." rule of docs/rules-and-messages.md#messages).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const failed = asQueryError(error);
  if (!failed) return fallback;
  if (isApiErrorBody(failed.data)) return failed.data.msg;
  if (failed.status === 'FETCH_ERROR' || failed.status === 'TIMEOUT_ERROR') {
    return MSG.common.networkError;
  }
  return fallback;
}

/** The per-field problems of a 400 answer, or an empty list. */
export function fieldErrors(error: unknown): FieldError[] {
  const failed = asQueryError(error);
  return failed && isApiErrorBody(failed.data) ? (failed.data.errors ?? []) : [];
}

/** The HTTP status of a failed call, when there was one. */
export function errorStatus(error: unknown): number | undefined {
  const failed = asQueryError(error);
  return typeof failed?.status === 'number' ? failed.status : undefined;
}

/** The `code` of a failed call's answer (e.g. 'APPOINTMENT_OVERLAP'), when it sent one. */
export function errorCode(error: unknown): string | undefined {
  const data = asQueryError(error)?.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}
