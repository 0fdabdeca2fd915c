import type * as SharedApi from '@psicocampus/shared';

interface OneOffCall<T> {
  unwrap(): Promise<T>;
  reset(): void;
}

/**
 * One call of the API slice, loaded on first use: the sign-in pages render
 * without it (docs/limits-and-budgets.md#speed-and-size-budgets), and the dashboards need it next anyway. The answer
 * is not kept in the cache (a sign-in's carries the token, which belongs to
 * the session only).
 */
export async function callApiOnce<T>(
  start: (shared: typeof SharedApi) => OneOffCall<T>,
): Promise<T> {
  const call = start(await import('@psicocampus/shared'));
  return call.unwrap().finally(() => call.reset());
}
