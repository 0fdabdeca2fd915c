import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { API_ROOT } from '../paths';
import {
  restoreError,
  type PgliteMessage,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol';

/** What drizzle's PGlite driver calls on a client, and on a transaction. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThread extends PgliteQueries {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /** Calls `notice` for each NOTIFY on `channel`; resolves to the way to stop. */
  listen(channel: string, notice: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * Opens the embedded database in a thread of its own (pglite-worker.ts), so
 * that its queries run beside the server's event loop rather than on it
 * (docs/limits-and-budgets.md#embedded-database). From the sources (tests,
 * `npm run dev`) the worker is TypeScript loaded through tsx; the bundle
 * ships it as dist/pglite-worker.js.
 */
export async function openPgliteThread(data: PgliteWorkerData): Promise<PgliteThread> {
  const fromSources = __filename.endsWith('.ts');
  // A worker's own entry cannot be TypeScript, even with tsx loaded: from
  // the sources, a line of JavaScript requires it through tsx.
  const entry = fromSources
    ? `require(${JSON.stringify(path.join(API_ROOT, 'src/db/pglite-worker.ts'))});`
    : path.join(API_ROOT, 'dist/pglite-worker.js');
  const worker = new Worker(entry, {
    eval: fromSources,
    workerData: data,
    execArgv: fromSources ? ['--require', 'tsx/cjs'] : [],
  });
  const calls = new WorkerCalls(worker);
  await calls.started;
  return {
    query: (sql, params, options) => calls.query(undefined, sql, params, options),
    exec: (sql) => calls.exec(undefined, sql),
    transaction: (work) => calls.transaction(work),
    listen: (channel, notice) => calls.listen(channel, notice),
    close: () => calls.close(),
  };
}

/** The requests in flight to one worker, each answered by its number. */
class WorkerCalls {
  readonly started: Promise<void>;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private readonly notices = new Map<number, () => void>();
  private lastId = 0;
  /** Why the worker can answer no more, once it cannot. */
  private gone: Error | null = null;

  constructor(private readonly worker: Worker) {
    this.started = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: PgliteMessage) => {
        if (message.op === 'ready') {
          // From now on an idle worker keeps no process alive; one with
          // calls in flight does (see `request`), so a command that awaits
          // a query, or the opening itself, is not cut short.
          if (this.pending.size === 0) worker.unref();
          resolve();
        } else if (message.op === 'failed') {
          reject(restoreError(message.error));
          void worker.terminate();
        } else this.receive(message);
      });
      worker.on('error', (error) => {
        reject(error);
        this.stop(error);
      });
      worker.on('exit', (code) => {
        const error = new Error(`The embedded database's thread stopped (exit code ${code}).`);
        reject(error);
        this.stop(error);
      });
    });
  }

  query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Results<T>> {
    const { rowMode, parsers, paramTypes, ...rest } = options;
    if (Object.keys(rest).length > 0) {
      throw new Error(
        `Query options that cannot reach the database's thread: ${Object.keys(rest).join(', ')}`,
      );
    }
    const textTypes = Object.keys(parsers ?? {}).map(Number);
    return this.request({
      op: 'query',
      tx,
      sql,
      params,
      rowMode,
      textTypes,
      paramTypes,
    }) as Promise<Results<T>>;
  }

  exec(tx: number | undefined, sql: string): Promise<Results[]> {
    return this.request({ op: 'exec', tx, sql }) as Promise<Results[]>;
  }

  async transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx = (await this.request({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work({
        query: (sql, params, options) => this.query(tx, sql, params, options),
        exec: (sql) => this.exec(tx, sql),
      });
    } catch (error) {
      await this.request({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    // A failing COMMIT (a deferred check) fails the transaction's caller.
    await this.request({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, notice: () => void): Promise<() => Promise<void>> {
    const listener = (await this.request({ op: 'listen', channel })) as number;
    this.notices.set(listener, notice);
    return async () => {
      this.notices.delete(listener);
      if (!this.gone) await this.request({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    if (this.gone) return;
    await this.request({ op: 'close' });
    this.stop(new Error('The embedded database is closed.'));
    await this.worker.terminate();
  }

  private request(request: Request): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = (this.lastId += 1);
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  private receive(message: Exclude<PgliteMessage, { op: 'ready' | 'failed' }>): void {
    if (message.op === 'notice') {
      this.notices.get(message.listener)?.();
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) call.resolve(message.value);
    else call.reject(restoreError(message.error));
  }

  private stop(reason: Error): void {
    this.gone ??= reason;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
    this.notices.clear();
  }
}
