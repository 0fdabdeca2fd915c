import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../../src/config';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-seed';
import { createServer, type RunningServer } from '../../src/server';
import { readOutbox, type OutboxMail } from './outbox';
import { createTestDatabase } from './test-database';

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export interface TestServer {
  app: FastifyInstance;
  server: RunningServer;
  config: AppConfig;
  /** Moves the server's clock forward (idle and expiry tests). */
  advanceClock(ms: number): void;
  /** Signs a demo account in and returns its token. */
  login(account: DemoAccountKey): Promise<string>;
  /** A call with a session token (or none). */
  call(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** The mails written so far, once every mail in flight has left. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** An address in 10.0.0.0/8, different on every call. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function demoAccount(key: DemoAccountKey) {
  return DEMO_ACCOUNTS.find((account) => account.key === key)!;
}

/**
 * The real server on a database of its own (see createTestDatabase), with
 * the demo data seeded unless the test says otherwise, mail written to a
 * temporary outbox, and a clock the test can move. Front ends are not
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
  let offsetMs = 0;
  const database = await createTestDatabase();
  const server = await createServer(config, database.target, {
    now: () => new Date(Date.now() + offsetMs),
  });
  await prepare?.(server.app);
  await server.app.ready();

  const call: TestServer['call'] = ({ token, ...options }) =>
    server.app.inject({
      ...options,
      headers: { ...(token ? { 'x-token': token } : {}), ...options.headers },
    });

  return {
    app: server.app,
    server,
    config,
    advanceClock(ms) {
      offsetMs += ms;
    },
    async login(key) {
      const account = demoAccount(key);
      const response = await call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
        // A fresh address each time, so tests never meet the per-address login limit.
        remoteAddress: randomAddress(),
      });
      if (response.statusCode !== 200) {
        throw new Error(
          `login of ${account.email} failed: ${response.statusCode} ${response.body}`,
        );
      }
      return response.json().token as string;
    },
    call,
    async outbox() {
      await server.app.ctx.mail.idle();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    async close() {
      await server.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
