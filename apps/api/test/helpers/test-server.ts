import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../../src/config';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  server: RunningServer;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real server on a database of its own (see createTestDatabase), with
 * the demo data seeded unless the test says otherwise. Front ends are not
 * served unless `web` is given.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-test-'));
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    web: null,
    ...overrides,
  };
  const database = await createTestDatabase();
  const server = await createServer(config, database.target);
  await prepare?.(server.app);
  await server.app.ready();
  return {
    app: server.app,
    server,
    config,
    async close() {
      await server.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
