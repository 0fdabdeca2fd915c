import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppConfig, loadConfig } from '../../src/config';
import type { DatabaseTarget } from '../../src/db/client';
import type { DEMO_ACCOUNTS } from '../../src/seed/demo-seed';
import type { createServer, RunningServer } from '../../src/server';
import { ContractCheck } from './contract';
import { readOutbox, type OutboxMail } from './outbox';
import { createTestDatabase } from './test-database';
import { completeSignIn } from './totp';

/** What the tests need of the server: dist/main.js exports the same three. */
export interface ServerModule {
  createServer: typeof createServer;
  loadConfig: typeof loadConfig;
  DEMO_ACCOUNTS: typeof DEMO_ACCOUNTS;
}

/** The key that seals TOTP keys in the test servers' databases (MFA_ENCRYPTION_KEY). */
export const TEST_TOTP_KEY = Buffer.alloc(32, 7).toString('base64');

/** The key the test servers seal clinical texts with, on either database (security/clinical-texts.ts). */
export const TEST_CLINICAL_KEY = Buffer.alloc(32, 11).toString('base64');

/** The bundle `npm start` runs; `npm run test:built` builds it first. */
export const BUILT_SERVER = path.resolve(__dirname, '../../dist/main.js');

/** Whether this run tests the built server (API_UNDER_TEST=dist) rather than the sources. */
export const testsBuiltServer = process.env.API_UNDER_TEST === 'dist';

/*
 * The server under test: the sources, or the bundle. The bundle is loaded in
 * a module registry of its own, so it gets its own copy of every package it
 * requires (yup above all): what the test files load themselves (the shared
 * schemas install their Spanish messages in the yup they load) cannot stand
 * in for what the bundle lacks. Jest does not transform dist/ (jest.config).
 */
function loadServerModule(): ServerModule {
  if (!testsBuiltServer) {
    /* eslint-disable @typescript-eslint/no-require-imports -- the sources only when they are under test */
    return {
      ...(require('../../src/server') as Pick<ServerModule, 'createServer'>),
      ...(require('../../src/config') as Pick<ServerModule, 'loadConfig'>),
      ...(require('../../src/seed/demo-seed') as Pick<ServerModule, 'DEMO_ACCOUNTS'>),
    };
  }
  if (!existsSync(BUILT_SERVER)) {
    throw new Error(`API_UNDER_TEST=dist, but ${BUILT_SERVER} is missing: run npm run build first`);
  }
  let built: ServerModule | undefined;
  jest.isolateModules(() => {
    built = require(BUILT_SERVER) as ServerModule;
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  return built!;
}

const underTest = loadServerModule();
/** For the tests that start and stop a server themselves on one database (a restart). */
export const serverUnderTest: ServerModule = underTest;
const DEMO = underTest.DEMO_ACCOUNTS;

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export interface TestServer {
  app: FastifyInstance;
  server: RunningServer;
  config: AppConfig;
  /** The database it runs on, for a test that reaches it as an operator would. */
  target: DatabaseTarget;
  /** Moves the server's clock forward (idle and expiry tests). */
  advanceClock(ms: number): void;
  /** What the server's clock reads now. */
  now(): Date;
  /** Signs a demo account in and returns its token. */
  login(account: DemoAccountKey): Promise<string>;
  /** A call with a session token (or none). */
  call(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /**
   * With `{ contract: true }`: every answer to `call` checked against the
   * server's own OpenAPI document, its mismatches collected.
   */
  contract: ContractCheck | null;
  /** The mails written so far, once every mail in flight has left. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** An address in 10.0.0.0/8, different on every call. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function demoAccount(key: DemoAccountKey) {
  return DEMO.find((account) => account.key === key)!;
}

/**
 * A test server's configuration: quiet, the basic demo data, no front ends,
 * files in `dataDir`, TEST_TOTP_KEY and TEST_CLINICAL_KEY, then the test's own settings.
 */
export function testServerConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...underTest.loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'basic',
      // PostgreSQL seals the second factor's keys only with a key given (security/totp-keys.ts).
      MFA_ENCRYPTION_KEY: TEST_TOTP_KEY,
      CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
    }),
    web: null,
    ...overrides,
  };
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
  options: { contract?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-test-'));
  const config = testServerConfig(dataDir, overrides);
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const database = await createTestDatabase({ migrated: true });
  const running = await underTest.createServer(config, database.target, {
    now,
  });
  await prepare?.(running.app);
  // API_CONTRACT=1 checks every suite's answers, and fails a suite's close on a mismatch.
  const contractFromEnv = process.env.API_CONTRACT === '1';
  const checksContract = options.contract || contractFromEnv;
  // The route each answer came from, by its request id (the x-request-id header).
  const routeOf = new Map<string, string | undefined>();
  if (checksContract) {
    running.app.addHook('onSend', async (request, _reply, payload) => {
      routeOf.set(request.id, request.routeOptions.url);
      return payload;
    });
  }
  await running.app.ready();

  const contract = checksContract
    ? new ContractCheck((await running.app.inject({ url: '/api/openapi.json' })).json())
    : null;

  const call: TestServer['call'] = async ({ token, ...request }) => {
    const response = await running.app.inject({
      ...request,
      headers: { ...(token ? { 'x-token': token } : {}), ...request.headers },
    });
    if (contract) {
      const id = String(response.headers['x-request-id']);
      contract.check(request.method ?? 'GET', routeOf.get(id), request, response);
      routeOf.delete(id);
    }
    return response;
  };

  return {
    app: running.app,
    server: running,
    config,
    target: database.target,
    advanceClock(ms) {
      offsetMs += ms;
    },
    now,
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
      // An account with a second factor (or required to enrol one) completes it with a code.
      return completeSignIn({ call, now }, account.email, response.json());
    },
    call,
    contract,
    async outbox() {
      await running.app.ctx.mail.idle();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    async close() {
      await running.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      if (contractFromEnv && contract?.mismatches.length) {
        throw new Error(
          `answers that differ from the OpenAPI document:\n${[...new Set(contract.mismatches)].join('\n')}`,
        );
      }
    },
  };
}
