import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/helpers/test-database';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * A TCP relay to PostgreSQL that can hold back what the server sends on the
 * connections open now, without closing them: a middlebox that stalls.
 */
class StallingRelay {
  private readonly server: Server;
  private readonly pairs: Array<{ client: Socket; upstream: Socket; held: boolean }> = [];

  constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => {
      const upstream = new NetSocket();
      const pair = { client, upstream, held: false };
      this.pairs.push(pair);
      upstream.connect(target.port, target.host);
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => {
        if (!pair.held) client.write(chunk);
      });
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close);
      upstream.on('close', close);
      client.on('error', close);
      upstream.on('error', close);
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** From now on, nothing PostgreSQL sends on today's connections arrives. */
  stallOpenConnections(): void {
    for (const pair of this.pairs) pair.held = true;
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Resolves once `predicate` holds, checking every 20 ms (the test's own timeout bounds it). */
async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 20));
}

// Only PostgreSQL has a connection that can stall; PGlite's notices never leave the process.
(onPostgres ? describe : describe.skip)('listening to the database on PostgreSQL', () => {
  let database: TestDatabase;
  let relay: StallingRelay;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    if (database.target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const url = new URL(database.target.url);
    relay = new StallingRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(await relay.start());
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  });
  afterAll(async () => {
    await handle?.close();
    await relay?.close();
    await database?.dispose();
  });

  it('stops trusting the notices when the connection stalls without closing, and listens again', async () => {
    const states: boolean[] = [];
    let notices = 0;
    const stop = await handle.listen('prueba_latido', {
      notice: () => (notices += 1),
      state: (listening) => states.push(listening),
    });
    try {
      expect(states).toEqual([true]);
      relay.stallOpenConnections();
      // Nothing closes the connection: only its silence tells. A listener
      // that waited for an error would keep "listening" for minutes.
      await until(() => states.includes(false));
      // It opens a new connection (through the relay, not stalled), and
      // notices arrive again.
      await until(() => states.at(-1) === true);
      const sender = new pg.Client({ connectionString: (database.target as { url: string }).url });
      await sender.connect();
      try {
        await sender.query('notify prueba_latido');
        await until(() => notices > 0);
      } finally {
        await sender.end();
      }
    } finally {
      await stop();
    }
  }, 30_000);
});
