/** What a list shows: waiting, its error, its empty state, or its rows. */
export type ListState = 'loading' | 'error' | 'empty' | 'ready';

/**
 * The state of a list from its query (RTK Query's flags) and how many items
 * it holds. While another page loads, the previous answer stays on screen.
 */
export function listState(query: { isError: boolean; data?: unknown }, count: number): ListState {
  if (query.isError) return 'error';
  if (query.data === undefined) return 'loading';
  return count === 0 ? 'empty' : 'ready';
}
