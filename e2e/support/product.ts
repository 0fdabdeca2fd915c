import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type WebRoots } from '../../apps/api/src/config';
import { createServer, type RunningServer } from '../../apps/api/src/server';
import { createTestDatabase } from '../../apps/api/test/helpers/test-database';

export interface RunningProduct {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  server: RunningServer;
  dataDir: string;
  close(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The whole product as `npm start` serves it (the server with the built
 * front ends on one port), on a database of its own, with the demo data.
 */
export async function startProduct(
  options: { web?: WebRoots; env?: Record<string, string>; port?: number } = {},
): Promise<RunningProduct> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-e2e-'));
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'basic',
    ...options.env,
  });
  if (options.web) config.web = options.web;
  const database = await createTestDatabase();
  const server = await createServer(config, database.target);
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    server,
    dataDir,
    async close() {
      await server.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
