import type { TestServer } from './test-server';

interface QueryableClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

/**
 * Everything the database hands back to the server while `work` runs, as
 * text: whatever a query read is in here, whichever module sent it.
 */
export async function whatTheServerRead(
  server: TestServer,
  work: () => Promise<unknown>,
): Promise<string> {
  const client = (server.server.database.db as unknown as { $client: QueryableClient }).$client;
  const original = client.query;
  const results: unknown[] = [];
  client.query = async function spiedQuery(this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    results.push(result);
    return result;
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return JSON.stringify(results);
}
