/**
 * The messages between the server's thread and the thread that owns PGlite
 * (pglite-worker.ts, pglite-thread.ts). Everything in them survives the
 * structured clone between threads: no functions, no class instances.
 */

/** What the server's thread opens the worker with (its `workerData`). */
export interface PgliteWorkerData {
  /** A folder, or 'memory://' for a throw-away database. */
  dataDir: string;
  migrationsFolder: string;
}

export type RowMode = 'array' | 'object';

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      /** The open transaction the query belongs to; none for a query of its own. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: RowMode;
      /**
       * Type ids whose values stay as PostgreSQL's text (drizzle keeps
       * dates, timestamps and intervals as strings): the only parser the
       * server ever asks for, which cannot itself cross the threads.
       */
      textTypes: number[];
      paramTypes?: number[];
    }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  /** Opens a transaction; answers its number once BEGIN has run. */
  | { id: number; op: 'begin' }
  /** Commits or rolls back; answers once COMMIT (or ROLLBACK) has run. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Answers the listener's number; its notices then arrive as `notice` events. */
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** An error as it crosses the threads: its message and its fields (SQLSTATE `code`, `constraint`...). */
export interface CarriedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export type PgliteMessage =
  | { op: 'ready' }
  | { op: 'failed'; error: CarriedError }
  | { op: 'answer'; id: number; ok: true; value: unknown }
  | { op: 'answer'; id: number; ok: false; error: CarriedError }
  | { op: 'notice'; listener: number };

/** Carries an error across the threads, keeping what the server reads of it. */
export function carryError(error: unknown): CarriedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), fields: {} };
  }
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again, on the thread that receives it: same message, same fields. */
export function restoreError(carried: CarriedError): Error {
  const error = Object.assign(new Error(carried.message), carried.fields);
  error.name = carried.name;
  if (carried.stack) error.stack = carried.stack;
  return error;
}
