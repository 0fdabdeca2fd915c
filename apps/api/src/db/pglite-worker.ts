import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  carryError,
  type PgliteMessage,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol';

/**
 * The thread that owns the embedded database (docs/limits-and-budgets.md#embedded-database).
 * PGlite runs every query in WebAssembly on the thread that calls it; here,
 * that is this thread, so a long statistics query no longer holds the
 * server's event loop. It answers the server's thread (pglite-thread.ts) one
 * message per request, several at a time: PGlite itself queues them, and
 * keeps every query outside an open transaction waiting until it ends.
 */

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread.');
const port = parentPort;
const post = (message: PgliteMessage) => port.postMessage(message);

/** A transaction held open between `begin` and `end`. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
}

/** Rolls a transaction back from within PGlite's `transaction` callback. */
const ROLL_BACK = Symbol('roll back');

const keepText = (value: string) => value;

/** The database's open transactions and listeners, and the requests that use them. */
class WorkerDatabase {
  private readonly transactions = new Map<number, OpenTransaction>();
  private readonly ended = new Map<number, Promise<void>>();
  private readonly listeners = new Map<number, () => Promise<void>>();
  private lastNumber = 0;

  constructor(private readonly client: PGlite) {}

  private target(tx: number | undefined) {
    if (tx === undefined) return this.client;
    const open = this.transactions.get(tx);
    if (!open) throw new Error(`The transaction ${tx} is not open.`);
    return open.tx;
  }

  private begin(): Promise<number> {
    return new Promise<number>((begun, failed) => {
      const number = (this.lastNumber += 1);
      const whole = this.client.transaction(
        (tx) =>
          new Promise<void>((committed, rolledBack) => {
            this.transactions.set(number, {
              tx,
              end: (commit) => (commit ? committed() : rolledBack(ROLL_BACK)),
            });
            begun(number);
          }),
      );
      const result = whole.then(
        () => undefined,
        (error: unknown) => {
          if (error !== ROLL_BACK) throw error;
        },
      );
      // Read by `end`; a BEGIN that failed is answered below instead.
      result.catch(() => {});
      this.ended.set(number, result);
      // BEGIN itself failed: nothing was registered.
      whole.catch((error: unknown) => {
        if (!this.transactions.has(number)) failed(error);
      });
    });
  }

  private async end(tx: number, commit: boolean): Promise<void> {
    const open = this.transactions.get(tx);
    const result = this.ended.get(tx);
    if (!open || !result) throw new Error(`The transaction ${tx} is not open.`);
    this.transactions.delete(tx);
    this.ended.delete(tx);
    open.end(commit);
    await result;
  }

  private async listen(channel: string): Promise<number> {
    const number = (this.lastNumber += 1);
    this.listeners.set(
      number,
      await this.client.listen(channel, () => post({ op: 'notice', listener: number })),
    );
    return number;
  }

  async handle(request: PgliteRequest): Promise<unknown> {
    const { client } = this;
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepText]));
        return this.target(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers,
          paramTypes: request.paramTypes,
        });
      }
      case 'exec':
        return this.target(request.tx).exec(request.sql);
      case 'begin':
        return this.begin();
      case 'end':
        return this.end(request.tx, request.commit);
      case 'listen':
        return this.listen(request.channel);
      case 'unlisten': {
        const unlisten = this.listeners.get(request.listener);
        this.listeners.delete(request.listener);
        if (unlisten && !client.closed) await unlisten();
        return undefined;
      }
      case 'close':
        if (!client.closed) await client.close();
        return undefined;
    }
  }
}

async function start({ dataDir, migrationsFolder }: PgliteWorkerData): Promise<void> {
  const client = await PGlite.create(dataDir);
  await migrate(drizzle(client), { migrationsFolder });
  const database = new WorkerDatabase(client);
  port.on('message', (request: PgliteRequest) => {
    database.handle(request).then(
      (value) => post({ op: 'answer', id: request.id, ok: true, value }),
      (error: unknown) =>
        post({ op: 'answer', id: request.id, ok: false, error: carryError(error) }),
    );
  });
  post({ op: 'ready' });
}

start(workerData as PgliteWorkerData).catch((error: unknown) => {
  post({ op: 'failed', error: carryError(error) });
});
